/**
 * nprogress (no spinner) while a navigation waits for its page; finished
 * when the page is shown. It starts only after PROGRESS_DELAY_MS, so a page
 * that is shown at once (its data already fetched) gets no bar.
 */
import { useEffect } from 'react';
import NProgress from 'nprogress';
import { PROGRESS_DELAY_MS } from '../lib/constants.ts';

// The bar is decoration (the page says it is busy itself): hidden from assistive technology, and
// without nprogress's default role="bar", which is not an ARIA role.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 120,
  minimum: 0.15,
  barSelector: '.bar',
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
});

export function useNavigationProgress(waiting: boolean): void {
  useEffect(() => {
    if (!waiting) return;
    let started = false;
    const timer = setTimeout(() => {
      started = true;
      NProgress.start();
    }, PROGRESS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      if (started) NProgress.done();
    };
  }, [waiting]);
}
