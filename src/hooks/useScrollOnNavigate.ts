/**
 * Scrolling on route changes: to the heading named by the hash, or to the top,
 * smoothly, once the new page is shown; back and forward restore the position
 * the reader left. The heading lands below the fixed navbar (CSS scroll-margin-top).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, NavigationType } from 'react-router-dom';
import { releaseHeadingHold, scrollToId } from '../lib/scroll-target.ts';
import { decodeFragment } from '../lib/decode-fragment.ts';
const positions = new Map<string, number>();

export function useScrollOnNavigate(readyPath: string | null): void {
  const location = useLocation();
  const type = useNavigationType();
  const handled = useRef<string | null>(null);
  const firstLoad = useRef(true);
  // Positions are recorded only once the page of the current entry is shown and placed:
  // scroll events that the previous page's removal causes arrive late and must not count.
  const tracking = useRef(false);

  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  // Remember where the reader is on this history entry. A layout effect, so the
  // listener is gone before the next page renders: the scroll that a shorter
  // page causes must not overwrite the position the reader left.
  useLayoutEffect(() => {
    const key = location.key;
    releaseHeadingHold();
    // The first page has no previous page whose removal could scroll: track at once.
    tracking.current = firstLoad.current;
    // A new entry is placed once, when its page is shown (even if it is the entry placed before).
    handled.current = null;
    const save = () => {
      if (tracking.current) positions.set(key, window.scrollY);
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [location.key]);

  useEffect(() => {
    if (readyPath === null || handled.current === location.key) return;
    handled.current = location.key;
    tracking.current = true;
    const initial = firstLoad.current;
    firstLoad.current = false;
    const saved = positions.get(location.key);
    if (type === NavigationType.Pop && saved !== undefined) {
      window.scrollTo({ top: saved, behavior: 'instant' });
      return;
    }
    const id = decodeFragment(location.hash.slice(1));
    if (id && document.getElementById(id)) {
      // Web fonts change line heights: aim once they are in.
      void document.fonts.ready.then(() => scrollToId(id, initial ? 'instant' : 'smooth'));
      return;
    }
    // The first page starts at the top anyway; scrolling it would undo what the reader did meanwhile.
    if (!initial) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [readyPath, location.key, location.hash, type]);
}
