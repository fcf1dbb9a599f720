/**
 * Search state for the box: the engine is loaded on the first `warm()` (the
 * box's first focus), every new query aborts the one before, and only the
 * newest query's answer is ever shown. A query the engine can answer from
 * what it holds is shown in the same render as the keystroke; once an answer
 * is on screen, the engine may load ahead for the next letters.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchEngine, SearchGroup } from './engine.ts';
import { keepEqual } from './options.ts';
import { importOrCheckDeploy } from '../data/deploy.ts';
import { afterPaint } from '../lib/after-paint.ts';

/** idle: nothing asked; loading: the newest query is on its way; done/error: it was answered. */
export type SearchStatus = 'idle' | 'loading' | 'done' | 'error';

/** What the box renders. */
export interface SearchState {
  status: SearchStatus;
  /** Results of the last answered query (kept while the next one loads, so the list does not flicker). */
  groups: SearchGroup[];
  /** The query `groups` answer. */
  answered: string;
  /** "Did you mean": the answered query with its typos corrected, when its words matched only that way. */
  suggestion?: string | undefined;
  /** Why the last query failed, when the engine says (a damaged index file). */
  error?: string | undefined;
}

const IDLE: SearchState = { status: 'idle', groups: [], answered: '' };

/** How long an answer waits for a frame before it runs anyway (a hidden tab draws none). */
const NO_FRAME_MS = 100;

/** Query text, its results, and `warm()` to start loading the engine ahead of the first keystroke. */
export function useSearch(indexName: string) {
  const [query, setQueryText] = useState('');
  const [state, setState] = useState<SearchState>(IDLE);
  const engine = useRef<Promise<SearchEngine> | null>(null);
  /** The engine once loaded, for answers within the keystroke's own render. */
  const loaded = useRef<SearchEngine | null>(null);
  const pending = useRef<AbortController | null>(null);

  const warm = useCallback((): Promise<SearchEngine> => {
    engine.current ??= importOrCheckDeploy(() => import('./index.ts'))
      .then((m) => m.loadSearchEngine(indexName))
      .then((e) => (loaded.current = e))
      .catch((e: unknown) => {
        engine.current = null; // let the next keystroke try again
        throw e;
      });
    return engine.current;
  }, [indexName]);

  const setQuery = useCallback(
    (q: string) => {
      setQueryText(q);
      pending.current?.abort();
      if (!q.trim()) {
        pending.current = null;
        setState(IDLE);
        return;
      }
      const ctl = new AbortController();
      pending.current = ctl;
      const now = loaded.current;
      let ready: SearchGroup[] | undefined;
      try {
        ready = now?.searchNow?.(q);
      } catch {
        // asked again below, the slow way, which reports a failure
      }
      const show = (e: SearchEngine, groups: SearchGroup[]) => {
        // Hits equal to the shown ones keep their objects, so only what changed is rendered again.
        const suggestion = e.suggest?.(q);
        setState((s) => ({ status: 'done', groups: keepEqual(s.groups, groups), answered: q, suggestion }));
        // Loading ahead waits for the answer to be on screen, and stops at the next keystroke.
        if (e.prefetch) afterPaint(() => void (!ctl.signal.aborted && e.prefetch!(q)), NO_FRAME_MS);
      };
      if (now && ready) return show(now, ready);
      setState((s) => ({ ...s, status: 'loading' }));
      warm()
        .then(async (e) => ({ e, groups: await e.search(q, ctl.signal) }))
        .then(
          ({ e, groups }) => !ctl.signal.aborted && show(e, groups),
          (err: unknown) =>
            !ctl.signal.aborted &&
            setState({ status: 'error', groups: [], answered: q, error: err instanceof Error && (err.name === 'SearchIndexError' || err.name === 'SearchTimeoutError') ? err.message : undefined }),
        );
    },
    [warm],
  );

  useEffect(() => () => pending.current?.abort(), []);
  return { query, setQuery, warm, ...state };
}
