// Page documents (output `pages`), with scripts: the app takes a page document over in place, without
// moving it, and an article it adopted behaves as one it rendered itself. The documents as crawlers and
// readers without scripts get them: page-documents.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DIST, framesPainted, h1, navigateInApp, startSite, titleOf, type Site } from '../support/site.ts';
import { LAZY_SECTIONS_ATTR } from '../../src/shared/markdown/rehype-sections.ts';
import { FIRST_SCREEN_ID } from '../../src/shared/parser-yield.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

/** Slows the page's CPU (DevTools emulation). */
async function throttle(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Layout shifts of the document so far (every shift counts, no input exclusion), each with what moved, for the failure message. */
const SHIFT_OBSERVER = () => {
  type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] };
  const w = window as unknown as { __shifts: number[]; __shiftSources: string[]; __shiftObserver: PerformanceObserver; __takeShifts: (list: PerformanceEntry[]) => void };
  w.__shifts = [];
  w.__shiftSources = [];
  w.__takeShifts = (entries) => {
    for (const e of entries as Shift[]) {
      if (e.hadRecentInput) continue;
      w.__shifts.push(e.value);
      const what = e.sources.map((s) => {
        const el = s.node instanceof Element ? s.node : s.node?.parentElement;
        const r = (x: DOMRectReadOnly) => `${Math.round(x.x)},${Math.round(x.y)} ${Math.round(x.width)}x${Math.round(x.height)}`;
        return `${el ? `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')}` : '?'} ${r(s.previousRect)} -> ${r(s.currentRect)}`;
      });
      w.__shiftSources.push(
        `${Math.round(e.startTime)} ms ${e.value.toFixed(4)}: ${what.join('; ')} (fonts ${document.fonts.status}, stylesheets ${[...document.styleSheets].map((x) => x.media.mediaText || 'all').join(',')})`,
      );
    }
  };
  w.__shiftObserver = new PerformanceObserver((list) => w.__takeShifts(list.getEntries()));
  w.__shiftObserver.observe({ type: 'layout-shift', buffered: true });
};

/**
 * The shifts so far, once two more frames are on screen (a shift is measured when its frame is
 * painted) and the entries the observer has not delivered yet are taken from it.
 */
async function shiftsSoFar(page: Page): Promise<{ shifts: number[]; sources: string[] }> {
  await framesPainted(page);
  return page.evaluate(() => {
    const w = window as unknown as { __shifts: number[]; __shiftSources: string[]; __shiftObserver: PerformanceObserver; __takeShifts: (list: PerformanceEntry[]) => void };
    w.__takeShifts(w.__shiftObserver.takeRecords());
    return { shifts: w.__shifts, sources: w.__shiftSources };
  });
}

/** The article's DOM as comparable text: tags, the attributes that matter, and text. */
const ARTICLE_DOM = () => {
  const body = document.querySelector('main .page-slot .content');
  const walk = (n: Node): string => {
    if (n.nodeType === Node.TEXT_NODE) return n.textContent ?? '';
    if (!(n instanceof Element)) return '';
    const attrs = [...n.attributes]
      // The container's marks of where the body came from and how it is laid out; not the article's own.
      .filter((a) => !['style', 'data-static-body', 'data-lazy-sections', 'aria-busy'].includes(a.name))
      .map((a) => `${a.name}=${a.value}`)
      .sort()
      .join(' ');
    return `<${n.tagName.toLowerCase()} ${attrs}>${[...n.childNodes].map(walk).join('')}</>`;
  };
  return body ? walk(body) : '';
};

/** Holds the app's scripts back until the returned function is called: the reader acts on the static document first. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * A server in front of the site's that sends each page document in pieces: everything up to the end of
 * the first-screen script at once, then one piece per tag for the next `bytes` bytes, `gapMs` apart, then the rest.
 */
