/**
 * medium-zoom on the page's content images (§2): attached IMAGE_ZOOM_DELAY_MS
 * after the page is shown, detached when it leaves. The library is loaded
 * only then, so it never weighs on the first paint.
 */
import { useEffect } from 'react';
import { importOrCheckDeploy } from '../data/deploy.ts';
import { IMAGE_ZOOM_DELAY_MS, IMAGE_ZOOM_OPTIONS } from '../lib/constants.ts';

export function useImageZoom(readyPath: string | null): void {
  useEffect(() => {
    if (readyPath === null) return;
    let zoom: { detach(): void } | null = null;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const { default: mediumZoom } = await importOrCheckDeploy(() => import('medium-zoom/dist/pure/index.js'));
      if (cancelled) return;
      zoom = mediumZoom('main img[data-zoomable]', { ...IMAGE_ZOOM_OPTIONS });
      document.documentElement.dataset.zoomReady = readyPath;
    }, IMAGE_ZOOM_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      zoom?.detach();
      delete document.documentElement.dataset.zoomReady;
    };
  }, [readyPath]);
}
