// A failing network in Chromium: site data or a chunk that aborts, answers 503/404, is slow, HTML or truncated.
// The reader gets an error view with Retry, transient failures are retried with backoff, the rest of the site keeps working,
// and the last navigation wins over a slow earlier one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request, Route } from 'playwright-core';
import { h1, noteAnswers, SINGLE_DIST, startSite, waitForAddress, type Site } from '../support/site.ts';
import { chunkUrl } from '../../src/shared/paths.ts';
import { MAX_RETRIES, RETRY_BASE_DELAY_MS } from '../../src/app/query-client.ts';
import type { Manifest } from '../../src/shared/schemas/manifest.ts';
import type { PageRecord } from '../../src/shared/schemas/page-record.ts';
import type { SidebarItem } from '../../src/shared/schemas/site-config.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

/** How a response goes wrong. */
type Failure = 'abort' | 503 | 404 | 'html' | 'truncated' | 'slow';
const SLOW_MS = 1_500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Default-layout pages listed in open (not collapsed) sidebar groups, so their links are on screen. */
function sidebarPages(m: Manifest): PageRecord[] {
  const paths: string[] = [];
  const walk = (items: ReadonlyArray<SidebarItem>) =>
    items.forEach((i) => {
      if (typeof i === 'string') paths.push(i);
      else if (!('collapsed' in i && i.collapsed)) walk(i.children);
    });
  walk(m.site.sidebar);
  const byPath = new Map(m.pages.map((p) => [p.path, p]));
  return paths.map((p) => byPath.get(p)).filter((p): p is PageRecord => !!p && (p.frontmatter.layout ?? 'default') === 'default' && !p.frontmatter.home && p.headers.length > 0);
}

/** Three different pages: where the reader starts, and two to go to. */
function threePages() {
  const [start, a, b] = sidebarPages(site.manifest);
  if (!start || !a || !b) throw new Error('the site needs three default pages with headings in open sidebar groups');
  return { start, a, b };
}

/** Answers requests matching `match` with `failure`; logs the time of each request. */
async function breakRequests(page: Page, match: (u: URL) => boolean, failure: Failure): Promise<{ times: number[]; restore: () => Promise<void> }> {
  const times: number[] = [];
  const handler = async (route: Route) => {
    times.push(Date.now());
    if (failure === 'abort') return route.abort('failed');
    if (typeof failure === 'number') return route.fulfill({ status: failure, contentType: 'text/plain', body: `HTTP ${failure}` });
    if (failure === 'html') return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Proxy error</title><p>Upstream unavailable</p>' });
    const body = await (await route.fetch()).text();
    if (failure === 'truncated') return route.fulfill({ status: 200, contentType: 'application/json', body: body.slice(0, Math.floor(body.length / 2)) });
    await sleep(SLOW_MS);
    return route.fulfill({ status: 200, contentType: 'application/json', body });
  };
  await page.route(match, handler);
  return { times, restore: () => page.unroute(match, handler) };
}

/** Same-origin path of a request, decoded. */
const pathOf = (u: URL) => decodeURIComponent(u.pathname);
const chunkOf = (p: PageRecord) => (u: URL) => u.origin === site.url && pathOf(u) === chunkUrl(p.path);

/**
 * Goes to `p` the way a link does, without hovering one first: a hover or focus prefetches the chunk,
 * and the click then fetches it once more if that prefetch failed, which would blur the retry count.
 */
async function navigate(page: Page, p: PageRecord) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, p.path);
}

async function clickSidebar(page: Page, p: PageRecord) {
  await page.locator('.sidebar').getByRole('link', { name: p.title, exact: true }).first().click();
}

/** The page's content is on screen: its h1, its first heading, no error view. */
async function expectContent(page: Page, p: PageRecord) {
  await waitForAddress(page, (u) => u.pathname === p.path);
  await page.locator(`main [id="${p.headers[0]!.slug}"]`).waitFor({ timeout: 10_000 });
  expect(await h1(page)).toBe(p.title);
  expect(await page.getByRole('alert').count()).toBe(0);
}

