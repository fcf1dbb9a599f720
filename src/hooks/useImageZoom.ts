/**
 * medium-zoom on the page's content images (§2): attached IMAGE_ZOOM_DELAY_MS
 * after the page is shown, detached when it leaves. The library is loaded
 * only then, so it never weighs on the first paint. One zoom instance serves
 * the whole visit: medium-zoom adds document and window listeners per
 * instance and never removes them, so an instance per page would leak.
 */
import { useEffect } from 'react';
import { importOrCheckDeploy } from '../data/deploy.ts';
import { IMAGE_ZOOM_DELAY_MS, IMAGE_ZOOM_OPTIONS } from '../lib/constants.ts';

type Zoom = { attach(...selectors: string[]): Zoom; detach(): Zoom; close(): Promise<Zoom> };
let instance: Promise<Zoom> | null = null;

function zoom(): Promise<Zoom> {
  instance ??= importOrCheckDeploy(() => import('medium-zoom/dist/pure/index.js')).then(({ default: mediumZoom }) => mediumZoom({ ...IMAGE_ZOOM_OPTIONS }) as unknown as Zoom);
  instance.catch(() => (instance = null));
  return instance;
}

export function useImageZoom(readyPath: string | null): void {
  useEffect(() => {
    if (readyPath === null) return;
    let attached: Zoom | null = null;
    let cancelled = false;
    const attach = async () => {
      const z = await zoom();
      if (cancelled) return;
      attached = z.attach('main img[data-zoomable]');
      document.documentElement.dataset.zoomReady = readyPath;
    };
    const timer = setTimeout(() => void attach().catch(() => {}), IMAGE_ZOOM_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      delete document.documentElement.dataset.zoomReady;
      // In a task of its own, not in the click's: detaching rewrites every zoomable image of the page
      // being left, work the frame that shows the next page need not wait for (the next attach is a
      // second away).
      const z = attached;
      if (z) {
        setTimeout(() => {
          void z.close();
          z.detach();
        }, 0);
      }
    };
  }, [readyPath]);
}
