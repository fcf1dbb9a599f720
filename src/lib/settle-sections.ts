/**
 * A page document's sections out of the window are laid out when they come
 * near it (content-visibility: auto), each counted at an estimated height
 * until then. An estimate is wrong by hundreds of pixels on a long section,
 * so a jump far down the page (End, a scroll to the bottom, a heading link)
 * lands where the estimates put it and then moves when the sections it
 * passed get their real heights: the reader ends short of the page's end.
 *
 * Once the page has been shown, the sections are laid out for real while the
 * browser is idle, a few at a time so that no task grows long, and the
 * container's mark is removed at the end: from then on every height is real
 * and the article's DOM is the one the app renders itself.
 */
import { LAZY_SECTIONS_ATTR, PAGE_SECTION_CLASS } from '../shared/markdown/rehype-sections.ts';

/** Time left in an idle period below which no further section is laid out in it, ms. */
const MIN_SLICE_MS = 4;
/** Longest wait for an idle period before a slice runs anyway, ms (a busy page still settles). */
const IDLE_TIMEOUT_MS = 1000;

type Deadline = { timeRemaining(): number };

const idle: (fn: (d: Deadline) => void) => () => void =
  typeof requestIdleCallback === 'function'
    ? (fn) => {
        const handle = requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS });
        return () => cancelIdleCallback(handle);
      }
    : (fn) => {
        // No idle callbacks (Safari): a short task after the current ones.
        const timer = setTimeout(() => fn({ timeRemaining: () => 8 }), 50);
        return () => clearTimeout(timer);
      };

/**
 * Lays out the lazy sections of `container` (one that has LAZY_SECTIONS_ATTR)
 * in idle time, then removes the mark. Returns a function that stops it.
 */
export function settleSections(container: HTMLElement): () => void {
  if (!container.hasAttribute(LAZY_SECTIONS_ATTR)) return () => {};
  const sections = Array.from(container.children).filter((c): c is HTMLElement => c instanceof HTMLElement && c.classList.contains(PAGE_SECTION_CLASS));
  let next = 0;
  let cancel = () => {};
  const slice = (deadline: Deadline) => {
    // At least one section per slice, so a page whose idle periods are all short still settles.
    do {
      const section = sections[next++];
      if (!section) break;
      section.style.contentVisibility = 'visible';
      // Lay it out now, in this slice, rather than in the next frame with the others.
      section.getBoundingClientRect();
    } while (next < sections.length && deadline.timeRemaining() > MIN_SLICE_MS);
    if (next < sections.length) {
      cancel = idle(slice);
      return;
    }
    container.removeAttribute(LAZY_SECTIONS_ATTR);
    for (const section of sections) {
      section.style.removeProperty('content-visibility');
      if (section.getAttribute('style') === '') section.removeAttribute('style');
    }
  };
  cancel = idle(slice);
  return () => cancel();
}
