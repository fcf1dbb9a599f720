// Property: random Markdown and front matter either compile or fail with content errors (file, line, message, fix), never a crash.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileContent } from '../../../manifest/compile.ts';
import { ContentBuildError, formatContentError, type ContentError } from '../../../manifest/errors.ts';
import { LAYOUT_NAMES } from '../../../src/shared/schemas/front-matter.ts';
import { FIXTURE_SITE } from '../../support/fixture-site.ts';

/** Files the random pages are written to: new ones, and some that replace fixture pages. */
const PAGE_FILES = ['rand/index.md', 'rand/a.md', 'rand/deep/b.md', 'README.md', 'guides/ivr/index.md', 'releases/202001.md', '_partial.md', 'public/x.md'];
const KNOWN_PATHS = ['/', '/guides/', '/guides/ivr/', '/guides/cli/', '/cli/', '/api/', '/releases/201912.html', '/images/flow.svg', '/rand/', '/rand/a.html'];

const word = fc.stringMatching(/^[a-zA-Z0-9_-]{1,8}$/);
/** Text biased towards what breaks one-line error output: line breaks and stack-like words. */
const tricky = fc.string({ unit: fc.constantFrom('\n', '\r', '\t', ' ', '\u2028', 'a', '"', '\\', 'at ', '    at f (x.js:1:1)', 'é'), maxLength: 6 });
const anyText = fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'grapheme', maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 10 }), tricky, word);

