/**
 * nprogress (no spinner) while a navigation waits for its page; finished
 * when the page is shown. It starts only after PROGRESS_DELAY_MS, so a page
 * that is shown at once (its data already fetched) gets no bar.
 */
import { useEffect } from 'react';
import NProgress from 'nprogress';
import { PROGRESS_DELAY_MS } from '../lib/constants.ts';

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

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
