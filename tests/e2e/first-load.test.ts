// The first load of a deep link on a static host: 404.html asks for the page's chunk while it sends
// the reader on to index.html, index.html reuses that answer when it belongs to its own build, and the
// stylesheet comes inside index.html. Counted on the server, which sees what really crossed the wire.
// 404.html's request and index.html race. The request is a keep-alive fetch, so it is not cancelled when
// index.html arrives first; but if it is still in flight when the boot script asks, the boot script's own
// request goes out as well. The tests that count requests hold index.html back a little, as a slower
// network does, so the outcome does not depend on timing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { launchBrowser } from '../support/browser.ts';
// The first load of the single output (one index.html, 404.html redirecting to it); a page document's
// first load is tested in page-documents.test.ts.
import { SINGLE_DIST as DIST, framesPainted, h1, waitForAddress } from '../support/site.ts';
import type { Manifest } from '../../src/shared/schemas/manifest.ts';
import { FONT_HOLD_MAX_WAIT_MS } from '../../src/shared/fonts.ts';

/** One answer: `early` when 404.html asked (its address is the deep link), `done` when it was sent whole. */
interface Served {
  url: string;
  status: number;
  early: boolean;
  done: boolean;
}
interface Host {
  url: string;
  log: Served[];
  close(): Promise<void>;
}

/** Serves `root`, logging every answer; index.html (`/`) is answered `holdIndexMs` late, the chunks `holdChunkMs` late. */
async function serve(root: string, holdIndexMs = 0, holdChunkMs = 0): Promise<Host> {
  const s = await startServer({ root, port: 0 });
  const log: Served[] = [];
  s.server.prependListener('request', (req, res) => {
    const hold = req.url === '/' ? holdIndexMs : req.url?.startsWith('/data/pages/') ? holdChunkMs : 0;
    if (hold > 0) {
      const end = res.end.bind(res) as (...a: unknown[]) => typeof res;
      res.end = ((...a: unknown[]) => (setTimeout(() => end(...a), hold), res)) as typeof res.end;
    }
    const from = new URL(req.headers.referer ?? 'http://host/').pathname;
    res.on('close', () => log.push({ url: req.url ?? '', status: res.statusCode, early: from !== '/', done: res.writableFinished }));
  });
  return { url: s.url, log, close: s.close };
}
const HOLD_MS = 300;

