/**
 * Scrolling to a heading on the router's behalf. While that scroll runs, the
 * active-header tracker stands aside (it would otherwise rewrite the hash
 * mid-flight); when it ends, the heading is checked again in case content
 * above it moved (web fonts, highlighting) and the scroll is corrected.
 */

/** Longest a smooth scroll is assumed to take when the browser has no scrollend event. */
const SCROLL_END_FALLBACK_MS = 1000;

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

/** Scrolls to the element with `id`; false when it is not on the page. */
export function scrollToId(id: string, behavior: ScrollBehavior): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  target = id;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    window.removeEventListener('scrollend', finish);
    clearTimeout(timer);
    const now = document.getElementById(id);
    if (now && Math.abs(now.getBoundingClientRect().top - alignedTop(now)) > 2) now.scrollIntoView({ behavior: 'instant', block: 'start' });
    target = null;
    listeners.forEach((fn) => fn(id));
  };
  const timer = setTimeout(finish, SCROLL_END_FALLBACK_MS);
  window.addEventListener('scrollend', finish);
  el.scrollIntoView({ behavior, block: 'start' });
  // Already in place: no scroll will happen, so no scrollend either.
  if (Math.abs(el.getBoundingClientRect().top - alignedTop(el)) <= 2 && behavior === 'instant') finish();
  return true;
}