async function startTrickle(origin: string, bytes: number, gapMs: number): Promise<{ url: string; pieces: (path: string) => number; close: () => Promise<void> }> {
  const counts = new Map<string, number>();
  const server = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(origin + (req.url ?? '/'), { headers: { accept: req.headers.accept ?? '*/*' } });
      const headers: Record<string, string> = {};
      upstream.headers.forEach((v, k) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(k)) headers[k] = v;
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      res.writeHead(upstream.status, headers);
      const html = (headers['content-type'] ?? '').startsWith('text/html') ? body.toString('utf8') : null;
      const yieldPoint = `<script id="${FIRST_SCREEN_ID}"></script>`;
      const start = html?.indexOf(yieldPoint) ?? -1;
      if (html === null || start < 0) return void res.end(body);
      const cuts: number[] = [start + yieldPoint.length];
      for (let i = cuts[0]!; i < cuts[0]! + bytes; i++) if (html[i] === '>') cuts.push(i + 1);
      counts.set(new URL(req.url ?? '/', origin).pathname, cuts.length);
      let from = 0;
      for (const cut of cuts) {
        res.write(html.slice(from, cut));
        from = cut;
        await new Promise((r) => setTimeout(r, gapMs));
      }
      res.end(html.slice(from));
    })().catch((e: unknown) => {
      res.destroy(e instanceof Error ? e : new Error(String(e)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pieces: (p) => counts.get(p) ?? 0,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

describe('the app taking a page document over', () => {
  it('keeps the page where it is (CLS 0 under 4x CPU), asks for no chunk, and leaves the same article DOM a client navigation renders', async () => {
    for (const p of ['/guides/ivr/', '/api/test-api/', '/training/ivr/overview/', '/releases/201912.html', '/']) {
      const { page, errors } = await site.open();
      await throttle(page, 4);
      const chunks: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/data/pages/')) chunks.push(r.url());
      });
      await page.addInitScript(SHIFT_OBSERVER);
      await page.goto(site.url + p);
      await h1(page);
      const { shifts, sources } = await shiftsSoFar(page);
      expect(
        shifts.reduce((a, b) => a + b, 0),
        `${p}: layout shifts\n${sources.join('\n')}`,
      ).toBe(0);
      expect(chunks, `${p}: chunk requests on the first load`).toEqual([]);
      // Both articles are read once image zoom has attached to them (a second after the page is shown): it
      // marks each zoomable image, and read on one side only that mark was the difference.
      const zoomReady = () => page.waitForFunction((path) => document.documentElement.dataset.zoomReady === path, p, { timeout: 20_000 });
      await throttle(page, 1);
      await zoomReady();
      const adopted = await page.evaluate(ARTICLE_DOM);
      expect(await page.locator('[data-static-body]').count(), p).toBe(0);

      // The same page rendered by the app from its chunk, after a client navigation away and back.
      const away = p === '/' ? '/faq/' : '/';
      for (const to of [away, p]) await navigateInApp(page, to, titleOf(site.manifest.pages.find((r) => r.path === to)!));
      // Code blocks are highlighted once their language has loaded.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('main .code-block pre')].every(
          (pre) => !/language-(ya?ml|json|bash|sh|js|ts|http|xml|ini)\b/.test(pre.querySelector('code')?.className ?? '') || pre.querySelector('code.hljs'),
        ),
      );
      await zoomReady();
      const rendered = await page.evaluate(ARTICLE_DOM);
      expect(rendered.length, p).toBeGreaterThan(0);
      expect(adopted, p).toBe(rendered);
      expect(errors, p).toEqual([]);
      await page.context().close();
    }
  }, 120_000);

  it('moves nothing already drawn while the document is still arriving, a tag at a time', async () => {
    // The parser may yield, and the browser paint, after any tag once the first screen is in: on a loaded
    // machine a card's arrow was drawn before the card's title had been parsed, then moved right (CLS 0.0002).
    // Here the document comes in pieces, cut after each tag of the article's first 8 KB, 16 ms apart. The
    // pages: course cards, code blocks, tables (their columns widened row by row), a section whose last
    // paragraph the yield point followed, a FAQ whose yield point followed a heading, an ordered list whose
    // items' lines moved as their inline elements arrived, and the home page. What is held back unseen while
    // the document arrives (a table, a list's last item) is shown once it is parsed.
    const trickle = await startTrickle(site.url, 8_000, 16);
    try {
      for (const p of ['/training/ivr/overview/', '/api/test-api/', '/reference/limits/', '/support/', '/end-to-end/faq/', '/training/chatbot/functional/reporting/', '/']) {
        const { page, errors } = await site.open();
        await page.addInitScript(SHIFT_OBSERVER);
        await page.goto(trickle.url + p);
        await page.locator('html[data-app]').waitFor({ state: 'attached' });
        const { shifts, sources } = await shiftsSoFar(page);
        expect(trickle.pieces(p), `${p}: pieces`).toBeGreaterThan(20);
        await expect
          .poll(() => page.evaluate(() => [...document.querySelectorAll('main .content li, main .content .table-scroll')].filter((e) => getComputedStyle(e).visibility === 'hidden').length), {
            timeout: 5_000,
          })
          .toBe(0);
        expect(
          shifts.reduce((a, b) => a + b, 0),
          `${p}: layout shifts\n${sources.join('\n')}`,
        ).toBe(0);
        expect(errors, p).toEqual([]);
        await page.context().close();
      }
    } finally {
      await trickle.close();
    }
  }, 120_000);

  it('draws the page before it asks for the app, whose module and preloads the document does not name, then the app takes over', async () => {
    const html = await (await fetch(`${site.url}/guides/ivr/`)).text();
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"|<link rel="preload" href="\/data\/site\.json"/);
    // One parser yield point in the article (an empty script after its first long block), gone once the app runs.
    expect(html.match(/<script id="first-screen"><\/script>/g)).toHaveLength(1);
    const { page, errors } = await site.open();
    await throttle(page, 4);
    // The first frame's callbacks: this one is asked for before the document's own scripts run.
    await page.addInitScript(() => requestAnimationFrame(() => ((window as { firstFrame?: number }).firstFrame = performance.now())));
    await page.goto(`${site.url}/guides/ivr/`);
    await h1(page);
    await expect.poll(() => page.locator('[data-static-body]').count(), { timeout: 15_000 }).toBe(0);
    expect(await page.locator('script#first-screen').count()).toBe(0);
    const t = await page.evaluate(() => ({
      frame: (window as { firstFrame?: number }).firstFrame ?? null,
      app: performance.getEntriesByType('resource').find((e) => /\/assets\/main-[^/]+\.js$/.test(e.name))?.startTime ?? null,
      site: performance.getEntriesByType('resource').find((e) => e.name.endsWith('/data/site.json'))?.startTime ?? null,
    }));
    expect(t.frame).not.toBeNull();
    expect(t.app).not.toBeNull();
    expect(t.app!).toBeGreaterThan(t.frame!);
    expect(t.site!).toBeGreaterThan(t.frame!);
    expect(errors).toEqual([]);
  });

  it('lays the sidebar out after the article: its links skipped when the document is parsed, shown once the next frame is drawn', async () => {
    const { page, errors } = await site.open();
    await throttle(page, 4);
    // What the sidebar looks like the moment the parser is done (readyState "interactive", before the next frame):
    // checkVisibility() is false inside a subtree whose content is skipped (content-visibility: hidden).
    await page.addInitScript(() => {
      const w = window as { atParsed?: { held: boolean; boxes: number; links: number } };
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        const links = [...document.querySelectorAll('#sidebar a')];
        w.atParsed = { held: document.documentElement.classList.contains('sidebar-later'), boxes: links.filter((a) => a.checkVisibility()).length, links: links.length };
      });
    });
    await page.goto(`${site.url}/training/ivr/functional/test/`);
    await h1(page);
    type AtParsed = { held: boolean; boxes: number; links: number };
    const atParsed = (await page.waitForFunction(() => (window as { atParsed?: AtParsed }).atParsed).then((h) => h.jsonValue())) as AtParsed;
    expect({ held: atParsed.held, boxes: atParsed.boxes }).toEqual({ held: true, boxes: 0 });
    expect(atParsed.links).toBeGreaterThan(50);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('sidebar-later'))).toBe(false);
    const active = page.locator('#sidebar a[aria-current="page"]');
    await expect.poll(() => active.evaluate((a) => a.checkVisibility())).toBe(true);
    expect(await active.isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('moves nothing when the web font misses the first paint and the whole stylesheet comes later still (4x CPU)', async () => {
    // The order a loaded machine produced: the page painted in the fallback face, then the stylesheet's
    // arrival made Chromium load the faces anew from the cache and swap them in (CLS 0.11 on this page).
    for (const [fontMs, cssMs] of [
      [400, 800],
      [30, 300],
      [700, 1500],
    ] as const) {
      const { page, errors } = await site.open();
      await throttle(page, 4);
      await page.route('**/*', async (r) => {
        const u = r.request().url();
        const ms = /\.woff2$/.test(u) ? fontMs : /\/assets\/app-[^/]*\.css$/.test(u) ? cssMs : 0;
        if (ms) await new Promise((done) => setTimeout(done, ms));
        await r.continue();
      });
      await page.addInitScript(SHIFT_OBSERVER);
      await page.goto(site.url + '/guides/ivr/');
      await h1(page);
      // Both late files have been applied (the stylesheet's media is no longer print) before the shifts are read.
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.media !== 'print' && l.sheet));
      await page.waitForFunction(() => document.fonts.status === 'loaded');
      const { shifts, sources } = await shiftsSoFar(page);
      expect(
        shifts.reduce((a, b) => a + b, 0),
        `font ${fontMs} ms, stylesheet ${cssMs} ms: layout shifts\n${sources.join('\n')}`,
      ).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  }, 60_000);

  it('shows the page of the address when the address changed while the app was starting (8x CPU)', async () => {
    // Before the fix, a change between the router's first (transition) render and its listening was lost
    // for pushes 20-100 ms after the static h1 at this slowdown: the document's page under another address.
    // The window's two ends and its middle: each cold start at 8x CPU costs 6 s on an idle machine, and
    // about three times that beside another browser test.
    const [from, to] = [site.manifest.pages.find((r) => r.path === '/api/')!, site.manifest.pages.find((r) => r.path === '/api/cli/')!];
    for (const wait of [20, 50, 100]) {
      const { page, errors } = await site.open();
      await throttle(page, 8);
      await page.goto(site.url + from.path, { waitUntil: 'commit' });
      await page.locator('main h1').waitFor();
      await page.waitForTimeout(wait); // a point in the app's start, not a wait for a condition
      await page.evaluate((p) => {
        history.pushState(null, '', p);
        dispatchEvent(new PopStateEvent('popstate'));
      }, to.path);
      await page.locator('html[data-app]').waitFor({ state: 'attached' });
      await page
        .waitForFunction((t) => document.querySelector('main h1')?.textContent?.trim() === t && !document.querySelector('main [aria-busy="true"]'), to.title, { timeout: 15_000 })
        .catch(async () => {
          throw new Error(`${wait} ms: the address is ${new URL(page.url()).pathname} but the page shows "${await page.locator('main h1').first().textContent()}"`);
        });
      expect(errors, `${wait} ms`).toEqual([]);
      await page.context().close();
    }
  }, 180_000);

  it('keeps the reader’s scroll position and focus in the body when the app takes over late', async () => {
    const { page } = await site.open();
    // The app's entry script is held back until the reader has scrolled.
    const release = await holdAppScripts(page);
    // Module scripts hold DOMContentLoaded back: wait for the document's own text instead.
    await page.goto(`${site.url}/guides/ivr/`, { waitUntil: 'commit' });
    await page.locator('main h1').waitFor();
    await page.waitForFunction(() => document.documentElement.scrollHeight > 3000);
    // The reader has tabbed to a heading's anchor in the body, then scrolled on.
    const focused = await page.evaluate(() => {
      const a = document.querySelectorAll<HTMLAnchorElement>('main a.header-anchor')[3]!;
      a.focus({ preventScroll: true });
      return a.getAttribute('href');
    });
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
    await page.waitForFunction(() => window.scrollY > 1000);
    const before = await page.evaluate(() => window.scrollY);
    release();
    await page.locator('html[data-app]').waitFor({ state: 'attached' });
    // The takeover has moved the static body into the app's layout; two frames later the scroll is where it stays.
    await page.locator('[data-static-body]').waitFor({ state: 'detached' });
    await framesPainted(page);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThanOrEqual(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(focused);
  });

  it('keeps focus on a link of the frame (the sidebar) that the app renders anew', async () => {
    const { page } = await site.open();
    const release = await holdAppScripts(page);
    await page.goto(`${site.url}/guides/ivr/`, { waitUntil: 'commit' });
    await page.locator('aside .sidebar-list > li > a').first().waitFor();
    const href = await page.evaluate(() => {
      const a = document.querySelectorAll<HTMLAnchorElement>('aside .sidebar-list > li > a')[2]!;
      a.focus();
      return a.getAttribute('href');
    });
    release();
    await page.locator('html[data-app]').waitFor({ state: 'attached' });
    await expect.poll(() => page.evaluate(() => [document.activeElement?.closest('aside') !== null, document.activeElement?.getAttribute('href')])).toEqual([true, href]);
  });

  it('honours the #anchor of a cold deep link, and keeps it when the app takes over', async () => {
    const { page } = await site.open();
    const record = site.manifest.pages.find((r) => r.path === '/guides/ivr/')!;
    // A heading in the middle of the page, which the browser can scroll to the top.
    const target = record.headers[Math.floor(record.headers.length / 2)]!;
    await page.goto(`${site.url}/guides/ivr/#${target.slug}`);
    await h1(page);
    const top = () => page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, target.slug);
    await expect.poll(top).toBeGreaterThanOrEqual(0);
    await expect.poll(top).toBeLessThan(200);
  });

  it("lays a long article's later sections out as the reader reaches them: each shows its text when scrolled to, and a cold link to the last heading lands on it", async () => {
    const record = site.manifest.pages.find((r) => r.path === '/api/test-api/')!;
    const { page, context, errors } = await site.open();
    // The document alone, its scripts held back: the sections keep their deferred layout.
    await context.route('**/assets/**/*.js', (route) => route.abort());
    await page.goto(site.url + record.path);
    const sections = page.locator('main .content > section.page-section');
    await sections.first().waitFor({ state: 'attached' });
    const n = await sections.count();
    expect(n).toBeGreaterThan(3);
    // The last one is far below the first screen: its text is in the document, its layout waits.
    expect(await sections.nth(n - 1).evaluate((s) => [getComputedStyle(s).contentVisibility, (s.textContent ?? '').trim() !== ''])).toEqual(['auto', true]);
    for (let i = 0; i < n; i++) {
      await sections.nth(i).scrollIntoViewIfNeeded();
      // Laid out in the frame that brings it into view.
      await framesPainted(page);
      expect((await sections.nth(i).innerText()).trim(), `section ${i}`).not.toBe('');
    }
    expect(errors.filter((e) => !e.includes('ERR_FAILED'))).toEqual([]);

    const last = record.headers.filter((h) => h.level === 2).at(-1)!;
    const cold = await site.open();
    await cold.page.goto(`${site.url}${record.path}#${last.slug}`);
    await h1(cold.page);
    const top = () => cold.page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), last.slug);
    await expect.poll(top).toBeGreaterThanOrEqual(0);
    await expect.poll(top).toBeLessThan(200);
    const before = await top();
    await cold.page.locator('html[data-app]').waitFor({ state: 'attached' });
    await framesPainted(cold.page);
    expect(await top()).toBe(before);
    // Laying the other sections out for real, once the browser is idle, keeps the heading in place.
    await cold.page.locator(`main [${LAZY_SECTIONS_ATTR}]`).waitFor({ state: 'detached' });
    await framesPainted(cold.page);
    expect(Math.abs((await top()) - before)).toBeLessThanOrEqual(1);
    expect(cold.errors).toEqual([]);
  });

  it('gives every section its real height once the browser is idle after the takeover: a jump to the end stays there', async () => {
    const record = site.manifest.pages.find((r) => r.path === '/api/test-api/')!;
    const { page, errors } = await site.open({ viewport: { width: 1280, height: 500 } });
    await page.goto(site.url + record.path);
    await page.locator('html[data-app]').waitFor({ state: 'attached' });
    await page.locator(`main [${LAZY_SECTIONS_ATTR}]`).waitFor({ state: 'detached' });
    // The article's DOM is then the one the app renders itself: no mark, no style left on the sections.
    expect(await page.locator('main .content > section.page-section[style]').count()).toBe(0);
    const gap = () => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight - window.scrollY);
    await page.evaluate(() => window.scrollTo({ top: 1e6, behavior: 'instant' }));
    await framesPainted(page, 3);
    expect(await gap()).toBeLessThanOrEqual(1);
    expect(errors).toEqual([]);
  });

  it('navigates in the app from a link of the adopted body, and copies code from its buttons', async () => {
    const { page, context, errors } = await site.open();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(`${site.url}/guides/ivr/`);
    await h1(page);
    const copy = page.locator('main .code-block .copy-button').first();
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied');
    const code = await page.locator('main .code-block pre').first().textContent();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code!.replace(/\n$/, ''));
    let documents = 0;
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents++;
    });
    const link = page.locator('main .content a[href^="/"]:not([download])').first();
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL((u) => u.pathname === href!.replace(/#.*$/, ''));
    await page.locator('main h1').first().waitFor();
    expect(documents).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the Markdown pipeline on a page document', () => {
  let slow: Site;
  beforeAll(async () => {
    // Every answer 300 ms late: a chunk imported only once the chunk that imports it has arrived is asked for after that answer.
    slow = await startSite({ latencyMs: 300 });
  });
  afterAll(() => slow?.close());

  it('asks for all its chunks at the first sign of a reader heading for a link, not one level of imports at a time', async () => {
    const modules = (JSON.parse(readFileSync(path.join(DIST, 'data/site.json'), 'utf8')) as { markdownModules?: string[] }).markdownModules ?? [];
    // The pipeline's chunk and at least one chunk it imports: else there would be no second level to wait for.
    expect(modules.length).toBeGreaterThanOrEqual(2);
    const { page, errors } = await slow.open();
    await page.goto(`${slow.url}/guides/ivr/`);
    await page.locator('html[data-app]').waitFor({ state: 'attached' });
    const asked: string[] = [];
    let pipelineAnswered = -1;
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === modules[0] && pipelineAnswered < 0) pipelineAnswered = asked.length;
    });
    await page.locator('aside a[href^="/"]').first().hover();
    await expect.poll(() => pipelineAnswered, { timeout: 15_000 }).toBeGreaterThanOrEqual(0);
    // Each of them was asked for before the pipeline's own chunk had come back.
    const before = asked.slice(0, pipelineAnswered);
    expect(modules.filter((m) => !before.includes(m))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
