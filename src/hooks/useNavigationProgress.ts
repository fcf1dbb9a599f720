/** nprogress (no spinner) while a navigation waits for its page's data; finished when the page is shown. */
import { useEffect } from 'react';
import NProgress from 'nprogress';

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

export function useNavigationProgress(waiting: boolean): void {
  useEffect(() => {
    if (!waiting) return;
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, [waiting]);
}
