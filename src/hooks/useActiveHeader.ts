/**
 * The heading in view while scrolling (§2): its sidebar link is marked with
 * aria-current="location" and the address's hash follows it through
 * history.replaceState (no new history entry, no scroll jump).
 */
import { useEffect, useState } from 'react';
import { ACTIVE_HEADER_OFFSET_PX, ACTIVE_HEADER_THROTTLE_MS } from '../lib/constants.ts';
import { activeSlug } from '../lib/active-header.ts';
import { throttle } from '../lib/throttle.ts';
import { onScrollTargetReached, scrollTarget } from '../lib/scroll-target.ts';
import { decodeFragment } from '../lib/decode-fragment.ts';

export function useActiveHeader(slugs: ReadonlyArray<string>, readyPath: string | null): string | null {
  const [active, setActive] = useState<string | null>(null);
  const key = slugs.join('\n');
  // Keyed on the slugs' text, not the array: a new array with the same headings is the same page.
  useEffect(() => {
    const slugs = key ? key.split('\n') : [];
    if (readyPath === null || slugs.length === 0) return;
    const navbar = document.querySelector('.navbar');
    const update = () => {
      // Only for the page this effect was set up for: a late scroll event after the route
      // changed must not stamp this page's heading onto the next page's address.
      if (scrollTarget() !== null || decodeURI(window.location.pathname) !== readyPath) return;
      const line = (navbar?.getBoundingClientRect().bottom ?? 0) + ACTIVE_HEADER_OFFSET_PX;
      const tops = slugs.flatMap((slug) => {
        const el = document.getElementById(slug);
        return el ? [{ slug, top: el.getBoundingClientRect().top }] : [];
      });
      const slug = activeSlug(tops, line);
      setActive(slug);
      const hash = slug ? `#${encodeURIComponent(slug)}` : '';
      if (decodeFragment(window.location.hash) !== decodeFragment(hash)) {
        const url = window.location.pathname + window.location.search + hash;
        history.replaceState(history.state, '', url);
      }
    };
    const onScroll = throttle(update, ACTIVE_HEADER_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    // After the router scrolled to a heading, that heading is the active one, even
    // near the page's end where it cannot reach the top.
    const off = onScrollTargetReached((id) => {
      onScroll.cancel();
      if (slugs.includes(id)) setActive(id);
    });
    return () => {
      off();
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
    };
  }, [key, readyPath]);
  return active;
}
