// What the built site publishes for machines and for sharing, read from dist/ and over HTTP, parsed with
// Chromium's XML parser: sitemap, robots.txt, Atom and RSS feeds, llms.txt, llms-full.txt, the Markdown
// of every page; the head tags in index.html and after each route change; Edit this page and Copy page.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chunkUrl } from '../../src/shared/paths.ts';
import { unpackPage } from '../../src/shared/page-pack.ts';
import { DIST, SINGLE_DIST, ready, type Site, startSite, waitForAddress, waitForWorkerControl } from '../support/site.ts';
import { longPage, plainPage } from '../support/pages.ts';
import { atomXml, rssXml, type FeedPost } from '../../manifest/feeds.ts';
import { isoDate } from '../../manifest/xml.ts';
import { editUrl, isFeedPost, markdownPathOf } from '../../src/shared/site-urls.ts';
import type { SiteConfig } from '../../src/shared/schemas/site-config.ts';
import type { SiteData } from '../../src/shared/schemas/site-data.ts';

let site: Site;
let xmlPage: Page;
let config: SiteConfig & { origin: string };
beforeAll(async () => {
  site = await startSite();
  xmlPage = (await site.open()).page;
  const origin = site.manifest.site.origin;
  if (!origin) throw new Error('the site config names no origin');
  config = { ...site.manifest.site, origin };
});
afterAll(() => site?.close());

const dist = (file: string) => readFileSync(path.join(DIST, file), 'utf8');

/** An XML element as plain data. */
interface XmlNode {
  name: string;
  ns: string | null;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

/** Parses `text` with Chromium's XML parser (well-formedness errors fail the test) and returns the root element as data. */
async function parseXml(text: string): Promise<XmlNode> {
  const r = await xmlPage.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    const error = doc.getElementsByTagName('parsererror')[0];
    if (error) return { error: error.textContent ?? 'parse error' };
    type N = { name: string; ns: string | null; attrs: Record<string, string>; text: string; children: N[] };
    const conv = (el: Element): N => ({
      name: el.tagName,
      ns: el.namespaceURI,
      attrs: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
      text: el.textContent ?? '',
      children: [...el.children].map(conv),
    });
    return { root: conv(doc.documentElement) };
  }, text);
  if ('error' in r) throw new Error(`not well-formed XML: ${r.error}`);
  return r.root;
}
const kids = (n: XmlNode, name: string) => n.children.filter((c) => c.name === name);
const kid = (n: XmlNode, name: string) => {
  const c = kids(n, name)[0];
  if (!c) throw new Error(`<${n.name}> has no <${name}>`);
  return c;
};

/** Canonical pages (every record but a not-found page) and the posts of the feed, newest first. */
const pages = () => site.manifest.pages.filter((p) => p.frontmatter.layout !== 'not-found');
const posts = () =>
  pages()
    .filter((p) => isFeedPost(config, p.path))
    .sort((a, b) => (b.frontmatter.date ?? '').localeCompare(a.frontmatter.date ?? '') || a.path.localeCompare(b.path));

/** A URL on the deployed origin, as served by the local test server. */
const local = (url: string) => url.replace(config.origin, site.url);

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap parses and lists every canonical page once, with its last change', async () => {
    const root = await parseXml(dist('sitemap.xml'));
    expect(root.name).toBe('urlset');
    expect(root.ns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls = kids(root, 'url').map((u) => [kid(u, 'loc').text, kid(u, 'lastmod').text]);
    expect(urls).toEqual(pages().map((p) => [config.origin + p.path, isoDate(p.lastUpdatedTimestamp)]));
    // Canonical addresses only: no alias or regular path that redirects.
    const { redirects } = JSON.parse(dist('data/site.json')) as SiteData;
    for (const from of Object.keys(redirects)) expect(urls.map((u) => u[0])).not.toContain(config.origin + from);
  });

  it('robots.txt lets crawlers in and names the sitemap, and both are served with their types', async () => {
    const robots = await fetch(`${site.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await robots.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/\S/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${config.origin}/sitemap\\.xml$`, 'm'));
    expect((await fetch(`${site.url}/sitemap.xml`)).headers.get('content-type')).toBe('application/xml; charset=utf-8');
  });
});