async function expectErrorView(page: Page, title: RegExp) {
  const alert = page.getByRole('alert');
  await alert.waitFor({ timeout: 15_000 });
  expect(await alert.textContent()).toMatch(title);
  await alert.getByRole('button', { name: 'Retry' }).waitFor();
}

const TITLES: Record<Exclude<Failure, 'slow'>, RegExp> = {
  abort: /offline/i,
  503: /server had a problem/i,
  404: /content is missing/i,
  html: /damaged/i,
  truncated: /damaged/i,
};

/**
 * Logs, in the page, when each fetch of the app starts and settles (performance.now()): the gaps between
 * a failed attempt and the next one are the app's retry delays, measured on the page's own clock. The
 * times the route handler sees in the test's process add each request's trip through it, which on a
 * loaded machine made a first gap of 500 ms read 1,047 ms.
 */
async function logFetches(page: Page): Promise<() => Promise<Array<{ url: string; start: number; end: number }>>> {
  await page.addInitScript(() => {
    const log: Array<{ url: string; start: number; end: number }> = [];
    (window as unknown as { fetchLog: typeof log }).fetchLog = log;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const entry = { url: input instanceof Request ? input.url : String(input), start: performance.now(), end: 0 };
      log.push(entry);
      try {
        return await original(input, init);
      } finally {
        entry.end = performance.now();
      }
    };
  });
  return () => page.evaluate(() => (window as unknown as { fetchLog: Array<{ url: string; start: number; end: number }> }).fetchLog.slice());
}

/** From a loaded page, navigates to one whose chunk fails with `failure`, and waits for the error view. */
async function navigateIntoFailure(failure: keyof typeof TITLES) {
  const { page, errors } = await site.open();
  const fetches = await logFetches(page);
  const { start, a } = threePages();
  await page.goto(site.url + start.path);
  await expectContent(page, start);
  const broken = await breakRequests(page, chunkOf(a), failure);
  await navigate(page, a);
  await expectErrorView(page, TITLES[failure]);
  return { page, errors, a, broken, fetches };
}

