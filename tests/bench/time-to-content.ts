/**
 * Time to content: from the start of the first document to the page's h1
 * painted, for a cold deep link under the emulated device, beside the same
 * figure for the plain static HTML file of the same content. Runs alternate
 * app and static; each cold run is followed by a repeat visit in a new tab
 * of the same context (HTTP cache warm).
 */
import type { Browser, Page } from 'playwright-core';
import { articlePainted, docAt, type ArticleEvent, firstDoc, resetProbe, waitForH1, waitForParsed } from './probe.ts';
import { waitForQuiet, type SiteServer } from './site-server.ts';
import { spread, type Spread } from './stats.ts';
import { openTab } from './tab.ts';

/** Medians (with min and max) over the runs, in ms. */
export interface TimeToContent {
  path: string;
  staticUrl: string;
  runs: number;
  /** Deep link, cold: from the deep link's request (404.html) to the h1 painted. */
  cold: Spread;
  /** Same runs, from the index.html document's start. */
  coldFromIndex: Spread;
  /** Repeat visit (warm HTTP cache), end to end. */
  warm: Spread;
  warmFromIndex: Spread;
  staticCold: Spread;
  staticWarm: Spread;
  /** Median app time / median static time. */
  ratioCold: number;
  ratioWarm: number;
  /**
   * Cold, to the whole article painted: the frame after the parser's last
   * insertion into the article (for an article drawn by a script, the frame
   * after the document was parsed, or the h1's, whichever is later).
   */
  wholeCold: Spread;
  /** Cold, to the frame after the whole document (the one that painted the h1) was parsed. */
  parsedCold: Spread;
  staticParsedCold: Spread;
  staticWholeCold: Spread;
  ratioWholeCold: number;
  /**
   * Each round's own ratio of the whole article, app over static (the two
   * loads of a round follow each other): what the machine's drift between
   * rounds does not move. Printed beside the ratio of the medians, which is
   * the one the budget judges.
   */
  pairedWholeCold?: Spread;
  /** How each cold run's whole article was read (app runs, then static runs): Element Timing, the frame after, or the document's parse. */
  wholeSources: { app: string[]; static: string[] };
}

interface One { endToEnd: number; fromIndex: number; whole: number; parsed: number; wholeSource: ArticleEvent['source'] | 'parsed' }

/** Loads `url` in `page` and times its h1 (epoch ms clock of the page). */
async function timeLoad(page: Page, url: string, h1: string): Promise<One> {
  resetProbe(page);
  await page.goto(url, { waitUntil: 'commit' });
  const hit = await waitForH1(page, h1);
  if (!hit) throw new Error(`The h1 "${h1}" of ${url} was not painted within 30 s.`);
  const first = firstDoc(page)!;
  const doc = docAt(page, hit.painted) ?? first;
  const parsed = await waitForParsed(page, doc.origin);
  if (!parsed) throw new Error(`${url} was not parsed within 30 s.`);
  const article = await articlePainted(page, doc.origin);
  return {
    endToEnd: hit.painted - first.origin,
    fromIndex: hit.painted - doc.origin,
    whole: Math.max((article ?? parsed).painted, hit.painted) - first.origin,
    parsed: Math.max(parsed.painted, hit.painted) - first.origin,
    wholeSource: article?.source ?? 'parsed',
  };
}

/** How long the first visit may take to install the site's service worker. */
const WORKER_TIMEOUT_MS = 15_000;

/**
 * A cold load then a repeat visit, in one fresh context. The repeat visit is
 * one with everything cached: it starts once the first visit is over, the
 * network quiet and, for the app (`worker`), its service worker installed and
 * active (the app registers it a second after the load event).
 */
async function coldAndWarm(browser: Browser, server: SiteServer, url: string, h1: string, worker: boolean): Promise<{ cold: One; warm: One }> {
  const tab = await openTab(browser, { network: true, cpu: true });
  try {
    const cold = await timeLoad(tab.page, url, h1);
    await waitForQuiet(server, 500);
    if (worker) {
      const active = await tab.page
        .waitForFunction('navigator.serviceWorker.getRegistration().then((r) => !!(r && r.active))', null, { timeout: WORKER_TIMEOUT_MS, polling: 100 })
        .then(() => true, () => false);
      if (!active) throw new Error(`${url}: no active service worker ${WORKER_TIMEOUT_MS / 1000} s after the first visit.`);
      await waitForQuiet(server, 500);
    }
    const warm = await timeLoad(await tab.reopen(), url, h1);
    return { cold, warm };
  } finally {
    await tab.close();
  }
}

/**
 * Measures `path` (a deep link) and its static twin at `staticUrl`, `runs`
 * times each. `worker` (default true): the site installs a service worker,
 * which the repeat visit waits for.
 */
export async function measureTimeToContent(browser: Browser, server: SiteServer, o: { path: string; h1: string; staticUrl: string; runs: number; worker?: boolean }): Promise<TimeToContent> {
  const app: Array<{ cold: One; warm: One }> = [];
  const stat: Array<{ cold: One; warm: One }> = [];
  for (let i = 0; i < o.runs; i++) {
    app.push(await coldAndWarm(browser, server, server.url + o.path, o.h1, o.worker ?? true));
    stat.push(await coldAndWarm(browser, server, server.url + o.staticUrl, o.h1, false));
  }
  const cold = spread(app.map((r) => r.cold.endToEnd));
  const warm = spread(app.map((r) => r.warm.endToEnd));
  const staticCold = spread(stat.map((r) => r.cold.endToEnd));
  const staticWarm = spread(stat.map((r) => r.warm.endToEnd));
  const wholeCold = spread(app.map((r) => r.cold.whole));
  const staticWholeCold = spread(stat.map((r) => r.cold.whole));
  return {
    path: o.path,
    staticUrl: o.staticUrl,
    runs: o.runs,
    cold,
    coldFromIndex: spread(app.map((r) => r.cold.fromIndex)),
    warm,
    warmFromIndex: spread(app.map((r) => r.warm.fromIndex)),
    staticCold,
    staticWarm,
    ratioCold: cold.median / staticCold.median,
    ratioWarm: warm.median / staticWarm.median,
    wholeCold,
    staticWholeCold,
    parsedCold: spread(app.map((r) => r.cold.parsed)),
    staticParsedCold: spread(stat.map((r) => r.cold.parsed)),
    ratioWholeCold: wholeCold.median / staticWholeCold.median,
    pairedWholeCold: spread(app.map((r, i) => r.cold.whole / stat[i]!.cold.whole)),
    wholeSources: { app: app.map((r) => r.cold.wholeSource), static: stat.map((r) => r.cold.wholeSource) },
  };
}