describe('feeds', () => {
  it('Atom: parses, has the required feed elements, and lists every post newest first with its whole text', async () => {
    const feed = await parseXml(dist('atom.xml'));
    expect(feed.name).toBe('feed');
    expect(feed.ns).toBe('http://www.w3.org/2005/Atom');
    expect(kid(feed, 'title').text).toBe(config.feed!.title);
    expect(kid(feed, 'id').text).toBe(`${config.origin}/atom.xml`);
    expect(kids(feed, 'link').find((l) => l.attrs.rel === 'self')?.attrs.href).toBe(`${config.origin}/atom.xml`);
    expect(Number.isNaN(Date.parse(kid(feed, 'updated').text))).toBe(false);
    expect(kid(kid(feed, 'author'), 'name').text.length).toBeGreaterThan(0);
    const entries = kids(feed, 'entry');
    expect(posts().length).toBeGreaterThanOrEqual(7);
    expect(entries.map((e) => kid(e, 'id').text)).toEqual(posts().map((p) => config.origin + p.path));
    const published = entries.map((e) => Date.parse(kid(e, 'published').text));
    expect([...published].sort((a, b) => b - a)).toEqual(published);
    for (const [i, e] of entries.entries()) {
      const p = posts()[i]!;
      expect(kid(e, 'title').text).toBe(p.title);
      expect(kid(e, 'published').text).toBe(`${p.frontmatter.date}T00:00:00Z`);
      expect(kid(e, 'summary').text).toBe(p.frontmatter.description);
      expect(kids(e, 'link').map((l) => [l.attrs.type, l.attrs.href])).toEqual([
        ['text/html', config.origin + p.path],
        ['text/markdown', config.origin + markdownPathOf(p.path)],
      ]);
      const content = kid(e, 'content');
      expect(content.attrs.type).toBe('html');
      // The whole post, as HTML whose links work away from the site.
      expect(content.text).toMatch(/<h2>/);
      expect(content.text).not.toMatch(/(href|src)="\/(?!\/)/);
    }
  });

  it('RSS 2.0: parses and lists the same posts in the same order', async () => {
    const rss = await parseXml(dist('rss.xml'));
    expect(rss.name).toBe('rss');
    expect(rss.attrs.version).toBe('2.0');
    const channel = kid(rss, 'channel');
    expect(kid(channel, 'title').text).toBe(config.feed!.title);
    expect(kid(channel, 'link').text).toBe(`${config.origin}/`);
    expect(kid(channel, 'description').text.length).toBeGreaterThan(0);
    const items = kids(channel, 'item');
    expect(items.map((i) => kid(i, 'link').text)).toEqual(posts().map((p) => config.origin + p.path));
    for (const [i, item] of items.entries()) {
      expect(kid(item, 'guid').text).toBe(kid(item, 'link').text);
      expect(new Date(kid(item, 'pubDate').text).toISOString().slice(0, 10)).toBe(posts()[i]!.frontmatter.date);
      expect(kid(item, 'content:encoded').text).toMatch(/<p>/);
    }
  });

  it('are linked from the head of index.html and from every post, and are served as XML', async () => {
    const atomLink = `<link rel="alternate" type="application/atom+xml" title="${config.feed!.title} (Atom)" href="/atom.xml">`;
    const rssLink = `<link rel="alternate" type="application/rss+xml" title="${config.feed!.title} (RSS)" href="/rss.xml">`;
    const post = posts()[0]!.path;
    for (const file of ['index.html', post.endsWith('/') ? `${post.slice(1)}index.html` : post.slice(1)]) {
      expect(dist(file)).toContain(atomLink);
      expect(dist(file)).toContain(rssLink);
    }
    // Not in every document of the site: a guide does not announce the release notes.
    expect(dist('guides/ivr/index.html')).not.toContain(atomLink);
    const headers = dist('_headers');
    expect(headers).toContain('/atom.xml\n  Content-Type: application/atom+xml; charset=utf-8');
    expect(headers).toContain('/rss.xml\n  Content-Type: application/rss+xml; charset=utf-8');
    const { page } = await site.open();
    for (const p of [posts()[0]!, posts().find((q) => q.path.startsWith('/blogs/'))!]) {
      await page.goto(site.url + p.path);
      await ready(page);
      const atom = page.getByRole('link', { name: 'Atom feed' });
      await atom.waitFor();
      expect(await atom.getAttribute('href')).toBe('/atom.xml');
      expect(await page.getByRole('link', { name: 'RSS feed' }).getAttribute('href')).toBe('/rss.xml');
    }
    // Not on other pages.
    await page.goto(site.url + plainPage(site.manifest).path);
    await ready(page);
    await page.getByRole('button', { name: 'Copy page' }).waitFor();
    expect(await page.getByRole('link', { name: 'Atom feed' }).count()).toBe(0);
    for (const f of ['/atom.xml', '/rss.xml']) {
      const r = await fetch(site.url + f);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^application\/xml/);
    }
  });

  it('escape titles and text that look like markup', async () => {
    const hostile = 'Q&A: <script>alert("x")</script> & ]]> \u0007done';
    const post: FeedPost = {
      record: { ...posts()[0]!, title: hostile, frontmatter: { description: hostile } },
      url: `${config.origin}/releases/x.html`,
      published: 0,
      updated: 0,
      summary: hostile,
      html: `<p>${hostile.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`,
    };
    const feedSite = { ...config, feed: { ...config.feed!, title: hostile } };
    const atom = await parseXml(atomXml(feedSite, [post]));
    expect(kid(atom, 'title').text).toBe(hostile.replace('\u0007', ''));
    expect(kid(kid(atom, 'entry'), 'title').text).toBe(hostile.replace('\u0007', ''));
    const rss = await parseXml(rssXml(feedSite, [post]));
    expect(kid(kid(kid(rss, 'channel'), 'item'), 'description').text).toBe(hostile.replace('\u0007', ''));
  });
});

