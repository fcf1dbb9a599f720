// Page documents (output `pages`): every page answers 200 with its own head and content, for crawlers,
// link previews and readers without scripts. The app taking a document over: page-takeover.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIST, h1, navigateInApp, startSite, titleOf, type Site } from '../support/site.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

const ORIGIN = site_origin();
function site_origin(): string {
  const m = JSON.parse(readFileSync(path.join(DIST, 'manifest.json'), 'utf8')) as { site: { origin?: string } };
  if (!m.site.origin) throw new Error('The site config has no origin: the sitemap and canonical URLs need one.');
  return m.site.origin;
}

/** The site path of a sitemap URL. */
const pathOf = (url: string) => new URL(url).pathname;

function sitemapUrls(): string[] {
  const xml = readFileSync(path.join(DIST, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

/** Attribute values of the tags matching `re` in `html` (enough for the build's own regular output). */
const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('a crawler (plain HTTP, no scripts)', () => {
  it('gets every sitemap URL as its own indexable document with the page head, h1, headings and JSON-LD', async () => {
    const urls = sitemapUrls();
    expect(urls.length).toBe(site.manifest.pages.filter((p) => p.frontmatter.layout !== 'not-found').length);
    const titles = new Map<string, string>();
    for (const url of urls) {
      const p = pathOf(url);
      const res = await fetch(site.url + p, { redirect: 'manual' });
      expect(res.status, p).toBe(200);
      const html = await res.text();
      expect(html, p).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
      const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
      expect(title, p).not.toBe('');
      expect(titles.get(title), `${p} has the title of ${titles.get(title)}`).toBeUndefined();
      titles.set(title, p);
      const meta = (name: string) => {
        const tag = new RegExp(`<meta (?:name|property)="${name}" content="[^"]*">`).exec(html)?.[0];
        return tag ? decode(attr(tag, 'content') ?? '') : undefined;
      };
      expect(meta('description')?.length, `${p} description`).toBeGreaterThan(20);
      expect(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1], p).toBe(url);
      expect(meta('og:url'), p).toBe(url);
      expect(meta('og:title'), p).toBeTruthy();
      expect(html.match(/<h1[\s>]/g)?.length, `${p}: one h1`).toBe(1);
      const record = site.manifest.pages.find((r) => r.path === p)!;
      for (const h of record.headers) {
        expect(html, `${p}: <h${h.level} id="${h.slug}">`).toContain(`<h${h.level} id="${h.slug}"`);
      }
      const ld = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string });
      expect(ld.length, p).toBeGreaterThan(0);
      const types = ld.map((l) => l['@type']);
      if (/^\/(releases|blogs)\//.test(p)) expect(types, p).toContain('BlogPosting');
      else if (p !== '/') expect(types, p).toContain('TechArticle');
      // The sidebar and previous/next are plain links.
      if (p !== '/') expect(html, p).toMatch(/<aside id="sidebar"[^>]*><nav[^>]*><ul class="sidebar-list depth-0"><li/);
      // The first frame waits for an element of the document, in the article or its end (a target that never comes holds it to the end).
      const expected = /<link rel="expect" href="#([^"]+)" blocking="render">/.exec(html)?.[1];
      expect(expected, `${p}: a first-screen target`).toBeDefined();
      expect(html.indexOf(`id="${expected}"`), `${p}: #${expected}`).toBeGreaterThan(html.indexOf('<main'));
    }
  });

  it('gets a 200 redirect document with a canonical link for every alias and address variant, and a 301 from the host for a folder without its slash', async () => {
    const moves = readFileSync(path.join(DIST, '_redirects'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' '));
    expect(moves.length).toBeGreaterThan(2);
    for (const [from, to] of moves) {
      const res = await fetch(site.url + from!, { redirect: 'manual' });
      expect(res.status, from).toBe(200);
      const html = await res.text();
      expect(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1], from).toBe(ORIGIN + to);
      expect(html, from).toContain(`<meta http-equiv="refresh" content="0;url=${to}">`);
      expect(html, from).toContain(`<a id="target" href="${to}">`);
    }
    for (const [from, to] of [
      ['/api/overview.html', '/api/'],
      ['/cli/', '/guides/cli/'],
    ])
      expect(moves).toContainEqual([from, to, '301']);
    const folder = await fetch(`${site.url}/guides/ivr`, { redirect: 'manual' });
    expect(folder.status).toBe(301);
    expect(folder.headers.get('location')).toBe('/guides/ivr/');
  });

  it('gets 404 with noindex, and the not-found page itself, for an unknown address', async () => {
    for (const p of ['/no/such/page/', '/guides/nope.html', '/x']) {
      const res = await fetch(site.url + p);
      expect(res.status, p).toBe(404);
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain('Page not found');
      expect(html).not.toContain('__spa');
    }
  });
});

