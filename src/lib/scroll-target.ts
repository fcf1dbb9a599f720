/**
 * Scrolling to a heading on the router's behalf. While that scroll runs, the
 * active-header tracker stands aside (it would otherwise rewrite the hash
 * mid-flight); when it ends, the heading is checked again in case content
 * above it moved (web fonts, highlighting) and the scroll is corrected. For a
 * moment after that, a change of the page's height puts the heading back in
 * place, until the reader scrolls, types or touches the page.
 */

/** Longest a smooth scroll is assumed to take when the browser has no scrollend event. */
const SCROLL_END_FALLBACK_MS = 1000;

/** How long after a scroll to a heading a change of the page's height still puts the heading back. */
export const HOLD_HEADING_MS = 1500;

let target: string | null = null;

const listeners = new Set<(id: string) => void>();

/** The heading id a programmatic scroll is heading for, or null when none is running. */
export function scrollTarget(): string | null {
  return target;
}

/** Called with the id when a programmatic scroll to a heading has finished. */
export function onScrollTargetReached(fn: (id: string) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function alignedTop(el: Element): number {
  return parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
}

/** True when the heading is more than 2 px from where its scroll margin puts it. */
const misplaced = (el: Element) => Math.abs(el.getBoundingClientRect().top - alignedTop(el)) > 2;

/** The reader's own ways of moving the page: any of them ends a placement at once. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Ends the placement of the last heading scrolled to, if it is still on. */
let endPlacement = () => {};

/** Ends the placement of the last heading scrolled to (a new history entry has its own place). */
export function releaseHeadingHold(): void {
  endPlacement();
}

/**
 * Scrolls to the element with `id`; false when it is not on the page. Once
 * the scroll has ended the heading is checked and put back if content above
 * it moved, and for HOLD_HEADING_MS after that a change of the page's height
 * (a late web font, a highlighted code block, a notice above the article)
 * puts it back again. The reader's own wheel, touch, key or pointer, at any
 * point, ends all of it: the page is theirs from then on.
 */
export function scrollToId(id: string, behavior: ScrollBehavior): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  endPlacement();
  target = id;
  let reached = false;
  let ended = false;
  let byReader = false;
  const realign = () => {
    const now = document.getElementById(id);
    if (now && misplaced(now)) now.scrollIntoView({ behavior: 'instant', block: 'start' });
  };
  let first = true;
  const observer =
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver(() => {
          // The observer reports once when it starts: not a change.
          if (first) return void (first = false);
          if (reached && !ended) realign();
        });
  let holdTimer: ReturnType<typeof setTimeout> | undefined;
  /** Stops waiting for the scroll's end. */
  const stopWaiting = () => {
    reached = true;
    clearTimeout(fallback);
  };
  /** The scroll is over: put the heading back unless the reader moved the page, tell the listeners, hold for a moment. */
  const reach = () => {
    if (reached) return;
    stopWaiting();
    if (!byReader) realign();
    if (target === id) target = null;
    listeners.forEach((fn) => fn(id));
    if (!byReader) holdTimer = setTimeout(end, HOLD_HEADING_MS);
  };
  /** Nothing more is corrected; a scroll not over yet is left to itself, its end unreported. */
  const end = () => {
    if (ended) return;
    ended = true;
    observer?.disconnect();
    clearTimeout(holdTimer);
    window.removeEventListener('scrollend', onScrollEnd);
    READER_INPUT.forEach((type) => window.removeEventListener(type, onInput, true));
    if (endPlacement === end) endPlacement = () => {};
    if (!reached) {
      stopWaiting();
      if (target === id) target = null;
    }
  };
  // The reader moved the page: the scroll under way counts as reached, and nothing is corrected any more.
  const onInput = () => {
    byReader = true;
    reach();
    end();
  };
  // A scrollend already on its way when the scroll began (an instant scroll just before, a restored
  // position) is not this scroll's end: nothing has moved since, and the heading is still away.
  const startX = window.scrollX;
  const startY = window.scrollY;
  // A scroll that ends during the hold (one still running when the fallback declared it over, on a
  // busy machine) is checked like any other change.
  const onScrollEnd = () => {
    if (ended) return;
    if (reached) return void (!byReader && realign());
    if (window.scrollX === startX && window.scrollY === startY && misplaced(el)) return;
    reach();
  };
  const fallback = setTimeout(reach, SCROLL_END_FALLBACK_MS);
  window.addEventListener('scrollend', onScrollEnd);
  READER_INPUT.forEach((type) => window.addEventListener(type, onInput, { capture: true, passive: true }));
  observer?.observe(document.querySelector('main') ?? document.body);
  endPlacement = end;
  el.scrollIntoView({ behavior, block: 'start' });
  // Already in place: no scroll will happen, so no scrollend either.
  if (!misplaced(el) && behavior === 'instant') reach();
  return true;
}
