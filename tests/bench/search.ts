/**
 * Search: open the box with "/" and type a word letter by letter, waiting for
 * each answer. Figures: bytes the server sent from "/" until the first result
 * option appeared (workers included: the server counts them), and, per
 * keystroke, keydown -> the last painted change of the search UI. Measured
 * with the 4x CPU slowdown and no network emulation (local server), so the
 * keystroke figure is the client's work, not round trips.
 *
 * Typed queries (`measureTyping`): several queries, one after another in the
 * same tab, the box emptied between them. The bytes are the whole session's;
 * the keystroke figures count only keystrokes during which no request was
 * being answered, so they are the work after the files arrived.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { classify } from './classify.ts';
import { pollPage, probeEvents, waitForH1, type KeyEvent } from './probe.ts';
import { waitForQuiet, type Served, type SiteServer } from './site-server.ts';
import { STATIC_DIR } from './static-baseline.ts';
import { spread, type Spread } from './stats.ts';
import { CPU_SLOWDOWN } from './profile.ts';
import { openTab, type Tab } from './tab.ts';

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

/** Bytes by kind: search index and runtime, app JS, the rest. */
export function bytesByKind(served: readonly Served[]): { search: number; js: number; other: number; total: number } {
  const bytes = { search: 0, js: 0, other: 0, total: 0 };
  for (const s of served) {
    const c = classify(new URL(s.url, 'http://x').pathname, new Set());
    bytes[c === 'search' ? 'search' : c === 'js' ? 'js' : 'other'] += s.bytes;
    bytes.total += s.bytes;
  }
  return bytes;
}

/**
 * True when no request was being answered between a keystroke's keydown and
 * its last painted change: whatever the keystroke needed had arrived before
 * it, so its time is the client's work alone. Loading ahead for the next
 * letters starts once the answer is painted, so it does not count against it.
 */
export function filesReady(down: number, lastChange: number, served: readonly Served[]): boolean {
  return !served.some((s) => s.start <= lastChange && s.end >= down);
}

/** One typed letter: keydown -> last painted change (null when nothing changed). */
interface Typed {
  key: string;
  down: KeyEvent | undefined;
  lastChange: number | null;
  ms: number | null;
}

/** Presses `key` in the focused box and waits for its answer. */
async function typeKey(page: Page, server: SiteServer, key: string): Promise<Typed> {
  const from = probeEvents(page).length;
  const prior = await state(page);
  const before = prior.lastChange ?? 0;
  await page.keyboard.press(key);
  const after = await settle(page, server, prior.changes);
  const down = probeEvents(page)
    .slice(from)
    .find((e): e is KeyEvent => e.kind === 'key');
  const changed = after.lastChange !== null && after.lastChange > before && down !== undefined;
  return { key, down, lastChange: changed ? after.lastChange : null, ms: changed ? after.lastChange! - down.t : null };
}

/** Opens `startPath`, waits for the page to be quiet, turns the CPU slowdown on (unless `cpu` is false), and focuses the box with "/". */
async function openBox(browser: Browser, server: SiteServer, o: { startPath: string; startH1: string; cpu?: boolean }): Promise<{ tab: Tab; page: Page; logFrom: number }> {
  const tab = await openTab(browser, { network: false, cpu: false });
  try {
    const { page } = tab;
    await page.goto(server.url + o.startPath, { waitUntil: 'commit' });
    if (!(await waitForH1(page, o.startH1))) throw new Error(`${o.startPath} did not show its h1.`);
    await waitForQuiet(server, 1000);
    if (o.cpu !== false) await tab.throttle({ network: false, cpu: true });
    const logFrom = server.log.length;
    await page.keyboard.press('/');
    const focused = await pollPage(page, 'document.activeElement instanceof HTMLInputElement', 5000);
    if (!focused) throw new Error('"/" did not focus a search field.');
    return { tab, page, logFrom };
  } catch (e) {
    await tab.close();
    throw e;
  }
}

