// What the compiler publishes beside the app: Markdown per page, llms.txt, llms-full.txt, robots.txt,
// and with an origin the sitemap and the feeds; without one, a warning and no sitemap or feeds.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileContent } from '../../../manifest/compile.ts';
import { postDate } from '../../../manifest/feeds.ts';
import { llmsFull, llmsSections, llmsTxt } from '../../../manifest/llms.ts';
import { escapeXml, isoDate } from '../../../manifest/xml.ts';
import { formatContentError } from '../../../manifest/errors.ts';
import { markdownPathOf } from '../../../src/shared/site-urls.ts';
import type { PageRecord } from '../../../src/shared/schemas/page-record.ts';
import { FIXTURE_SITE } from '../../support/fixture-site.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ORIGIN = 'https://docs.fixture.example';

/** A copy of the fixture site whose site.yml is changed by `edit`. */
function fixtureWith(edit: (siteYml: string) => string): { root: string; contentDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'publishing-'));
  const contentDir = path.join(root, 'content');
  cpSync(FIXTURE_SITE, contentDir, { recursive: true });
  const yml = path.join(contentDir, '_config/site.yml');
  writeFileSync(yml, edit(readFileSync(yml, 'utf8')));
  return { root, contentDir };
}

const withoutOrigin = (yml: string) => yml.replace(/^origin: .*\n/m, '');

