/**
 * The dev server's channel into the page (in dev bundles only: main.tsx
 * imports it under `__DEV__`, which production builds define as false).
 * Content changes refetch the page's data in place, keeping the text in
 * view where it was; an app change reloads with the scroll position
 * restored; a stylesheet change swaps the stylesheet; content errors show an
 * overlay.
 */
import type { QueryClient } from '@tanstack/react-query';
import { refreshContent } from '../data/queries.ts';
import { DEV_EVENTS_PATH, DEV_STYLESHEET, type DevMessage } from './protocol.ts';
import { showErrors } from './overlay.ts';
import { PAGE_SECTION_CLASS } from '../shared/markdown/rehype-sections.ts';
import { releaseHeadingHold } from '../lib/scroll-target.ts';

const SCROLL_KEY = 'dev-scroll';
const SW_GUARD_KEY = 'dev-sw-removed';

/** Removes any service worker on this origin; a page one still controls is loaded again without it (once). */
async function removeServiceWorkers(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const regs = await navigator.serviceWorker.getRegistrations();
  await Promise.all(regs.map((r) => r.unregister()));
  if (navigator.serviceWorker.controller && sessionStorage.getItem(SW_GUARD_KEY) !== '1') {
    sessionStorage.setItem(SW_GUARD_KEY, '1');
    location.reload();
  }
}

/**
 * Scrolls back to where the page was before an app reload, once the page is tall enough. The position
 * wins over the address's #heading (the active header writes it as the reader scrolls, and may not have
 * caught up): the app's scroll to that heading, and its hold on it, are released at each placement. Held,
 * the heading was put back after each placement, and the page ended at the heading, 1,100 px away.
 */
function restoreScroll(): void {
  const saved = sessionStorage.getItem(SCROLL_KEY);
  if (!saved) return;
  sessionStorage.removeItem(SCROLL_KEY);
  const { path, y } = JSON.parse(saved) as { path: string; y: number };
  if (path !== location.pathname + location.search) return;
  const until = performance.now() + 5000;
  let placed = 0;
  const step = () => {
    // The app's own page, not the static shell that precedes it, and tall enough to scroll that far.
    const rendered = !document.querySelector('[data-static-shell]') && !document.querySelector('main [aria-busy="true"]');
    const room = document.documentElement.scrollHeight - window.innerHeight;
    if (rendered && room >= y) {
      releaseHeadingHold();
      if (Math.abs(window.scrollY - y) > 1) window.scrollTo({ top: y, behavior: 'instant' });
      // Held for a few frames while late parts of the page (images, fonts) settle.
      if (++placed >= 30) return;
    } else if (performance.now() > until) {
      releaseHeadingHold();
      window.scrollTo({ top: y, behavior: 'instant' });
      return;
    }
    requestAnimationFrame(step);
  };
  step();
}

function swapStylesheet(href: string): void {
  const old = [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].filter((l) => new URL(l.href).pathname === DEV_STYLESHEET);
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  // The old sheet stays until the new one has loaded: no flash of unstyled page.
  link.addEventListener('load', () => old.forEach((l) => l.remove()), { once: true });
  (old.at(-1) ?? document.head.lastElementChild)!.after(link);
}

/** The blocks the reader may have at the top of the window: the title, and each block of the page's body (those of its sections too). */
const BLOCKS = `main h1, main .content > :not(.${PAGE_SECTION_CLASS}), main .content > .${PAGE_SECTION_CLASS} > *`;

/** A block of the page and where it was in the window (px from its top edge). */
interface Anchor {
  index: number;
  id: string;
  tag: string;
  text: string;
  top: number;
}

/** The first block in view, partly or wholly. */
function anchorInView(): Anchor | null {
  const blocks = [...document.querySelectorAll(BLOCKS)];
  for (const [index, b] of blocks.entries()) {
    const { top, bottom } = b.getBoundingClientRect();
    if (bottom > 0) return { index, id: b.id, tag: b.tagName, text: b.textContent ?? '', top };
  }
  return null;
}

/**
 * The anchor's block in the page as rendered again: by its id (a heading), else by its text, the
 * nearest to its old place (an edit above it may have added or removed blocks), else the block in its
 * place (the edit was in it).
 */
