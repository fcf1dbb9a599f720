// Fuzz: thousands of random addresses through the router's path rules and the 404 redirect's restore, with the real site's paths.
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import path from 'node:path';
import { compileContent } from '../../../manifest/compile.ts';
import { ContentBuildError } from '../../../manifest/errors.ts';
import { buildPathIndex, candidatePaths, decodePath, pathIndexOf, resolvePath, type PathIndex } from '../../../src/shared/paths.ts';
import { sectionOf } from '../../../src/shared/schemas/site-data.ts';
import { REDIRECT_PARAM, restoredUrl } from '../../../src/shared/spa-redirect.ts';
import type { PageRecord } from '../../../src/shared/schemas/page-record.ts';
import { FIXTURE_SITE } from '../../support/fixture-site.ts';

const ORIGIN = 'http://docs.test';
let pages: PageRecord[];
let index: PathIndex;

beforeAll(async () => {
  // The real content's paths; the fixture site's while the real content does not build.
  try {
    pages = (await compileContent({ contentDir: path.resolve(import.meta.dirname, '../../../content') })).manifest.pages;
  } catch (e) {
    if (!(e instanceof ContentBuildError)) throw e;
    console.warn(`content/ does not build (${e.errors.length} errors); fuzzing the router with the fixture site's paths`);
    pages = (await compileContent({ contentDir: FIXTURE_SITE })).manifest.pages;
  }
  index = buildPathIndex(pages);
}, 60_000);

/** Pieces addresses are made of: real segments, dots, encodings (valid and not), slashes, unicode, junk. */
function segment(): fc.Arbitrary<string> {
  const real = [...new Set(pages.flatMap((p) => p.path.split('/')).filter(Boolean))];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...real) },
    fc.constantFrom(
      '.',
      '..',
      '',
      '%2e',
      '%2E%2E',
      '%2F',
      '%5C',
      '%',
      '%zz',
      '%E0%A4%A',
      '%00',
      '%0A',
      '%20',
      '\\',
      'index.html',
      'README.md',
      'x.html',
      '.html',
      '@evil.example',
      'evil.example',
      'javascript:alert(1)',
      'http:',
      '?',
      '#',
      ';',
      '%3F',
      '%23',
    ),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
    fc.string({ unit: 'binary', maxLength: 4 }),
    fc.stringMatching(/^[a-z0-9-]{1,10}$/),
  );
}

/** A pathname: slash-joined segments, often starting from a real page path, sometimes very long. */
function pathname(): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom(...pages.map((p) => p.path)), fc.array(segment(), { maxLength: 3 }), fc.constantFrom('', '/', '.html', 'index.html', '/index.html', '//'))
        .map(([p, more, end]) => p + more.join('/') + end),
    },
    { weight: 3, arbitrary: fc.tuple(fc.array(segment(), { maxLength: 6 }), fc.constantFrom('', '/', '.html', '//')).map(([s, end]) => `/${s.join('/')}${end}`) },
    fc.constantFrom(...[...index.redirects.keys()]),
    fc.constantFrom('//evil.example/x', '/\\evil.example/x', '/%2F%2Fevil.example', '///', '/./', '/../', '/..%2F..%2Fetc/passwd'),
    fc.integer({ min: 500, max: 5000 }).map((n) => `/${'a/'.repeat(n / 2)}`),
    fc.string({ unit: 'binary', maxLength: 30 }).map((s) => `/${s}`),
  );
}

const query = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 12 }).map((s) => `?${s}`),
  fc.constantFrom('?a=1&b=2', '?__spa=//evil.example', '?q=%E0%A4%A', '??', '?x#y'),
);
const hash = fc.oneof(
  fc.constant(''),
  fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => `#${s}`),
  fc.constantFrom('#', '#%', '#top', '##', '#//evil.example'),
);

describe('resolvePath on random addresses', () => {
  it('never throws; a page is the address itself, a redirect goes to a canonical page path', () => {
    fc.assert(
      fc.property(pathname(), (p) => {
        const r = resolvePath(p, index);
        if (r.kind === 'page') {
          expect(index.pages.has(r.path)).toBe(true);
          expect(r.path).toBe(decodePath(p));
        } else if (r.kind === 'redirect') {
          expect(index.pages.has(r.to), `${p} -> ${r.to}`).toBe(true);
          expect(r.to.startsWith('/') && !r.to.startsWith('//')).toBe(true);
          // One hop: the target is a page, not another redirect.
          expect(resolvePath(r.to, index)).toEqual({ kind: 'page', path: r.to });
        } else expect(r).toEqual({ kind: 'not-found' });
      }),
      { numRuns: 3000 },
    );
  });

  it('resolves the same with only the route files of the sections the address needs as with every path', () => {
    const redirects = Object.fromEntries(index.redirects);
    const bySection = new Map<string, string[]>();
    for (const p of pages) bySection.set(sectionOf(p.path), [...(bySection.get(sectionOf(p.path)) ?? []), p.path]);
    fc.assert(
      fc.property(pathname(), (p) => {
        const sections = new Set(candidatePaths(p).map(sectionOf));
        const partial = pathIndexOf(
          [...sections].flatMap((s) => bySection.get(s) ?? []),
          redirects,
        );
        expect(resolvePath(p, partial), p).toEqual(resolvePath(p, index));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('restoredUrl on random saved addresses', () => {
  it('never throws and never leaves the origin', () => {
    const saved = fc.oneof(
      fc.tuple(pathname(), query, hash).map(([p, q, h]) => p + q + h),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom(
        'https://evil.example/',
        '//evil.example',
        '\\\\evil.example',
        '/\\evil.example',
        'javascript:alert(1)',
        '@evil.example',
        ':@evil.example',
        'http:evil.example',
        '\t//evil.example',
        '/\t/evil.example',
      ),
    );
    const raw = fc.boolean();
    const inFragment = fc.boolean();
    fc.assert(
      fc.property(saved, raw, inFragment, (s, unencoded, fragment) => {
        // 404.html encodes the address into the fragment; a hand-made link may not encode it, or use the query.
        const current = `${ORIGIN}/${fragment ? '#' : '?'}${REDIRECT_PARAM}=${unencoded ? s : encodeURIComponent(s)}`;
        let parsable = true;
        try {
          new URL(current);
        } catch {
          parsable = false;
        }
        if (!parsable) return;
        const r = restoredUrl(current);
        if (r !== null) expect(new URL(r).origin, `${JSON.stringify(s)} -> ${r}`).toBe(ORIGIN);
      }),
      { numRuns: 3000 },
    );
  });

  it('puts back exactly the address 404.html saved (path, query and hash kept)', () => {
    fc.assert(
      fc.property(pathname(), query, hash, (p, q, h) => {
        let address: URL;
        try {
          address = new URL(ORIGIN + p + q + h);
        } catch {
          return;
        }
        if (address.origin !== ORIGIN) return;
        // What 404.html sends: encodeURIComponent(location.pathname + location.search + location.hash).
        const current = `${ORIGIN}/#${REDIRECT_PARAM}=${encodeURIComponent(address.pathname + address.search + address.hash)}`;
        // (location drops a bare trailing ? or #, so the comparison is on what location reports.)
        const back = new URL(restoredUrl(current)!);
        expect(back.origin).toBe(ORIGIN);
        expect(back.pathname + back.search + back.hash).toBe(address.pathname + address.search + address.hash);
      }),
      { numRuns: 2000 },
    );
  });
});