describe('published files of the fixture site', async () => {
  const r = await compileContent({ contentDir: FIXTURE_SITE });
  const file = (p: string) => r.files.get(p) ?? '';

  it('serves every page as Markdown beside it: title, summary, address, then the page', () => {
    for (const p of r.pages) expect(r.files.has(markdownPathOf(p.record.path).slice(1)), p.record.path).toBe(true);
    const ivr = file('guides/ivr/index.md');
    expect(ivr.startsWith(`# IVR testing\n\nWeb page: ${ORIGIN}/guides/ivr/\n\nLast updated: `)).toBe(true);
    expect(ivr).toContain('threshold of 0.8');
    // The home page's features and an overview's choices are in front matter, so they are written out.
    expect(file('index.md')).toContain('> A fixture home page.');
    expect(file('index.md')).toContain('- [Guides](/guides/): Platform guides.');
    expect(file('training/overview/index.md')).toContain('- [IVR](/training/ivr/overview/): Courses for phone systems.');
    expect(file('releases/201912.md').startsWith('# December 2019 release notes\n')).toBe(true);
    expect(r.warnings).toEqual([]);
  });

  it('lists every canonical page in the sitemap with its last change, and names it in robots.txt', () => {
    const locs = [...file('sitemap.xml').matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((m) => [m[1], m[2]]);
    expect(locs).toEqual(r.manifest.pages.map((p) => [ORIGIN + p.path, isoDate(p.lastUpdatedTimestamp)]));
    expect(file('sitemap.xml')).not.toContain(`${ORIGIN}/cli/<`); // an alias, not a page
    expect(file('robots.txt')).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });

  it('puts the posts under the feed folders into both feeds, dated from the file name when the front matter has no date', () => {
    const atom = file('atom.xml');
    const rss = file('rss.xml');
    expect(atom.match(/<entry>/g)).toHaveLength(1);
    expect(atom).toContain(`<id>${ORIGIN}/releases/201912.html</id>`);
    expect(atom).toContain('<published>2019-12-01T00:00:00Z</published>');
    expect(atom).toContain(`<link rel="alternate" type="text/markdown" href="${ORIGIN}/releases/201912.md"/>`);
    // The whole post as HTML, escaped once, with site paths made absolute.
    expect(atom).toContain('&lt;h2&gt;New&lt;/h2&gt;');
    expect(rss.match(/<item>/g)).toHaveLength(1);
    expect(rss).toContain('<pubDate>Sun, 01 Dec 2019 00:00:00 GMT</pubDate>');
    expect(rss).toContain(`<atom:link rel="self" type="application/rss+xml" href="${ORIGIN}/rss.xml"/>`);
  });

  it('indexes every page in llms.txt, by sidebar group, linked to its Markdown, and gathers them all in llms-full.txt', () => {
    const llms = file('llms.txt');
    expect(llms.startsWith('# Documentation\n\n> AI Documentation\n\nA fixture home page.\n')).toBe(true);
    const links = [...llms.matchAll(/^- \[([^\]]+)\]\((\S+)\)/gm)].map((m) => m[2]);
    expect(links.sort()).toEqual(r.manifest.pages.map((p) => ORIGIN + markdownPathOf(p.path)).sort());
    expect(llms).toMatch(/## Start here\n\n- \[Home\]\(https:\/\/docs\.fixture\.example\/index\.md\): A fixture home page\./);
    expect(llms.indexOf('## Guides')).toBeLessThan(llms.indexOf('## Releases'));
    const full = file('llms-full.txt');
    for (const p of r.manifest.pages) expect(full).toContain(file(markdownPathOf(p.path).slice(1)).trimEnd());
    expect(full).toContain(`- The whole site in one file: ${ORIGIN}/llms-full.txt`);
  });

  it('stops llms-full.txt at its size cap with the pages that fit, says so in both files, and still links every page in llms.txt', () => {
    const site = r.manifest.site;
    const pages = r.manifest.pages.map((record, i) => ({ record, markdown: `Body of page ${i}. ${'word '.repeat(400)}` }));
    const sections = llmsSections(site.sidebar, pages);
    const order = sections.flatMap((x) => x.pages);
    const whole = llmsFull(site, sections, undefined, false, 1e9);
    expect(whole.part).toBeNull();
    const capped = llmsFull(site, sections, undefined, false, 8000);
    expect(capped.part).not.toBeNull();
    const { pages: held, of } = capped.part!;
    expect(of).toBe(order.length);
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThan(of);
    expect(Buffer.byteLength(capped.text)).toBeLessThanOrEqual(8000 + 200); // the closing line is the only thing past the cap
    // The first pages in llms order, whole; none after them.
    for (const p of order.slice(0, held)) expect(capped.text).toContain(p.markdown.trimEnd());
    for (const p of order.slice(held)) expect(capped.text).not.toContain(p.markdown.trimEnd());
    expect(capped.text).toContain(`The first ${held} of the ${of} pages in one file`);
    expect(capped.text).toContain(`${of - held} more pages are not in this file: see ${ORIGIN}/llms.txt`);
    const index = llmsTxt(site, sections, undefined, false, capped.part);
    expect(index).toContain(`The first ${held} of the ${of} pages in one file`);
    expect([...index.matchAll(/^- \[/gm)]).toHaveLength(of);
  });
});

describe('dates of posts', () => {
  const rec = (relativePath: string, date?: string): PageRecord => ({
    title: 't',
    frontmatter: date ? { date } : {},
    regularPath: '/',
    relativePath,
    key: 'k',
    path: '/',
    headers: [],
    lastUpdated: '',
    lastUpdatedTimestamp: Date.UTC(2026, 10, 21),
  });
  it('come from front matter, else a YYYYMM file name, else the last change', () => {
    expect(postDate(rec('releases/202004.md', '2020-04-30'))).toBe(Date.UTC(2020, 3, 30));
    expect(postDate(rec('blogs/202004_multitest.md'))).toBe(Date.UTC(2020, 3, 1));
    expect(postDate(rec('releases/202013.md'))).toBe(Date.UTC(2026, 10, 21));
    expect(postDate(rec('blogs/hello.md'))).toBe(Date.UTC(2026, 10, 21));
  });
});

describe('XML text', () => {
  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml('Q&A <b>"it\'s"</b>\u0007\u0000')).toBe("Q&amp;A &lt;b&gt;&quot;it's&quot;&lt;/b&gt;");
  });
});