function findAnchor(a: Anchor): Element | undefined {
  const blocks = [...document.querySelectorAll(BLOCKS)];
  if (a.id) {
    const byId = blocks.find((b) => b.id === a.id);
    if (byId) return byId;
  }
  let best: Element | undefined;
  let distance = Infinity;
  for (const [i, b] of blocks.entries()) {
    if (b.tagName !== a.tag || b.textContent !== a.text || Math.abs(i - a.index) >= distance) continue;
    best = b;
    distance = Math.abs(i - a.index);
  }
  return best ?? blocks[a.index];
}

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * Resolves once the page in <main> has been rendered again and is complete: nothing in it busy
 * (the body is parsed and rendered in slices, see markdown/Markdown.tsx) and no change in it for a
 * few frames. When `expectChange`, it first waits for the first change (the re-render follows the
 * new data by a task or two). At most 5 s.
 */
async function renderedAgain(changes: { count: number; at: number }, expectChange: boolean): Promise<void> {
  const started = performance.now();
  let quiet = 0;
  let seen = changes.count;
  while (performance.now() - started < 5000) {
    await frame();
    const waiting = expectChange && changes.count === 0 && performance.now() - started < 1000;
    quiet = changes.count === seen ? quiet + 1 : 0;
    seen = changes.count;
    if (!waiting && quiet >= 6 && performance.now() - changes.at >= 100 && !document.querySelector('main [aria-busy="true"]')) return;
  }
}

/**
 * Applies a content change to the open page and keeps the text the reader had at the top of the
 * window where it was. While the body is rendered again it is briefly replaced by its lead and then
 * grows slice by slice: the page is held at its height and the browser's own scroll anchoring is off
 * (it would follow whatever block is left in view), and once the page is complete the block that was
 * at the top is put back at its offset, up or down.
 */
async function updateInPlace(client: QueryClient, paths: readonly string[], routes: boolean): Promise<void> {
  const root = document.documentElement;
  const anchor = anchorInView();
  const y = window.scrollY;
  root.style.minHeight = `${root.scrollHeight}px`;
  root.style.overflowAnchor = 'none';
  const main = document.querySelector('main');
  const changes = { count: 0, at: performance.now() };
  const observer = new MutationObserver(() => {
    changes.count++;
    changes.at = performance.now();
  });
  if (main) observer.observe(main, { childList: true, subtree: true, characterData: true });
  try {
    // The open page is one of those that changed when one of its chunks' queries is in use.
    const shown = paths.some((p) => client.getQueryCache().find({ queryKey: ['chunk', p], exact: true, type: 'active' }));
    await refreshContent(client, paths, routes);
    await renderedAgain(changes, shown);
  } finally {
    observer.disconnect();
    root.style.minHeight = '';
    root.style.overflowAnchor = '';
  }
  const block = anchor && findAnchor(anchor);
  const target = block ? window.scrollY + block.getBoundingClientRect().top - anchor.top : y;
  if (Math.abs(window.scrollY - target) >= 1) window.scrollTo({ top: target, behavior: 'instant' });
}

/** Connects to the dev server. */
export function startDevClient(client: QueryClient): void {
  void removeServiceWorkers().catch(() => {});
  restoreScroll();
  let updates = Promise.resolve();
  const source = new EventSource(DEV_EVENTS_PATH);
  source.addEventListener('message', (ev: MessageEvent<string>) => {
    const m = JSON.parse(ev.data) as DevMessage;
    if (m.type === 'reload') {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ path: location.pathname + location.search, y: window.scrollY }));
      location.reload();
    } else if (m.type === 'css') {
      swapStylesheet(m.href);
    } else if (m.type === 'errors') {
      showErrors(m.errors);
    } else if (m.type === 'content') {
      // One update at a time, each keeping the text in view that it found.
      updates = updates
        .then(async () => {
          await updateInPlace(client, m.paths, m.routes);
          const root = document.documentElement;
          root.dataset.devUpdates = String(Number(root.dataset.devUpdates ?? 0) + 1);
        })
        .catch(() => {});
    }
  });
}
