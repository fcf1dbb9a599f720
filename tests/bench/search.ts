/**
 * Search: open the box with "/" and type a word letter by letter, waiting for
 * each answer. Figures: bytes the server sent from "/" until the first result
 * option appeared (workers included: the server counts them), and, per
 * keystroke, keydown -> the last painted change of the search UI. Measured
 * with the 4x CPU slowdown and no network emulation (local server), so the
 * keystroke figure is the client's work, not round trips.
 */
import type { Browser, Page } from 'playwright-core';
import { classify } from './classify.ts';
import { pollPage, probeEvents, waitForH1, type KeyEvent } from './probe.ts';
import { waitForQuiet, type SiteServer } from './site-server.ts';
import { spread, type Spread } from './stats.ts';
import { openTab } from './tab.ts';

/** Search figures on one site. */
export interface SearchFigures {
  site: string;
  query: string;
  /** Body bytes from "/" to the first result: search index and runtime, app JS, the rest. */
  bytesToFirst: { search: number; js: number; other: number; total: number };
  requestsToFirst: number;
  /** First letter's keydown to the first result option in the DOM, ms (letters typed one at a time, each answer awaited). */
  msToFirst: number | null;
  /** Keydown -> last painted change, per letter (ms; null when nothing changed). */
  keystrokes: Array<{ key: string; ms: number | null }>;
  /** Over the keystrokes after the first (which also loads the engine). */
  perKeystroke: Spread;
  /** Options shown for the whole word. */
  results: number;
}

interface SearchState { firstOption: number | null; lastChange: number | null; options: number; changes: number; busy: boolean }
const state = (page: Page) => page.evaluate<SearchState>('window.__benchSearch');

/**
 * Waits for the answer to a keystroke: the search UI changed since `changes`,
 * says it is not busy (aria-busy), the server is idle, and nothing has changed
 * for `quietMs`. A keystroke that changes nothing settles after `idleMs`.
 */
async function settle(page: Page, server: SiteServer, changes: number, quietMs = 300, idleMs = 2000, timeoutMs = 20_000): Promise<SearchState> {
  const start = Date.now();
  let last = await state(page);
  let since = Date.now();
  for (;;) {
    await page.waitForTimeout(25);
    const now = await state(page);
    if (now.changes !== last.changes || now.busy || server.inFlight() > 0) since = Date.now();
    last = now;
    const quiet = Date.now() - since >= quietMs;
    if (quiet && (now.changes !== changes || Date.now() - start >= idleMs)) return now;
    if (Date.now() - start > timeoutMs) return now;
  }
}

/** Opens `startPath`, then searches `query`. */
export async function measureSearch(browser: Browser, server: SiteServer, o: { site: string; startPath: string; startH1: string; query: string }): Promise<SearchFigures> {
  const tab = await openTab(browser, { network: false, cpu: false });
  try {
    const { page } = tab;
    await page.goto(server.url + o.startPath, { waitUntil: 'commit' });
    if (!(await waitForH1(page, o.startH1))) throw new Error(`${o.startPath} did not show its h1.`);
    await waitForQuiet(server, 1000);
    await tab.throttle({ network: false, cpu: true });

    const logFrom = server.log.length;
    await page.keyboard.press('/');
    const focused = await pollPage(page, 'document.activeElement instanceof HTMLInputElement', 5000);
    if (!focused) throw new Error('"/" did not focus a search field.');

    const keystrokes: SearchFigures['keystrokes'] = [];
    let firstKey: KeyEvent | undefined;
    for (const key of o.query) {
      const from = probeEvents(page).length;
      const prior = await state(page);
      const before = prior.lastChange ?? 0;
      await page.keyboard.press(key);
      const after = await settle(page, server, prior.changes);
      const down = probeEvents(page).slice(from).find((e): e is KeyEvent => e.kind === 'key');
      firstKey ??= down;
      const changed = after.lastChange !== null && after.lastChange > before && down !== undefined;
      keystrokes.push({ key, ms: changed ? after.lastChange! - down.t : null });
    }
    const final = await state(page);
    if (final.firstOption === null) throw new Error(`Searching "${o.query}" on ${o.site} showed no result.`);
    const served = server.log.slice(logFrom).filter((s) => s.start <= final.firstOption!);
    const bytes = { search: 0, js: 0, other: 0, total: 0 };
    for (const s of served) {
      const c = classify(new URL(s.url, 'http://x').pathname, new Set());
      bytes[c === 'search' ? 'search' : c === 'js' ? 'js' : 'other'] += s.bytes;
      bytes.total += s.bytes;
    }
    return {
      site: o.site,
      query: o.query,
      bytesToFirst: bytes,
      requestsToFirst: served.length,
      msToFirst: firstKey ? final.firstOption - firstKey.t : null,
      keystrokes,
      perKeystroke: spread(keystrokes.slice(1).flatMap((k) => (k.ms === null ? [] : [k.ms]))),
      results: final.options,
    };
  } finally {
    await tab.close();
  }
}
