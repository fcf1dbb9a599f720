/**
 * The dev server's channel into the page (in dev bundles only: main.tsx
 * imports it under `__DEV__`, which production builds define as false).
 * Content changes refetch the page's data in place, keeping the scroll
 * position; an app change reloads with the scroll position restored; a
 * stylesheet change swaps the stylesheet; content errors show an overlay.
 */
import type { QueryClient } from '@tanstack/react-query';
import { refreshContent } from '../data/queries.ts';
import { DEV_EVENTS_PATH, DEV_STYLESHEET, type DevMessage } from './protocol.ts';
import { showErrors } from './overlay.ts';

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

/** Scrolls back to where the page was before an app reload, once the page is tall enough. */
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
      if (Math.abs(window.scrollY - y) > 1) window.scrollTo({ top: y, behavior: 'instant' });
      // Held for a few frames while late parts of the page (images, fonts) settle.
      if (++placed >= 30) return;
    } else if (performance.now() > until) {
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
      // One update at a time, each keeping the scroll position it found.
      updates = updates
        .then(async () => {
          const y = window.scrollY;
          // The page may not shrink under the reader while its new body renders: the scroll position would be clamped.
          const root = document.documentElement;
          root.style.minHeight = `${root.scrollHeight}px`;
          try {
            await refreshContent(client, m.paths, m.routes);
            // The new body is rendered within a frame or two. The browser's scroll anchoring may move the
            // position a little to keep the text in view; only a jump back up (a page that was briefly
            // shorter) is undone.
            for (let frame = 0; frame < 2; frame++) {
              await new Promise((resolve) => requestAnimationFrame(resolve));
              if (window.scrollY < y - 50 && root.scrollHeight - window.innerHeight >= y) window.scrollTo({ top: y, behavior: 'instant' });
            }
          } finally {
            root.style.minHeight = '';
          }
          root.dataset.devUpdates = String(Number(root.dataset.devUpdates ?? 0) + 1);
        })
        .catch(() => {});
    }
  });
}
