/**
 * Node side of probe.js: installs it in a browser context and keeps, per tab,
 * what it reported (documents, painted h1s, clicks, keys).
 */
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** A document started in the tab (epoch ms). */
export interface DocEvent { kind: 'doc'; url: string; origin: number }
/** An h1 under <main> was rendered; `painted` is after the next frame (epoch ms). */
export interface H1Event { kind: 'h1'; url: string; text: string; path: string; seen: number; painted: number }
/** The document was parsed, and the frame after it drawn (epoch ms): all its text is painted. */
export interface ParsedEvent { kind: 'parsed'; url: string; painted: number }
/** A click (capture phase), with the link it landed on. */
export interface ClickEvent { kind: 'click'; url: string; t: number; href: string | null }
/** A keydown (capture phase). */
export interface KeyEvent { kind: 'key'; url: string; key: string; t: number }
/**
 * When the parser's last insertion into the h1's article was painted (epoch ms): the whole article
 * is painted. From Element Timing when any of that insertion's elements was painted, else the end of
 * the frame after it (`source`). Sent a second after `parsed`; none when the article was not parsed
 * from the document.
 */
export interface ArticleEvent { kind: 'article'; url: string; painted: number; source: 'element-timing' | 'frame' }
export type ProbeEvent = DocEvent | H1Event | ParsedEvent | ArticleEvent | ClickEvent | KeyEvent;

const PROBE_FILE = path.join(import.meta.dirname, 'probe.js');
const events = new WeakMap<Page, ProbeEvent[]>();

/** Installs the probe in every tab the context opens. */
export async function installProbe(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__benchReport', ({ page }, e: ProbeEvent) => {
    const list = events.get(page) ?? [];
    list.push(e);
    events.set(page, list);
  });
  await context.addInitScript({ path: PROBE_FILE });
}

/** Everything the tab reported so far, in order. */
export function probeEvents(page: Page): ProbeEvent[] {
  return events.get(page) ?? [];
}

/** Drops what the tab reported so far (before a new measurement). */
export function resetProbe(page: Page): void {
  events.set(page, []);
}

/** Text as read: white space collapsed, zero-width characters (a heading anchor's only text in some generators) dropped. */
const norm = (s: string) => s.replace(/[\u200b-\u200d\ufeff]/g, '').replace(/\s+/g, ' ').trim();

/** Waits for the first event (after the `from` index) that `match` picks; null on time-out. */
async function waitForEvent<E extends ProbeEvent>(page: Page, match: (e: ProbeEvent) => e is E, from: number, timeoutMs: number): Promise<E | null> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const hit = probeEvents(page).slice(from).find(match);
    if (hit) return hit;
    if (Date.now() > end) return null;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Waits for a painted h1 reported after the `from` event index, whose text is
 * `title` (any text when undefined). Resolves with it, or null on time-out.
 */
export function waitForH1(page: Page, title: string | undefined, from = 0, timeoutMs = 30_000): Promise<H1Event | null> {
  const want = title === undefined ? undefined : norm(title);
  return waitForEvent(page, (e): e is H1Event => e.kind === 'h1' && (want === undefined || norm(e.text) === want), from, timeoutMs);
}

/** The first document started after event index `from` (the deep link's first document). */
export function firstDoc(page: Page, from = 0): DocEvent | undefined {
  return probeEvents(page).slice(from).find((e): e is DocEvent => e.kind === 'doc');
}

/** The last document started before `t` (the document an h1 was painted in). */
export function docAt(page: Page, t: number): DocEvent | undefined {
  return probeEvents(page).filter((e): e is DocEvent => e.kind === 'doc' && e.origin <= t).at(-1);
}

/**
 * Polls a JavaScript expression in the page until it is truthy (false on
 * time-out). Runtime evaluation, unlike page.waitForFunction with a string,
 * is not blocked by the site's Content-Security-Policy.
 */
export async function pollPage(page: Page, expression: string, timeoutMs = 10_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(expression).catch(() => false)) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The frame after the parser's last insertion into the article of the
 * document that started at `origin`, once that document is parsed (see
 * waitForParsed); null when it sent none (an article drawn by a script).
 */
export function articlePainted(page: Page, origin: number): Promise<ArticleEvent | null> {
  // Sent a second after `parsed` (probe.js waits that long for the Element Timing entries).
  return waitForEvent(page, (e): e is ArticleEvent => e.kind === 'article' && e.painted >= origin, 0, 3000);
}

/** The frame after the document that started at `origin` was parsed (null on time-out). */
export function waitForParsed(page: Page, origin: number, timeoutMs = 30_000): Promise<ParsedEvent | null> {
  return waitForEvent(page, (e): e is ParsedEvent => e.kind === 'parsed' && e.painted >= origin, 0, timeoutMs);
}
