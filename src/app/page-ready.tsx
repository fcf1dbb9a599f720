/**
 * "The page is shown": layouts report when their content has rendered, so
 * scrolling to a hash, restoring a scroll position, the progress bar, focus
 * and image zoom all start from the moment the content is really there.
 *
 * One store per frame holds which page of which visit has reported itself;
 * the layouts write to it (useReportPageReady), the frame reads it
 * (useShownPage).
 */
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';

/** The page that reported itself shown, and the visit (one per change of address) it reported in. */
export interface ShownPage {
  path: string;
  visit: object;
}

/** Which page is shown: written by the layouts, read by the frame. */
export class PageReadyStore {
  private shown: ShownPage | null = null;
  private visit: object = {};
  private readonly listeners = new Set<() => void>();

  /** Starts a visit (the address changed): reports from now on belong to it. */
  startVisit(visit: object): void {
    this.visit = visit;
  }

  report(path: string): void {
    if (this.shown?.path === path && this.shown.visit === this.visit) return;
    this.shown = { path, visit: this.visit };
    for (const l of this.listeners) l();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly get = (): ShownPage | null => this.shown;
}

export const PageReadyContext = createContext<PageReadyStore | null>(null);

/** The page the store says is shown (and in which visit), re-rendering when that changes. */
export function useShownPage(store: PageReadyStore): ShownPage | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Reports that the page at `path` has rendered its content (when `ready`). */
export function useReportPageReady(path: string, ready = true): void {
  const store = useContext(PageReadyContext);
  if (store === null) throw new Error('useReportPageReady must be used inside <PageReadyContext.Provider> (rendered by Frame).');
  useEffect(() => {
    if (ready) store.report(path);
  }, [store, path, ready]);
}