describe('a page chunk that fails', () => {
  it.each(['abort', 503] as const)('%s: is retried twice with growing gaps, then shows an error view whose Retry loads the page', async (failure) => {
    const { page, errors, a, broken, fetches } = await navigateIntoFailure(failure);

    expect(broken.times).toHaveLength(1 + MAX_RETRIES);
    // From each failed attempt's end to the next attempt's start, on the page's clock.
    const attempts = (await fetches()).filter((f) => pathOf(new URL(f.url, site.url)) === chunkUrl(a.path));
    expect(attempts).toHaveLength(1 + MAX_RETRIES);
    const gaps = attempts.slice(1).map((f, i) => f.start - attempts[i]!.end);
    // Lower bounds only: a busy machine stretches a timer, never shortens it (one CI run read the
    // 500 ms delay as 1,766 ms and the 1,000 ms one as 1,001 ms). A second gap of at least 1.6 times
    // the base delay is a delay that grew; the exact delays are checked in tests/unit/app/query-client.test.ts.
    expect(gaps[0]!).toBeGreaterThanOrEqual(RETRY_BASE_DELAY_MS * 0.8);
    expect(gaps[1]!).toBeGreaterThanOrEqual(RETRY_BASE_DELAY_MS * 2 * 0.8);

    await broken.restore();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectContent(page, a);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  it.each([404, 'html', 'truncated'] as const)('%s: is not retried (one request) and shows an error view whose Retry loads the page', async (failure) => {
    const { page, errors, a, broken } = await navigateIntoFailure(failure);
    // Longer than the first two retry delays together: no retry is coming.
    await sleep(RETRY_BASE_DELAY_MS * 3 + 300);
    expect(broken.times).toHaveLength(1);

    await broken.restore();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectContent(page, a);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  it.each(['abort', 404] as const)('%s: the rest of the site keeps working through the sidebar', async (failure) => {
    const { page, errors } = await site.open();
    const { start, a, b } = threePages();
    await page.goto(site.url + start.path);
    await expectContent(page, start);
    const broken = await breakRequests(page, chunkOf(a), failure);
    await clickSidebar(page, a);
    await expectErrorView(page, TITLES[failure]);

    await clickSidebar(page, b);
    await expectContent(page, b);
    await clickSidebar(page, start);
    await expectContent(page, start);
    await page.goBack();
    await page.goBack();
    await waitForAddress(page, (u) => u.pathname === a.path);
    // Still broken: the error view again, never another page's content under this address.
    await expectErrorView(page, TITLES[failure]);
    expect(await h1(page)).not.toBe(b.title);

    await broken.restore();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectContent(page, a);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });

  it('slow: the page arrives late, with no error view', async () => {
    const { page } = await site.open();
    const { start, a } = threePages();
    await page.goto(site.url + start.path);
    await expectContent(page, start);
    const slow = await breakRequests(page, chunkOf(a), 'slow');
    const t0 = Date.now();
    await clickSidebar(page, a);
    await expectContent(page, a);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(SLOW_MS * 0.9);
    expect(slow.times).toHaveLength(1);
  });
});

describe('the last navigation wins', () => {
  it('a slow page never replaces a page the reader has already moved on to', async () => {
    const { page, errors } = await site.open();
    const { start, a, b } = threePages();
    await page.goto(site.url + start.path);
    await expectContent(page, start);
    // Every h1 text shown from now on, in order.
    await page.evaluate(() => {
      const log: string[] = [];
      (window as unknown as { __h1s: string[] }).__h1s = log;
      const note = () => {
        const t = document.querySelector('main h1')?.textContent?.trim() ?? '';
        if (t && log[log.length - 1] !== t) log.push(t);
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const slow = await breakRequests(page, chunkOf(a), 'slow');
    await clickSidebar(page, a);
    await sleep(100);
    await clickSidebar(page, b);
    await expectContent(page, b);
    // A's answer arrives in the meantime.
    await sleep(SLOW_MS + 700);
    expect(slow.times).toHaveLength(1);
    await expectContent(page, b);
    expect(new URL(page.url()).pathname).toBe(b.path);
    const h1s = await page.evaluate(() => (window as unknown as { __h1s: string[] }).__h1s);
    expect(h1s.slice(h1s.indexOf(b.title))).not.toContain(a.title);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  });
});

// In the single output the app needs these files before it can show anything. A page document shows its
// page without them (and its links work): it stays as it is when they fail (page-documents.test.ts).
describe('the site data that fails', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ root: SINGLE_DIST });
  });
  afterAll(() => site?.close());

  /** The site-wide data files a cold load fetches (route table, route files, or a single manifest): every JSON but the page chunks. */
  async function siteDataFiles(start: PageRecord): Promise<string[]> {
    const { page } = await site.open();
    const seen = new Set<string>();
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.origin === site.url && u.pathname.endsWith('.json') && !u.pathname.startsWith('/data/pages/') && !u.pathname.startsWith('/search/')) seen.add(pathOf(u));
    });
    await page.goto(site.url + start.path);
    await expectContent(page, start);
    await page.close();
    return [...seen].sort();
  }

  it('each file a cold load needs: abort, HTML, truncated and slow answers end in an error view whose Retry recovers, or in the page', async () => {
    const { start } = threePages();
    const files = await siteDataFiles(start);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      for (const failure of ['abort', 'html', 'truncated', 'slow'] as const) {
        const { page, errors } = await site.open();
        // Every request of the page not answered yet (a module or a fetch that never settles keeps a page waiting).
        const pending = new Set<Request>();
        page.on('request', (r) => pending.add(r));
        page.on('requestfinished', (r) => pending.delete(r));
        page.on('requestfailed', (r) => pending.delete(r));
        const broken = await breakRequests(page, (u) => u.origin === site.url && pathOf(u) === file, failure);
        await page.goto(site.url + start.path);
        if (failure === 'slow') {
          await expectContent(page, start);
        } else {
          await expectErrorView(page, TITLES[failure]);
          await broken.restore();
          // What the page asks for after Retry, for the message below.
          const asked: string[] = [];
          noteAnswers(page, (line) => asked.push(line));
          page.on('requestfailed', (r) => asked.push(`${new URL(r.url()).pathname} failed: ${r.failure()?.errorText ?? '?'}`));
          await page.getByRole('button', { name: 'Retry' }).click();
          // Said with the file, the failure and what the page shows instead, should it not recover. It timed
          // out once in a clean clone on a loaded machine (1 December: the page's title and lead shown, not
          // the heading waited for) and once in a whole run on a fresh machine (2 December, the same), and
          // passed alone and under load since; this says where it stopped.
          await expectContent(page, start).catch(async (e: unknown) => {
            // Slow or stuck: the heading looked for again, 15 s later.
            const later = await page
              .locator(`main [id="${start.headers[0]!.slug}"]`)
              .waitFor({ timeout: 15_000 })
              .then(
                () => 'shown 15 s later',
                () => 'still absent 15 s later',
              );
            const shown = await page
              .evaluate((slug) => {
                const main = document.querySelector('main');
                const heading = document.getElementById(slug);
                const box = heading?.getBoundingClientRect();
                return JSON.stringify({
                  text: main?.textContent?.slice(0, 200) ?? 'no main',
                  headings: main?.querySelectorAll('h2, h3').length ?? 0,
                  heading: heading ? `${Math.round(box!.width)}x${Math.round(box!.height)}` : 'absent',
                  busy: [...document.querySelectorAll('[aria-busy="true"]')].map((b) => `${b.tagName.toLowerCase()}.${b.className.split(' ')[0] ?? ''}`).join(' '),
                  alerts: document.querySelectorAll('[role="alert"]').length,
                });
              }, start.headers[0]!.slug)
              .catch(() => 'not readable');
            const why = e instanceof Error ? e.message.split('\n')[0] : String(e);
            throw new Error(
              `${file} ${failure}: Retry did not bring the page back (${why}; ${later}); address ${page.url()}; page: ${shown}; asked after Retry: ${asked.join(', ') || 'nothing'}; not answered: ${[...pending].map((r) => new URL(r.url()).pathname).join(', ') || 'none'}; errors: ${errors.join(' | ') || 'none'}`,
              { cause: e },
            );
          });
        }
        expect(
          errors.filter((e) => e.startsWith('pageerror')),
          `${file} ${failure}`,
        ).toEqual([]);
        await page.context().close();
      }
    }
  }, 120_000);

  it('the route table answering 503 is retried with backoff; answering 404 it is not', async () => {
    const { start } = threePages();
    const files = await siteDataFiles(start);
    // The one file every address needs (a missing section route file only means "no pages there").
    const file = files.find((f) => /(^|\/)(site|manifest)\.json$/.test(f)) ?? files[0]!;
    for (const [failure, count] of [
      [503, 1 + MAX_RETRIES],
      [404, 1],
    ] as const) {
      const { page } = await site.open();
      const broken = await breakRequests(page, (u) => u.origin === site.url && pathOf(u) === file, failure);
      await page.goto(site.url + start.path);
      await expectErrorView(page, TITLES[failure]);
      await sleep(failure === 404 ? RETRY_BASE_DELAY_MS * 3 + 300 : 0);
      // index.html may preload the file; the preload and the app's fetch can each reach the network once.
      expect(broken.times.length, `${file} ${failure}: ${broken.times.length} requests`).toBeGreaterThanOrEqual(count);
      expect(broken.times.length).toBeLessThanOrEqual(count + 1);
      await page.context().close();
    }
  });
});