describe('pages for machines', () => {
  it('llms.txt lists every page once with its summary, and every link resolves to that page as Markdown', async () => {
    const r = await fetch(`${site.url}/llms.txt`);
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await r.text();
    expect(text.startsWith(`# ${config.title}\n\n> ${config.description}\n`)).toBe(true);
    const entries = [...text.matchAll(/^- \[(.+?)\]\((\S+?)\)(?:: (.+))?$/gm)].map((m) => ({ title: m[1]!, url: m[2]!, summary: m[3] }));
    expect(entries.map((e) => e.url).sort()).toEqual(
      pages()
        .map((p) => config.origin + markdownPathOf(p.path))
        .sort(),
    );
    for (const e of entries) {
      const p = pages().find((q) => config.origin + markdownPathOf(q.path) === e.url)!;
      expect(e.title).toBe(p.title);
      expect(e.summary).toBe(p.frontmatter.description?.replace(/\s+/g, ' '));
      const md = await fetch(local(e.url));
      expect(md.status, e.url).toBe(200);
      expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      const body = await md.text();
      expect(body.startsWith(`# ${p.title}\n`), e.url).toBe(true);
      expect(body).toContain(`Web page: ${config.origin}${p.path}\n`);
    }
  });

  it('llms-full.txt holds the Markdown of every page', async () => {
    const r = await fetch(`${site.url}/llms-full.txt`);
    expect(r.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const full = await r.text();
    for (const p of pages()) expect(full, p.path).toContain(dist(markdownPathOf(p.path).slice(1)).trimEnd());
  });

  it('the service worker leaves the Markdown and text files to the network instead of answering with the app', async () => {
    const { page } = await site.open({ serviceWorkers: 'allow' });
    await page.goto(site.url + plainPage(site.manifest).path);
    await ready(page);
    await waitForWorkerControl(page);
    for (const f of ['/llms.txt', markdownPathOf(plainPage(site.manifest).path), '/sitemap.xml']) {
      const r = await page.goto(site.url + f);
      expect(r?.status(), f).toBe(200);
      expect(r?.headers()['content-type'], f).not.toMatch(/html/);
    }
  });
});

/** The head tags the app manages, read from the document. */
function headOf(page: Page) {
  return page.evaluate(() => {
    const attr = (sel: string, a: string) => document.head.querySelector(sel)?.getAttribute(a) ?? null;
    const meta = (key: string) => attr(`meta[property="${key}"], meta[name="${key}"]`, 'content');
    return {
      canonical: attr('link[rel="canonical"]', 'href'),
      markdown: attr('link[rel="alternate"][type="text/markdown"]', 'href'),
      description: meta('description'),
      ogTitle: meta('og:title'),
      ogDescription: meta('og:description'),
      ogUrl: meta('og:url'),
      ogType: meta('og:type'),
      ogImage: meta('og:image'),
      siteName: meta('og:site_name'),
      card: meta('twitter:card'),
      twitterTitle: meta('twitter:title'),
      twitterDescription: meta('twitter:description'),
      twitterImage: meta('twitter:image'),
      count: document.head.querySelectorAll('link[rel="canonical"], meta[property="og:title"], meta[name="twitter:title"]').length,
    };
  });
}

describe('social previews and canonical links', () => {
  it('index.html of the single output carries the site defaults for programs that do not run scripts, and no canonical link', () => {
    const html = readFileSync(path.join(SINGLE_DIST, 'index.html'), 'utf8');
    const image = `${config.origin}${config.image!.src}`;
    expect(html).toContain(`<meta property="og:title" content="${config.title}">`);
    expect(html).toContain(`<meta property="og:description" content="${config.description}">`);
    expect(html).toContain(`<meta property="og:type" content="website">`);
    expect(html).toContain(`<meta property="og:image" content="${image}">`);
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image">`);
    expect(html).toContain(`<meta name="twitter:image" content="${image}">`);
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('og:url');
    // Only the inline script the Content-Security-Policy allows by hash: the boot script (theme, fonts, chunk).
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
    const allowed = /script-src ([^;]+)/
      .exec(/http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!)![1]!
      .split(' ')
      .filter((t) => t.startsWith("'sha256-"));
    expect(inline).toHaveLength(1);
    expect(inline.sort()).toEqual(allowed.sort());
  });

  it('the social image is a 1200 x 630 PNG', async () => {
    const r = await fetch(site.url + config.image!.src);
    expect(r.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await r.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('change with the route: canonical, Markdown alternate, Open Graph and Twitter tags follow each page', async () => {
    const { page, errors } = await site.open();
    const a = longPage(site.manifest);
    const b = plainPage(site.manifest, a.path);
    const expectFor = async (p: typeof a) => {
      await page.waitForFunction((url) => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') === url, config.origin + p.path);
      // The front matter's description, else the start of the lead paragraph (the chunk carries it).
      const description = (unpackPage(JSON.parse(dist(chunkUrl(p.path).slice(1)))) as { description?: string }).description ?? config.description;
      // The description comes with the page's chunk, and the tags other than the meta description a frame after
      // it: on a busy machine the canonical link can be read before they are all written, so the head is polled.
      await expect
        .poll(() => headOf(page))
        .toEqual({
          canonical: config.origin + p.path,
          markdown: config.origin + markdownPathOf(p.path),
          description,
          ogTitle: p.title,
          ogDescription: description,
          ogUrl: config.origin + p.path,
          ogType: 'article',
          ogImage: `${config.origin}${config.image!.src}`,
          siteName: config.title,
          card: 'summary_large_image',
          twitterTitle: p.title,
          twitterDescription: description,
          twitterImage: `${config.origin}${config.image!.src}`,
          count: 3,
        });
    };
    await page.goto(site.url + a.path);
    await ready(page);
    await expectFor(a);
    await page.locator('.sidebar').getByRole('link', { name: b.title, exact: true }).first().click();
    await waitForAddress(page, (u) => u.pathname === b.path);
    await expectFor(b);
    await page.goBack();
    await waitForAddress(page, (u) => u.pathname === a.path);
    await expectFor(a);
    // Client-side routing throughout: one document.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    // An address that is no page: no canonical link or og:url, and the not-found title.
    await page.evaluate(() => {
      history.pushState(null, '', '/no/such/page/');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForFunction(() => document.head.querySelector('link[rel="canonical"]') === null);
    const missing = await headOf(page);
    expect(missing).toMatchObject({ canonical: null, markdown: null, ogUrl: null, ogTitle: 'Page not found', ogType: 'website' });

    // The home page and an overview are websites, not articles; the home is named by its hero text.
    const home = site.manifest.pages.find((p) => p.path === '/')!;
    await page.goto(`${site.url}/`);
    await page.waitForFunction((url) => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') === url, `${config.origin}/`);
    expect(await headOf(page)).toMatchObject({ ogType: 'website', ogTitle: home.frontmatter.heroText });
    expect(errors).toEqual([]);
  });
});

describe('Edit this page and Copy page', () => {
  it('a default page links to its source file beside Last updated', async () => {
    const { page } = await site.open();
    for (const p of [plainPage(site.manifest), posts()[0]!]) {
      await page.goto(site.url + p.path);
      await ready(page);
      const edit = page.locator('.page-meta').getByRole('link', { name: 'Edit this page' });
      await edit.waitFor();
      expect(await edit.getAttribute('href')).toBe(`${config.repository!.url}/edit/${config.repository!.branch}/${config.repository!.dir}/${p.relativePath}`);
      expect(await edit.getAttribute('href')).toBe(editUrl(config.repository, p.relativePath));
      await page.locator('.page-meta').getByText(`Last updated: ${p.lastUpdated}`).waitFor();
    }
  });

  it("Copy page copies the same Markdown as the page's .md address, says so, then reads as before", async () => {
    const { page, context } = await site.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const p = longPage(site.manifest);
    await page.goto(site.url + p.path);
    await ready(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    const button = page.getByRole('button', { name: 'Copy page' });
    await button.click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'The page was copied as Markdown.' }).waitFor({ state: 'attached' });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await (await fetch(site.url + markdownPathOf(p.path))).text());
    // A page document holds its body as HTML, not Markdown: the text comes from the page's .md file, once.
    expect(requests.filter((r) => r.endsWith('.md'))).toEqual([markdownPathOf(p.path)]);
    await button.waitFor();
    expect(await button.textContent()).toBe('Copy page');
  });

  it('the page actions load after the content, and their place is kept so nothing moves', async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    await page.route('**/assets/chunks/page-extras-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await page.goto(site.url + p.path);
    await ready(page);
    const nav = page.getByRole('navigation', { name: 'Previous and next pages' });
    const before = await nav.boundingBox();
    await page.getByRole('button', { name: 'Copy page' }).waitFor();
    expect(await nav.boundingBox()).toEqual(before);
  });
});