/** The words of the article, as a reader sees them. */
async function articleWords(page: Page): Promise<string[]> {
  const text = await page.locator('main').first().innerText();
  return text.split(/\s+/).filter(Boolean);
}

describe('a reader without JavaScript', () => {
  it('reads every page: its text is all there, as the app shows it', async () => {
    const off = await site.open({ javaScriptEnabled: false });
    const on = await site.open();
    await on.page.goto(`${site.url}/`);
    await h1(on.page);
    for (const record of site.manifest.pages) {
      // The document read without scripts, and the app's own render reached by a client navigation, side by side.
      const [plain, app] = await Promise.all([
        off.page.goto(site.url + record.path).then(() => articleWords(off.page)),
        navigateInApp(on.page, record.path, titleOf(record)).then(() => on.page.locator('main .page-slot').first().innerText()),
      ]);
      const appWords = app.split(/\s+/).filter(Boolean);
      const have = new Set(plain);
      const found = appWords.filter((w) => have.has(w)).length;
      expect(found / appWords.length, `${record.path}: ${found} of ${appWords.length} words`).toBeGreaterThanOrEqual(0.95);
    }
    expect(on.errors).toEqual([]);
  }, 180_000);

  it('moves through the site by the sidebar and previous/next links', async () => {
    const { page } = await site.open({ javaScriptEnabled: false });
    await page.goto(`${site.url}/guides/`);
    await page.locator('aside .sidebar-list > li > a', { hasText: 'Test an IVR' }).click();
    await page.waitForURL(`${site.url}/guides/ivr/`);
    expect((await page.locator('main h1').textContent())?.trim()).toBe('Test an IVR');
    await page.locator('a[rel="next"]').click();
    await page.waitForURL((u) => u.pathname !== '/guides/ivr/');
    expect(await page.locator('main h1').count()).toBe(1);
  });

  it('on a phone, lists the sidebar below the article instead of a drawer no script can open', async () => {
    const { page } = await site.open({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await page.goto(`${site.url}/guides/ivr/`);
    expect(await page.locator('.sidebar-toggle').isVisible()).toBe(false);
    const main = await page.locator('main').boundingBox();
    const sidebar = await page.locator('aside#sidebar').boundingBox();
    expect(sidebar!.y).toBeGreaterThanOrEqual(main!.y + main!.height - 1);
    expect(sidebar!.x).toBeGreaterThanOrEqual(0);
    // The page is laid out whole: End lands on its end, not where estimated heights put it.
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight - window.scrollY)).toBeLessThanOrEqual(1);
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight - window.scrollY)).toBeLessThanOrEqual(1);
    const link = page.locator('aside .sidebar-list > li > a', { hasText: 'Test a webchat widget' });
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await page.waitForURL(`${site.url}/guides/webchat/`);
    // With scripts, the same width keeps the drawer: closed, off the screen, opened by its button.
    const { page: js } = await site.open({ viewport: { width: 390, height: 844 } });
    await js.goto(`${site.url}/guides/ivr/`);
    await h1(js);
    expect(await js.locator('.sidebar-toggle').isVisible()).toBe(true);
    expect((await js.locator('aside#sidebar').boundingBox())!.x).toBeLessThan(0);
  });

  it('shows an empty reading progress bar until the app measures the page (none drawn without scripts)', async () => {
    const course = site.manifest.pages.find((p) => p.frontmatter.readingShow === 'top');
    expect(course, 'a page with readingShow: top').toBeDefined();
    const { page } = await site.open({ javaScriptEnabled: false });
    await page.goto(`${site.url}${course!.path}`);
    const bar = page.locator('.reading-progress-bar');
    expect(await bar.count()).toBe(1);
    expect(await bar.evaluate((el) => el.getBoundingClientRect().width)).toBe(0);
  });
});