/** Paths and URLs, well formed or not: encodings, dots, double slashes, backslashes, anchors, queries. */
const url = fc.oneof(
  fc.constantFrom(...KNOWN_PATHS),
  fc.constantFrom(
    '#set-the-listening-timeout',
    '/guides/ivr/#dial-a-number',
    '/guides/ivr/#nope',
    '#%E0%A4%A',
    '/guides/#%',
    '/%',
    '/%E0%A4%A/',
    '/\\[',
    '/\\\\evil.example',
    '//evil.example',
    'http://[',
    'https://example.com/a',
    'javascript:alert(1)',
    'data:text/html,x',
    'mailto:a@b.c',
    '../guides/',
    './ivr/',
    'guides/cli/index.md',
    '/guides/index.md',
    '/../../etc/passwd',
    '?q=1',
    '',
    '#',
    '/guides/ivr/index.html',
    '/guides/ivr',
    '/api/overview.html',
    '/%2e%2e/',
    '/ü/ñ/',
    '/images/missing.png',
  ),
  fc
    .tuple(fc.array(fc.oneof(word, fc.constantFrom('..', '.', '', '%', '%20', '%0A%20%20at%20f', '%zz', 'ü', '\\', 'index.html', 'x.md')), { maxLength: 4 }), fc.option(word), fc.option(word))
    .map(([segs, q, h]) => `/${segs.join('/')}${q ? `?${q}` : ''}${h ? `#${h}` : ''}`),
);

/** A YAML scalar, valid or not for the field it lands in. */
const scalar = fc.oneof(
  anyText.map((s) => JSON.stringify(s)),
  word,
  fc.integer({ min: -5, max: 5 }).map(String),
  fc.constantFrom('true', 'false', 'null', '~', '[]', '{}', '1e3', '.nan', '0x10', '"unclosed', "'x", '*nope', '&a x', '!!binary AAAA', '!!js/function f', '|', '>-'),
  url.map((u) => JSON.stringify(u)),
);

/** One front-matter entry: a known field with a random value, a junk key, or broken YAML. */
const fmLine = fc.oneof(
  fc.tuple(fc.constantFrom('title', 'description', 'heroText', 'tagline', 'actionText', 'footer', 'heroAlt'), scalar).map(([k, v]) => `${k}: ${v}`),
  fc
    .tuple(
      fc.constantFrom('permalink', 'prev', 'next', 'actionLink', 'heroImage'),
      fc.oneof(
        url.map((u) => JSON.stringify(u)),
        scalar,
      ),
    )
    .map(([k, v]) => `${k}: ${v}`),
  fc.oneof(fc.constantFrom(...LAYOUT_NAMES), scalar).map((v) => `layout: ${v}`),
  fc.oneof(fc.integer({ min: -1, max: 4 }).map(String), scalar).map((v) => `sidebarDepth: ${v}`),
  fc.oneof(fc.constant('top'), scalar).map((v) => `readingShow: ${v}`),
  fc.tuple(fc.constantFrom('home', 'jquery'), fc.oneof(fc.constantFrom('true', 'false'), scalar)).map(([k, v]) => `${k}: ${v}`),
  fc.array(url, { maxLength: 3 }).map((a) => `aliases: [${a.map((u) => JSON.stringify(u)).join(', ')}]`),
  fc
    .tuple(fc.constantFrom('features', 'choices'), fc.array(fc.tuple(anyText, anyText, url), { maxLength: 2 }))
    .map(
      ([k, items]) =>
        `${k}:\n${items.map(([t, d, l]) => `  - title: ${JSON.stringify(t)}\n    ${k === 'features' ? 'details' : 'description'}: ${JSON.stringify(d)}\n    link: ${JSON.stringify(l)}`).join('\n') || '  -'}`,
    ),
  fc.tuple(word, scalar).map(([k, v]) => `${k}: ${v}`),
  anyText.map((k) => `${JSON.stringify(k)}: 1`),
  fc.constantFrom(
    'title: a\ntitle: b',
    ': :',
    '\ttitle: tab',
    '- - -',
    'a: &a [*a]',
    'x: *undefined',
    '? [complex]\n: key',
    '<<: *m',
    'a: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]',
    '{',
    'title: [unclosed',
    '%YAML 1.2\n---',
    '...',
    '---',
    'title: |\n  multi\n  line',
    '__proto__: {title: x}',
    'constructor: 1',
  ),
  anyText,
);

/** One Markdown block. */
const mdBlock = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 6 }), anyText).map(([n, t]) => `${'#'.repeat(n)} ${t}`),
  fc.tuple(anyText, url).map(([t, u]) => `[${t}](${u})`),
  fc.tuple(anyText, url).map(([t, u]) => `[${t}](<${u}>)`),
  fc.tuple(word, url).map(([r, u]) => `[${r}]: ${u}\n\n[use][${r}]`),
  fc.tuple(anyText, url).map(([t, u]) => `![${t}](${u})`),
  fc.constantFrom('![](/images/flow.svg)', '![Flow](/images/flow.svg)', '![x](https://example.com/a.png)'),
  fc.tuple(fc.constantFrom('', 'js', 'yaml vars', 'text vars', '{}'), anyText, fc.boolean()).map(([info, t, closed]) => `\`\`\`${info}\n${t}\n{{ vars.product }}\n${closed ? '```' : ''}`),
  fc.tuple(fc.constantFrom('tip', 'warning', 'danger', 'details', 'TIP', 'nope'), anyText, fc.boolean()).map(([k, t, closed]) => `::: ${k} ${t}\n${t}\n${closed ? ':::' : ''}`),
  fc.constantFrom(':::', '> [!TIP] Title\n> text', '> [!DETAILS]', '<!-- openapi: Things -->', '<!-- openapi: -->'),
  fc.oneof(fc.constantFrom('product', 'fuzzyThreshold', 'nope', '__proto__', 'constructor'), word).map((n) => `Value {{ vars.${n} }} and {{ACCOUNT_ID}}.`),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '<div style="position:fixed">x</div>',
    '<details><summary>s</summary>b</details>',
    '<img src=x onerror=alert(1)>',
    '<jquery-sandbox></jquery-sandbox>',
    '<a href="javascript:alert(1)">x</a>',
    '<table><tr><td>1</td></tr></table>',
    '</div>',
    '<!--',
    '<![CDATA[x]]>',
  ),
  fc.constantFrom('| a | b |\n|---|---|\n| 1 | 2 |', '- a\n  - b\n- [ ] task', '1. one\n2. two', '***', '\\', '\u0000', '\uFEFF', '\u202E', '\r\n\r'),
  anyText,
);

/** A random page file: optional (possibly broken) front matter, a body, and maybe bytes that are not UTF-8. */
const pageFile = fc.record({
  fence: fc.constantFrom('closed', 'none', 'unclosed', 'dots'),
  fm: fc.array(fmLine, { maxLength: 5 }),
  body: fc.array(mdBlock, { maxLength: 8 }),
  bytes: fc.option(fc.uint8Array({ minLength: 1, maxLength: 12 }), { freq: 5 }),
});
type PageFile = typeof pageFile extends fc.Arbitrary<infer T> ? T : never;

