/**
 * Scrolling on route changes: to the heading named by the hash, or to the top,
 * smoothly, once the new page is shown; back and forward restore the position
 * the reader left. The heading lands below the fixed navbar (CSS scroll-margin-top).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { throttle } from '../lib/throttle.ts';

/** How often the current scroll position is remembered while scrolling. */
const SAVE_THROTTLE_MS = 100;
const positions = new Map<string, number>();

/** Scrolls to the element with `id`; returns false when it is not on the page. */
export function scrollToId(id: string, behavior: ScrollBehavior): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  el.scrollIntoView({ behavior, block: 'start' });
  return true;
}

export function useScrollOnNavigate(readyPath: string | null): void {
  const location = useLocation();
  const type = useNavigationType();
  const handled = useRef<string | null>(null);

  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  // Remember where the reader is on this history entry.
  useEffect(() => {
    const save = throttle(() => positions.set(location.key, window.scrollY), SAVE_THROTTLE_MS);
    window.addEventListener('scroll', save, { passive: true });
    return () => {
      save.cancel();
      positions.set(location.key, window.scrollY);
      window.removeEventListener('scroll', save);
    };
  }, [location.key]);

  useEffect(() => {
    if (readyPath === null || handled.current === location.key) return;
    handled.current = location.key;
    const saved = positions.get(location.key);
    if (type === 'POP' && saved !== undefined) {
      window.scrollTo({ top: saved, behavior: 'instant' });
      return;
    }
    const id = decodeURIComponent(location.hash.slice(1));
    if (id && scrollToId(id, 'smooth')) return;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [readyPath, location.key, location.hash, type]);
}
