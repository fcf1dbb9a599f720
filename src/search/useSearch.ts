/**
 * Search state for the box: the engine is loaded on the first `warm()` (the
 * box's first focus), every new query aborts the one before, and only the
 * newest query's answer is ever shown. An answer comes with its first pages
 * (about a screen of options), the rest when the list asks for them
 * (`loadMore`). A query the engine can answer from what it holds is shown in
 * the same render as the keystroke; once an answer is on screen, the engine
 * may load ahead for the next letters.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchEngine, SearchGroup, SearchPart } from './engine.ts';
import { keepEqual } from './options.ts';
import { FIRST_OPTIONS } from './SearchResults.tsx';
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
  /** True when the answer has pages after `groups`, left for when the reader scrolls to them (`loadMore`). */
  more: boolean;
  /** "Did you mean": the answered query with its typos corrected, when its words matched only that way. */
  suggestion?: string | undefined;
  /** Why the last query failed, when the engine says (a damaged index file). */
  error?: string | undefined;
}

const IDLE: SearchState = { status: 'idle', groups: [], answered: '', more: false };

/**
 * The first pages of the answer, from an engine that can give them, else the
 * whole answer: the pages whose options fill about the popup's first screen
 * (FIRST_OPTIONS). Each page's text is a request of its own; the others are
 * loaded when the reader scrolls to them.
 */
const firstOf = (e: SearchEngine, q: string, signal: AbortSignal): Promise<SearchPart> =>
  e.first ? e.first(q, FIRST_OPTIONS, signal) : e.search(q, signal).then((groups) => ({ groups, complete: true }));
const firstNowOf = (e: SearchEngine, q: string): SearchPart | undefined => {
  if (e.firstNow) return e.firstNow(q, FIRST_OPTIONS);
  const groups = e.searchNow?.(q);
  return groups && { groups, complete: true };
};

/** What the box says of a failed query: the engine's own words for a damaged or late index file. */
const errorText = (err: unknown): string | undefined => (err instanceof Error && (err.name === 'SearchIndexError' || err.name === 'SearchTimeoutError') ? err.message : undefined);

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
      let ready: SearchPart | undefined;
      try {
        ready = now ? firstNowOf(now, q) : undefined;
      } catch {
        // asked again below, the slow way, which reports a failure
      }
      const show = (e: SearchEngine, part: SearchPart) => {
        // Hits equal to the shown ones keep their objects, so only what changed is rendered again.
        const suggestion = e.suggest?.(q);
        setState((s) => ({ status: 'done', groups: keepEqual(s.groups, part.groups), answered: q, more: !part.complete, suggestion }));
        // Loading ahead waits for the answer to be on screen, and stops at the next keystroke.
        if (e.prefetch) afterPaint(() => void (!ctl.signal.aborted && e.prefetch!(q)), NO_FRAME_MS);
      };
      if (now && ready) return show(now, ready);
      setState((s) => ({ ...s, status: 'loading' }));
      warm()
        .then(async (e) => ({ e, part: await firstOf(e, q, ctl.signal) }))
        .then(
          ({ e, part }) => !ctl.signal.aborted && show(e, part),
          (err: unknown) => !ctl.signal.aborted && setState({ status: 'error', groups: [], answered: q, more: false, error: errorText(err) }),
        );
    },
    [warm],
  );

  /** The rest of the answer on screen, once: its pages after the first (the reader scrolled to them). */
  const asked = useRef<string | null>(null);
  const { answered, more } = state;
  const loadMore = useCallback(() => {
    const e = loaded.current;
    const ctl = pending.current;
    if (!more || !e || !ctl || asked.current === answered) return;
    asked.current = answered;
    e.search(answered, ctl.signal).then(
      (groups) => !ctl.signal.aborted && setState((s) => (s.answered === answered ? { ...s, groups: keepEqual(s.groups, groups), more: false } : s)),
      (err: unknown) => !ctl.signal.aborted && setState((s) => (s.answered === answered ? { ...s, status: 'error', error: errorText(err) } : s)),
    );
  }, [answered, more]);
  // A new answer may be asked for more again.
  useEffect(() => {
    asked.current = null;
  }, [answered]);

  useEffect(() => () => pending.current?.abort(), []);
  return { query, setQuery, warm, loadMore, ...state };
}
