/**
 * One GA4 page_view for the first page and after every route change (a change
 * of hash alone is not one). Off unless a measurement id is configured, and
 * never loaded when the browser signals GPC or Do Not Track.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { installGtag, trackingRefused } from '../lib/analytics.ts';

export function useAnalytics(id: string, title: string, readyPath: string | null): void {
  const { pathname } = useLocation();
  const gtag = useRef<((...a: unknown[]) => void) | null>(null);
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!id || readyPath === null || sentFor.current === pathname) return;
    if (trackingRefused(navigator, window as { doNotTrack?: string | null })) return;
    gtag.current ??= installGtag(id);
    sentFor.current = pathname;
    gtag.current('event', 'page_view', { page_path: pathname, page_title: title, page_location: window.location.origin + pathname });
  }, [id, pathname, title, readyPath]);
}