/** Opens `startPath`, then searches `query`. */
export async function measureSearch(browser: Browser, server: SiteServer, o: { site: string; startPath: string; startH1: string; query: string }): Promise<SearchFigures> {
  const { tab, page, logFrom } = await openBox(browser, server, o);
  try {
    const keystrokes: SearchFigures['keystrokes'] = [];
    let firstKey: KeyEvent | undefined;
    for (const key of o.query) {
      const typed = await typeKey(page, server, key);
      firstKey ??= typed.down;
      keystrokes.push({ key, ms: typed.ms });
    }
    const final = await state(page);
    if (final.firstOption === null) throw new Error(`Searching "${o.query}" on ${o.site} showed no result.`);
    const served = server.log.slice(logFrom).filter((s) => s.start <= final.firstOption!);
    return {
      site: o.site,
      query: o.query,
      bytesToFirst: bytesByKind(served),
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

/**
 * What readers of this site type, from the relevance set: a question in the
 * reader's own words, and product words with a typo.
 */
export const READER_QUERIES = ['tests failing intermittently', 'virutal device setup'];

/** One keystroke of typed queries. */
export interface TypedKeystroke {
  query: string;
  key: string;
  /** Keydown -> last painted change of the search UI, ms; null when nothing changed. */
  ms: number | null;
  /** No request was being answered from the keydown to the last change (see `filesReady`). */
  filesReady: boolean;
}

/** Queries typed one after another in one tab. */
export interface TypingFigures {
  site: string;
  queries: string[];
  /** The CPU slowdown the keystrokes were typed under: CPU_SLOWDOWN, or 1 for none. */
  cpuSlowdown: number;
  /** Times the queries were typed; the keystrokes are the last pass's, the earlier passes fill the caches. */
  passes: number;
  /** Body bytes from "/" to the first pass's last answer: every request, workers included. */
  bytes: { search: number; js: number; other: number; total: number };
  requests: number;
  /** Every keystroke of the last pass. */
  keystrokes: TypedKeystroke[];
  /** Over the keystrokes that changed the UI with their files ready. */
  perKeystroke: Spread;
}

/** The keystrokes a keystroke figure counts: a painted change, with nothing fetched meanwhile. */
export function keystrokeSpread(keys: readonly TypedKeystroke[]): Spread {
  return spread(keys.flatMap((k) => (k.ms !== null && k.filesReady ? [k.ms] : [])));
}

/**
 * Opens `startPath` and types `queries` one after another, letter by letter,
 * each answer awaited, the box emptied (select all, Backspace) between them;
 * `passes` times over, in the same tab.
 */
export async function measureTyping(browser: Browser, server: SiteServer, o: { site: string; startPath: string; startH1: string; queries: readonly string[]; passes: number; cpu?: boolean }): Promise<TypingFigures> {
  const { tab, page, logFrom } = await openBox(browser, server, o);
  try {
    let keystrokes: TypedKeystroke[] = [];
    let bytes: TypingFigures['bytes'] | undefined;
    let requests = 0;
    for (let pass = 0; pass < o.passes; pass++) {
      keystrokes = [];
      for (const [n, query] of o.queries.entries()) {
        if (n > 0 || pass > 0) {
          await page.keyboard.press('ControlOrMeta+A');
          const prior = await state(page);
          await page.keyboard.press('Backspace');
          await settle(page, server, prior.changes);
        }
        for (const key of query) {
          const typed = await typeKey(page, server, key);
          const ready = typed.down !== undefined && typed.lastChange !== null && filesReady(typed.down.t, typed.lastChange, server.log.slice(logFrom));
          keystrokes.push({ query, key, ms: typed.ms, filesReady: ready });
        }
      }
      if (pass === 0) {
        const served = server.log.slice(logFrom);
        bytes = bytesByKind(served);
        requests = served.length;
      }
    }
    return { site: o.site, queries: [...o.queries], cpuSlowdown: o.cpu === false ? 1 : CPU_SLOWDOWN, passes: o.passes, bytes: bytes!, requests, keystrokes, perKeystroke: keystrokeSpread(keystrokes) };
  } finally {
    await tab.close();
  }
}

/**
 * What a keystroke costs before any search: a bare page (written into the
 * served copy of the site, like the static baseline) whose only script writes
 * the field's text into one element of a search landmark. Typed the same way
 * and read by the same probe as the site's box, with the same 4x CPU slowdown:
 * the browser's own share of every keystroke figure (key events, text
 * insertion, one style and layout pass, one frame).
 */
export async function measureKeystrokeFloor(browser: Browser, server: SiteServer, distDir: string, queries: readonly string[], cpu = true): Promise<Spread> {
  const file = path.join(distDir, STATIC_DIR, 'keystroke-floor.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>Keystroke floor</title>\n</head>\n<body>\n<div role="search"><input type="text" aria-label="Search"><p></p></div>\n<script src="keystroke-floor.js"></script>\n</body>\n</html>\n`,
  );
  writeFileSync(path.join(distDir, STATIC_DIR, 'keystroke-floor.js'), `const input = document.querySelector('input');\nconst echo = document.querySelector('p');\ninput.addEventListener('input', () => { echo.textContent = input.value; });\n`);
  const tab = await openTab(browser, { network: false, cpu: false });
  try {
    const { page } = tab;
    await page.goto(`${server.url}/${STATIC_DIR}/keystroke-floor.html`, { waitUntil: 'load' });
    await waitForQuiet(server, 500);
    if (cpu) await tab.throttle({ network: false, cpu: true });
    await page.focus('input');
    const ms: number[] = [];
    for (const query of queries) {
      await page.fill('input', '');
      for (const key of query) {
        const typed = await typeKey(page, server, key);
        if (typed.ms !== null) ms.push(typed.ms);
      }
    }
    return spread(ms);
  } finally {
    await tab.close();
  }
}

/** The search box's content after its input, per text typed: what the app showed for it. */
type Shown = Array<[value: string, html: string]>;

/** What the box's root holds after its input: the status line and, when open, the popup. */
const AFTER_INPUT = `(() => { const i = document.querySelector('[role=search] input'); let h = ''; for (let n = i.nextSibling; n; n = n.nextSibling) h += n.outerHTML ?? ''; return [i.value, h]; })()`;

/**
 * The app's answers replayed without the app: the readers' queries are typed
 * twice on the real site (no slowdown) and, in the second pass, the box's
 * content after each keystroke is kept as HTML; then the same page document
 * is opened with the app's scripts refused, and a listener writes, on each
 * input, the HTML the app showed for that text into the box (the status line
 * and the popup), changing only the nodes that differ from what is on screen,
 * as the app's renderer does. Typed and read like the site's box, with the
 * same 4x CPU slowdown: what showing these answers on this page costs the
 * browser (parsing, style, layout and paint of the popup), with no search and
 * no React.
 */
export async function measureAnswersFloor(browser: Browser, server: SiteServer, o: { startPath: string; startH1: string; queries: readonly string[]; cpu?: boolean }): Promise<Spread> {
  const shown: Shown = [];
  {
    const { tab, page } = await openBox(browser, server, { ...o, cpu: false });
    try {
      for (let pass = 0; pass < 2; pass++) {
        for (const [n, query] of o.queries.entries()) {
          if (n > 0 || pass > 0) {
            await page.keyboard.press('ControlOrMeta+A');
            const prior = await state(page);
            await page.keyboard.press('Backspace');
            await settle(page, server, prior.changes);
          }
          for (const key of query) {
            await typeKey(page, server, key);
            if (pass === 1) shown.push(await page.evaluate<[string, string]>(AFTER_INPUT));
          }
        }
      }
    } finally {
      await tab.close();
    }
  }
  const tab = await openTab(browser, { network: false, cpu: false });
  try {
    const { page } = tab;
    // The page document alone: its inline boot script runs, the app's bundles are refused.
    await page.route(/\/assets\/.+\.js(\?|$)/, (route) => route.abort());
    await page.goto(server.url + o.startPath, { waitUntil: 'load' });
    if (!(await waitForH1(page, o.startH1))) throw new Error(`${o.startPath} did not show its h1 without the app.`);
    await waitForQuiet(server, 1000);
    await page.evaluate((states: Shown) => {
      // Each answer parsed ahead, untimed; a keystroke changes only the nodes that differ from the
      // answer on screen (isEqualNode, native), as the app's renderer keeps what did not change.
      const parsed = new Map(
        states.map(([value, html]) => {
          const t = document.createElement('template');
          t.innerHTML = html;
          return [value, t.content];
        }),
      );
      const morph = (parent: Node, want: readonly Node[], after: Node | null) => {
        let at = after ? after.nextSibling : parent.firstChild;
        for (const w of want) {
          if (at && at.isEqualNode(w)) {
            at = at.nextSibling;
          } else if (at instanceof Element && w instanceof Element && at.tagName === w.tagName) {
            for (const a of [...at.attributes]) if (!w.hasAttribute(a.name)) at.removeAttribute(a.name);
            for (const a of [...w.attributes]) if (at.getAttribute(a.name) !== a.value) at.setAttribute(a.name, a.value);
            morph(at, [...w.childNodes], null);
            at = at.nextSibling;
          } else {
            parent.insertBefore(w.cloneNode(true), at);
          }
        }
        while (at) {
          const next = at.nextSibling;
          at.remove();
          at = next;
        }
      };
      const input = document.querySelector<HTMLInputElement>('[role=search] input')!;
      input.addEventListener('input', () => {
        const want = parsed.get(input.value);
        morph(input.parentNode!, want ? [...want.childNodes] : [], input);
      });
    }, shown);
    if (o.cpu !== false) await tab.throttle({ network: false, cpu: true });
    await page.focus('[role=search] input');
    const ms: number[] = [];
    for (const [n, query] of o.queries.entries()) {
      if (n > 0) {
        await page.keyboard.press('ControlOrMeta+A');
        const prior = await state(page);
        await page.keyboard.press('Backspace');
        await settle(page, server, prior.changes);
      }
      for (const key of query) {
        const typed = await typeKey(page, server, key);
        if (typed.ms !== null) ms.push(typed.ms);
      }
    }
    return spread(ms);
  } finally {
    await tab.close();
  }
}
