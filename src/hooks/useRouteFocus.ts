/**
 * After a route change (not back/forward, not the first load), focus moves to
 * the new page's heading and its title is announced to screen readers.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType, NavigationType } from 'react-router-dom';

export function useRouteFocus(title: string, readyPath: string | null): string {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (readyPath === null) return;
    if (first.current) {
      first.current = false;
      return;
    }
    setAnnouncement(title);
    if (type === NavigationType.Pop) return;
    document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  }, [pathname, readyPath]); // eslint-disable-line react-hooks/exhaustive-deps -- once per page shown: title and type are read as they are then, a later change of either is no new page
  return announcement;
}