const manifest = JSON.parse(readFileSync(path.join(DIST, 'manifest.json'), 'utf8')) as Manifest;
const target = manifest.pages.find((p) => p.path === '/guides/ivr/')!;
const chunk = '/data/pages/guides/ivr/index.json';
let browser: Browser;
let work: string;
beforeAll(async () => {
  browser = await launchBrowser();
  work = mkdtempSync(path.join(tmpdir(), 'first-load-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Opens the deep link in a fresh context (empty cache); returns the server's log of that load. */
async function coldLoad(host: Host): Promise<{ served: Served[]; errors: string[] }> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  const from = host.log.length;
  try {
    await page.goto(host.url + target.path);
    await waitForAddress(page, (u) => u.pathname === target.path && u.search === '');
    expect(await h1(page)).toBe(target.title);
    await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached' });
    return { served: host.log.slice(from), errors };
  } finally {
    await context.close();
  }
}

describe('a cold deep link', () => {
  it("fetches its chunk once: 404.html's request is what index.html shows", async () => {
    const host = await serve(DIST, HOLD_MS);
    try {
      for (let i = 0; i < 3; i++) {
        const { served, errors } = await coldLoad(host);
        expect(served[0]).toMatchObject({ url: target.path, status: 404 });
        expect(served.filter((s) => s.url === chunk)).toEqual([{ url: chunk, status: 200, early: true, done: true }]);
        expect(errors).toEqual([]);
      }
    } finally {
      await host.close();
    }
  });

  it("asks again, past the cache, when 404.html's chunk is of another build than index.html", async () => {
    const root = path.join(work, 'other-build');
    cpSync(DIST, root, { recursive: true });
    const file = path.join(root, 'index.html');
    const html = readFileSync(file, 'utf8');
    const changed = html.replace(/<meta name="build-id" content="[^"]*">/, '<meta name="build-id" content="another-build">');
    expect(changed).not.toBe(html);
    writeFileSync(file, changed);
    const host = await serve(root, HOLD_MS);
    try {
      const { served } = await coldLoad(host);
      // 404.html's request, then the boot script's own, which revalidates what the first one stored.
      expect(served.filter((s) => s.url === chunk).map((s) => [s.status, s.early])).toEqual([
        [200, true],
        [304, false],
      ]);
    } finally {
      await host.close();
    }
  });

  it('needs no stylesheet request: the CSS is inline, allowed by its hash in the Content-Security-Policy', async () => {
    const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(css).toBeTruthy();
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1]!;
    const style = /style-src ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(style).toContain(`'sha256-${createHash('sha256').update(css!).digest('base64')}'`);
    expect(style).not.toContain("'unsafe-inline'");
    const host = await serve(DIST);
    try {
      const { served, errors } = await coldLoad(host);
      expect(served.filter((s) => /\.css(\?|$)/.test(s.url))).toEqual([]);
      expect(errors).toEqual([]); // a blocked style would be a CSP error here
    } finally {
      await host.close();
    }
  });

  it('shifts nothing on screen: cumulative layout shift 0 on a cold deep link and on the next page (4x CPU slowdown)', async () => {
    const host = await serve(DIST);
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
    try {
      // Every layout shift not caused by input, from the first document on (the binding survives the redirect).
      const shifts: Array<{ value: number; url: string }> = [];
      await context.exposeBinding('__shift', ({ page }, value: number) => shifts.push({ value, url: page.url() }));
      await context.addInitScript(() => {
        const w = window as unknown as { __shift: (v: number) => void; __flushShifts: () => void };
        const take = (entries: PerformanceEntry[]) => {
          for (const e of entries as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.__shift(e.value);
        };
        const observer = new PerformanceObserver((list) => take(list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        // What the observer holds and has not delivered yet.
        w.__flushShifts = () => take(observer.takeRecords());
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(host.url + target.path);
      await waitForAddress(page, (u) => u.pathname === target.path);
      await page.locator('main .page-footer').waitFor();
      // Two more frames on screen (a shift is measured when its frame is painted), then the pending entries.
      await framesPainted(page);
      await page.evaluate(() => (window as unknown as { __flushShifts: () => void }).__flushShifts());
      const next =
        manifest.pages.find((p) => p.path === target.path.replace(/[^/]+\/$/, '') + 'alexa/') ?? manifest.pages.find((p) => !p.frontmatter.home && !p.frontmatter.layout && p.path !== target.path)!;
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, next.path);
      await page.getByRole('heading', { level: 1, name: next.title }).waitFor();
      await page.locator('main .page-footer').waitFor();
      // Two more frames on screen (a shift is measured when its frame is painted), then the pending entries.
      await framesPainted(page);
      await page.evaluate(() => (window as unknown as { __flushShifts: () => void }).__flushShifts());
      expect(
        shifts.reduce((sum, s) => sum + s.value, 0),
        JSON.stringify(shifts),
      ).toBeLessThan(0.0005);
    } finally {
      await context.close();
      await host.close();
    }
  });

  it("paints the page's opening text before the app's code has run, and the app's render of it replaces it as it is", async () => {
    const lead = (JSON.parse(readFileSync(path.join(DIST, chunk), 'utf8')) as { lead?: unknown[] }).lead;
    expect(lead?.length).toBeGreaterThan(0);
    const host = await serve(DIST);
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
    try {
      await context.addInitScript(() => {
        const w = window as unknown as { __lcp: Array<{ size: number; tag: string }> };
        w.__lcp = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { size: number; element: Element | null }>) w.__lcp.push({ size: e.size, tag: e.element?.tagName ?? '' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const page = await context.newPage();
      // Without the app's code: what index.html paints by itself.
      await page.route(/\/assets\/main-[^/]+\.js$/, (r) => r.abort());
      await page.goto(host.url + target.path);
      const first = page.locator('[data-static-shell] article .content > :first-child');
      await first.waitFor();
      const bootText = await page.locator('[data-static-shell] article .content').innerText();
      expect(bootText.length).toBeGreaterThan(100);
      const bootBox = await first.boundingBox();
      // With it: the same first block, at the same place, and no larger paint after it.
      await page.unroute(/\/assets\/main-[^/]+\.js$/);
      await page.reload();
      await waitForAddress(page, (u) => u.pathname === target.path);
      await page.locator('main .page-footer').waitFor();
      const appFirst = page.locator('main article .content > :first-child');
      expect(await appFirst.boundingBox()).toEqual(bootBox);
      expect((await page.locator('main article .content').innerText()).startsWith(bootText.trim())).toBe(true);
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: Array<{ size: number; tag: string }> }).__lcp);
      expect(lcp.at(-1)?.tag, JSON.stringify(lcp)).toBe('P');
      expect(
        lcp.filter((e) => e.tag === 'P'),
        JSON.stringify(lcp),
      ).toHaveLength(1);
    } finally {
      await context.close();
      await host.close();
    }
  });

  it("lets 404.html's request for the chunk finish when index.html arrives first, so the answer is cached", async () => {
    const host = await serve(DIST, 0, HOLD_MS);
    try {
      const { served, errors } = await coldLoad(host);
      const early = served.filter((s) => s.url === chunk && s.early);
      expect(early).toEqual([{ url: chunk, status: 200, early: true, done: true }]); // not cancelled by the redirect
      expect(errors).toEqual([]);
    } finally {
      await host.close();
    }
  });

  it('waits for the fonts before its first paint only when they can arrive in time (a fast connection or the cache), and fetches each face once', async () => {
    const fonts = ['/assets/fonts/open-sans-400.woff2', '/assets/fonts/open-sans-700.woff2'];
    // index.html answered at once (a fast connection), then HOLD_MS late (a slow one, longer than the hold), then
    // at once but with a long round trip in the browser's estimate. The estimate is set here: Chromium takes no
    // samples from a local server, so it would be its default for the machine's connection type (100 ms on some).
    for (const [hold, rtt, fast] of [
      [0, 50, true],
      [HOLD_MS, 50, false],
      [0, 150, false],
    ] as const) {
      const host = await serve(DIST, hold);
      const context = await browser.newContext({ serviceWorkers: 'block' });
      await context.addInitScript((ms: number) => Object.defineProperty(navigator, 'connection', { value: { rtt: ms }, configurable: true }), rtt);
      try {
        const page = await context.newPage();
        await page.goto(host.url + target.path);
        await waitForAddress(page, (u) => u.pathname === target.path && u.search === '');
        expect(await h1(page)).toBe(target.title);
        // The rule is the document's first byte within FONT_HOLD_MAX_WAIT_MS of its request. A machine too busy to
        // answer even an unheld request that soon makes it a slow connection: the rule is checked as it applied.
        const firstByte = await page.evaluate(() => {
          const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return n.responseStart - (n.requestStart || n.fetchStart);
        });
        const headPreloads = fast && firstByte <= FONT_HOLD_MAX_WAIT_MS ? 2 : 0;
        expect(await page.locator('head link[rel="preload"][as="font"]').count(), `index.html held ${hold} ms, round trip ${rtt} ms, first byte ${firstByte} ms`).toBe(headPreloads);
        // Either way the faces arrive and are in use, each fetched once (head and body preloads are one request).
        await page.waitForFunction(() => document.fonts.check('700 16px "Open Sans"') && document.fonts.check('400 16px "Open Sans"'));
        await page.waitForLoadState('networkidle');
        expect(
          host.log
            .filter((s) => fonts.includes(s.url))
            .map((s) => s.url)
            .sort(),
          `index.html held ${hold} ms, round trip ${rtt} ms`,
        ).toEqual(fonts);
        if (headPreloads === 0) {
          // The slow first visit painted in the fallback face from the start, and noted the faces once they came.
          expect(await page.evaluate(() => document.documentElement.classList.contains('font-fallback'))).toBe(true);
          expect(await page.evaluate(() => localStorage.getItem('fonts-cached'))).toBe('open-sans-400.woff2 open-sans-700.woff2');
          // The next document, as slow, waits for them: they come from the cache.
          const next = await context.newPage();
          await next.goto(host.url + target.path);
          await waitForAddress(next, (u) => u.pathname === target.path && u.search === '');
          expect(await next.locator('head link[rel="preload"][as="font"]').count(), 'a repeat visit holds for the cached fonts').toBe(2);
        }
      } finally {
        await context.close();
        await host.close();
      }
    }
  });
});
