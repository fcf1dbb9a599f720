/**
 * "The page is shown": layouts report when their content has rendered, so
 * scrolling to a hash, restoring a scroll position, the progress bar, focus
 * and image zoom all start from the moment the content is really there.
 */
import { createContext, useContext, useEffect } from 'react';

export const PageReadyContext = createContext<((path: string) => void) | null>(null);

/** Reports that the page at `path` has rendered its content (when `ready`). */
export function useReportPageReady(path: string, ready = true): void {
  const report = useContext(PageReadyContext);
  if (report === null) throw new Error('useReportPageReady must be used inside <PageReadyContext.Provider> (rendered by Frame).');
  useEffect(() => {
    if (ready) report(path);
  }, [report, path, ready]);
}