function fileBytes(p: PageFile): Buffer {
  const fm = p.fm.join('\n');
  const head = p.fence === 'closed' ? `---\n${fm}\n---\n` : p.fence === 'dots' ? `---\n${fm}\n...\n` : p.fence === 'unclosed' ? `---\n${fm}\n` : '';
  const text = Buffer.from(head + p.body.join('\n\n'), 'utf8');
  return p.bytes ? Buffer.concat([text, Buffer.from(p.bytes)]) : text;
}

/** A page that should build: closed front matter with a title, and blocks that are all valid. */
const word3 = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const tamePage: fc.Arbitrary<PageFile> = fc.record({
  fence: fc.constant('closed'),
  fm: fc
    .tuple(word3, fc.option(fc.constantFrom('sidebarDepth: 2', 'readingShow: top', 'layout: default', 'jquery: true')))
    .map(([t, extra]) => [`title: ${JSON.stringify(t)}`, ...(extra ? [extra] : [])]),
  body: fc.array(
    fc.oneof(
      word3.map((t) => `## ${t}`),
      word3,
      fc.constantFrom('/guides/', '/guides/ivr/#dial-a-number', '/cli/', 'https://example.com/').map((u) => `[a link](${u})`),
      fc.constant('![A call flow](/images/flow.svg)'),
      word3.map((t) => `::: tip ${t}\n${t}\n:::`),
      word3.map((t) => `\`\`\`yaml vars\nname: {{ vars.product }} ${t}\n\`\`\``),
      fc.constant('<details><summary>More</summary>\n\nText\n\n</details>'),
    ),
    { maxLength: 6 },
  ),
  bytes: fc.constant(null),
});
const TAME_FILES = ['rand/index.md', 'rand/a.md', 'rand/deep/b.md', 'releases/202001.md', '_partial.md', 'public/x.md'];

// Half the sites are random junk, half should build: both outcomes are exercised on every run.
const site = fc.oneof(
  fc.array(fc.tuple(fc.constantFrom(...PAGE_FILES), pageFile), { minLength: 1, maxLength: 3 }),
  fc.array(fc.tuple(fc.constantFrom(...TAME_FILES), tamePage), { minLength: 1, maxLength: 3 }),
);

/** Compiles a fixture site with the random pages laid over it; returns the content errors, [] on success. Anything else is thrown. */
async function compileRandom(pages: ReadonlyArray<readonly [string, PageFile]>): Promise<ContentError[]> {
  const root = mkdtempSync(path.join(tmpdir(), 'prop-site-'));
  try {
    const contentDir = path.join(root, 'content');
    cpSync(FIXTURE_SITE, contentDir, { recursive: true });
    for (const [file, p] of pages) {
      mkdirSync(path.dirname(path.join(contentDir, file)), { recursive: true });
      writeFileSync(path.join(contentDir, file), fileBytes(p));
    }
    try {
      await compileContent({ contentDir, rootDir: root });
      return [];
    } catch (e) {
      if (e instanceof ContentBuildError) return e.errors;
      throw e;
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function expectWellFormed(e: ContentError): void {
  expect(typeof e.file).toBe('string');
  expect(e.file).toMatch(/^content\//);
  expect(Number.isInteger(e.line) && e.line >= 0, `line ${e.line}`).toBe(true);
  expect(e.message.trim()).not.toBe('');
  expect(e.fix.trim()).not.toBe('');
}

describe('the compiler on random content', () => {
  it('builds or reports content errors, never crashes', { timeout: 120_000 }, async () => {
    let failed = 0;
    await fc.assert(
      fc.asyncProperty(site, async (pages) => {
        const errors = await compileRandom(pages);
        if (errors.length) failed++;
        errors.forEach(expectWellFormed);
      }),
      { numRuns: 80 },
    );
    // The generator must exercise both outcomes, or the property says little.
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(72);
  });

  it('formats every error on one line, with no stack trace', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(site, async (pages) => {
        for (const e of await compileRandom(pages)) {
          const text = formatContentError(e);
          expect(text).not.toMatch(/\n\s*at\s/);
          expect(text).not.toMatch(/[\r\n]/);
          expect(text).toContain(' Fix: ');
        }
      }),
      { numRuns: 30 },
    );
  });
});