describe('a site config without an origin', () => {
  it('builds no sitemap and no feeds, warns once, and keeps robots.txt, llms.txt and the Markdown', async () => {
    const { root, contentDir } = fixtureWith(withoutOrigin);
    const r = await compileContent({ contentDir, rootDir: root });
    expect(r.files.has('sitemap.xml')).toBe(false);
    expect(r.files.has('atom.xml')).toBe(false);
    expect(r.files.has('rss.xml')).toBe(false);
    expect(r.files.get('robots.txt')).toBe('User-agent: *\nAllow: /\n');
    expect(r.files.get('llms.txt')).toContain('- [IVR testing](/guides/ivr/index.md)');
    expect(r.files.get('guides/ivr/index.md')).toContain('Web page: /guides/ivr/\n');
    expect(r.warnings.map(formatContentError)).toEqual([
      'content/_config/site.yml: The site config names no origin, so no sitemap.xml and no feeds were built, and pages carry no canonical or Open Graph URL. Fix: Add `origin: https://your.domain` (where the site is deployed) to the site config.',
    ]);
  });

  // A run of the CLI in its own process: 1 to 2 s on an idle 2-core machine, over 5 s beside other test workers.
  it('prints the warning from the CLI, which still succeeds', { timeout: 30_000 }, () => {
    const { root } = fixtureWith(withoutOrigin);
    const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/run-ts.mjs'), path.join(ROOT, 'manifest/cli.ts'), '--content', path.join(root, 'content'), '--out', path.join(root, 'dist')], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('Warning: content/_config/site.yml: The site config names no origin, so no sitemap.xml');
    expect(existsSync(path.join(root, 'dist/sitemap.xml'))).toBe(false);
    expect(existsSync(path.join(root, 'dist/robots.txt'))).toBe(true);
  });

  it('warns when the feed folders hold no page', async () => {
    const { root, contentDir } = fixtureWith((yml) => yml.replace('include: [/releases/]', 'include: [/news/]'));
    const r = await compileContent({ contentDir, rootDir: root });
    expect(r.files.has('atom.xml')).toBe(false);
    expect(r.warnings.map((w) => w.message)).toEqual(['feed.include (/news/) matches no page, so no feed was built.']);
  });
});

describe('site config errors', () => {
  const errorsOf = async (edit: (yml: string) => string) => {
    const { root, contentDir } = fixtureWith(edit);
    const err = await compileContent({ contentDir, rootDir: root }).catch((e: unknown) => e);
    return (err as { errors: Parameters<typeof formatContentError>[0][] }).errors.map(formatContentError);
  };

  it('an origin with a path, a social image that is not a PNG or JPEG, and one that does not exist', async () => {
    expect(await errorsOf((yml) => yml.replace('origin: https://docs.fixture.example', 'origin: https://docs.fixture.example/docs/'))).toMatchInlineSnapshot(`
      [
        "content/_config/site.yml:4: Site config field "origin": Expected scheme and host only, like https://docs.example.com. Fix: Write "origin" in the form the message describes.",
      ]
    `);
    expect(await errorsOf((yml) => yml.replace('base: /', 'base: /\nimage: { src: /images/flow.svg, alt: A flow }'))).toMatchInlineSnapshot(`
      [
        "content/_config/site.yml:4: Site config field "image.src": Expected a PNG or JPEG like /social-card.png. Fix: Write "image.src" in the form the message describes.",
      ]
    `);
    expect(await errorsOf((yml) => yml.replace('base: /', 'base: /\nimage: { src: /card.png, alt: A card }'))).toMatchInlineSnapshot(`
      [
        "content/_config/site.yml:4: Social image "/card.png" does not exist. Fix: Add it as content/public/card.png (a 1200 x 630 PNG or JPEG) or correct the path.",
      ]
    `);
  });
});
