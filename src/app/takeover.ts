/**
 * Taking over a page document (output `pages`): the document already shows
 * the page, its text and frame, before any script has run. The app reads the
 * page's data from the document, renders its frame over the static one once
 * its route data is in, and moves the static article body into its own
 * layout instead of rendering it again, so the Markdown pipeline and the
 * page's chunk are not needed on this first load. The reader's scroll
 * position and focus are kept across the swap.
 */
import { StaticPage, STATIC_PAGE_ID } from '../shared/schemas/manifest.ts';
import { unpackPage } from '../shared/page-pack.ts';
import { removeParserYields } from '../shared/parser-yield.ts';

/** A page document's data and its static article body, once read. */
export interface AdoptedPage {
  page: StaticPage;
  /** The element whose children are the article body (moved into the app's layout on takeover). */
  body: HTMLElement;
}

/**
 * The document's page data, when it is a page document whose data is valid
 * and whose body is there; null otherwise (the app then renders as usual).
 */
export function readAdoptedPage(doc: Document = document): AdoptedPage | null {
  const script = doc.getElementById(STATIC_PAGE_ID);
  const body = doc.querySelector<HTMLElement>('#root [data-static-body]');
  if (!script || !body) return null;
  let json: unknown;
  try {
    json = JSON.parse(script.textContent ?? '');
  } catch {
    return null;
  }
  const parsed = StaticPage.safeParse(unpackPage(json));
  if (!parsed.success) return null;
  // The parser's yield points go before the body is adopted: the article's DOM is then the one the app renders.
  removeParserYields(body);
  return { page: parsed.data, body };
}

/**
 * The address the document answers for, when the host served it under
 * another form of the page's path (/a/index.html, /a for /a.html): the
 * page's own path, put in the address bar before the router starts, so the
 * app does not redirect (and redraw) on its first render. `candidates`: the
 * canonical paths the address may stand for (readAddress).
 */
export function canonicalAddress(page: StaticPage, location: Location, candidates: ReadonlyArray<string>): string | null {
  if (location.pathname === page.path) return null;
  if (!candidates.includes(page.path)) return null;
  return page.path + location.search + location.hash;
}

/** What the reader was doing when the app took over: where the page was scrolled, what had focus. */
export interface ReaderState {
  scrollY: number;
  focused: Element | null;
}

/** Follows the reader's scrolling and focus until the takeover. */
export function trackReader(): { current: () => ReaderState; stop: () => void } {
  let scrollY = window.scrollY;
  let focused: Element | null = document.activeElement;
  const onScroll = () => {
    scrollY = window.scrollY;
  };
  const onFocus = (e: FocusEvent) => {
    focused = e.target as Element;
  };
  // Leaving an element by hand clears it. Chromium also sends focusout for an element the swap removes,
  // inside the commit that then reports the takeover: the clearing waits for the end of that task's
  // script (a microtask), so the takeover still sees the element.
  const onBlur = (e: FocusEvent) => {
    const left = e.target;
    queueMicrotask(() => {
      if (focused === left) focused = null;
    });
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  document.addEventListener('focusin', onFocus);
  document.addEventListener('focusout', onBlur);
  return {
    current: () => ({ scrollY, focused }),
    stop: () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('focusout', onBlur);
    },
  };
}

/** A description of a focusable element that finds its counterpart in the app's frame. */
function selectorFor(el: Element): string | null {
  const href = el.getAttribute('href');
  if (el.tagName === 'A' && href !== null) return `a[href="${CSS.escape(href)}"]`;
  const label = el.getAttribute('aria-label');
  if (label !== null) return `${el.tagName.toLowerCase()}[aria-label="${CSS.escape(label)}"]`;
  if (el.id) return `#${CSS.escape(el.id)}`;
  return null;
}

/**
 * After the swap: the scroll position as the reader left it, and focus on
 * the same element (moved with the body) or on its counterpart in the frame.
 */
export function restoreReader(before: ReaderState, root: Element): void {
  if (Math.abs(window.scrollY - before.scrollY) > 1) window.scrollTo({ top: before.scrollY, behavior: 'instant' });
  const el = before.focused;
  if (!el || el === document.body || document.activeElement === el) return;
  if (el.isConnected && el instanceof HTMLElement) {
    el.focus({ preventScroll: true });
    return;
  }
  const selector = selectorFor(el);
  const twin = selector ? root.querySelector<HTMLElement>(selector) : null;
  twin?.focus({ preventScroll: true });
}
