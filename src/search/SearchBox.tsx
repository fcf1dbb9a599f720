/**
 * The navbar's search box: an ARIA 1.2 combobox whose listbox popup lists the
 * results grouped by page. Only this shell is in the main bundle; the engine
 * is imported the first time the box gets focus (by click, Tab, "/" or Ctrl/Cmd+K).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useGo } from '../components/StableLink.tsx';
import type { SearchHit } from './engine.ts';
import { moveActive, optionsOf } from './options.ts';
import { SearchResults } from './SearchResults.tsx';
import { useSearch, type SearchStatus } from './useSearch.ts';
import { useSearchShortcuts } from './useSearchShortcuts.ts';
import { SEARCH_INPUT_CLASSES } from './search-input-classes.ts';

/** The status line: what the popup says besides the results. */
function statusText(status: SearchStatus, answered: string, query: string, count: number, error?: string): string {
  if (status === 'error') return error ?? 'Search is unavailable right now.';
  if (status === 'loading' && answered !== query && count === 0) return 'Searching…';
  // The local engine looks for a word being typed from its second letter, on a large site its third (waitsForLetters).
  if (status === 'done' && count === 0) return /^[\p{L}\p{N}]{1,2}$/u.test(query.trim()) ? 'Keep typing to search' : `No results for “${query.trim()}”`;
  return '';
}

/** The search box for the navbar's tools slot; `indexName` is the site config's search.indexName (used by DocSearch). */
export default function SearchBox({ indexName }: { indexName: string }) {
  const listboxId = useId();
  const input = useRef<HTMLInputElement>(null);
  const go = useGo();
  const search = useSearch(indexName);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useMemo(() => optionsOf(search.groups, listboxId), [search.groups, listboxId]);
  useSearchShortcuts(input);
  // A new answer starts with no active option; its later pages arriving keep the one there is.
  useEffect(() => setActive(-1), [search.answered]);
  // ArrowUp from the box goes to the last option of the whole answer: once its last pages are there.
  const toLast = useRef(false);
  useEffect(() => {
    if (!toLast.current || search.more) return;
    toLast.current = false;
    setActive(options.length - 1);
  }, [search.more, options.length]);
  useEffect(() => {
    if (active >= 0) document.getElementById(options[active]?.id ?? '')?.scrollIntoView?.({ block: 'nearest' });
  }, [active, options]);

  const status = statusText(search.status, search.answered, search.query, options.length, search.error);
  const suggestion = search.status === 'done' && search.answered === search.query ? search.suggestion : undefined;
  const expanded = open && search.query.trim() !== '' && (options.length > 0 || status !== '' || suggestion !== undefined);
  // Every page of an answer has an option: with pages still to come, there are more than those shown.
  const count = search.more ? `More than ${options.length} results` : `${options.length} ${options.length === 1 ? 'result' : 'results'}`;
  const showList = expanded && options.length > 0;

  const pick = useCallback(
    (hit: SearchHit) => {
      setOpen(false);
      input.current?.blur();
      if (hit.url.startsWith('/')) go(hit.url);
      else window.location.assign(hit.url);
    },
    [go],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (e.key === 'ArrowUp' && active <= 0 && search.more) {
        toLast.current = true;
        search.loadMore();
      }
      setActive((a) => moveActive(a, e.key === 'ArrowDown' ? 1 : -1, options.length));
    } else if (e.key === 'Enter') {
      const option = options[active] ?? options[0];
      if (!showList || !option) return;
      e.preventDefault();
      pick(option.hit);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (expanded) {
        setOpen(false);
        setActive(-1);
      } else {
        search.setQuery('');
        input.current?.blur();
      }
    }
  };

  return (
    <div role="search" className="relative">
      <input
        ref={input}
        type="text"
        role="combobox"
        aria-label="Search documentation"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listboxId}
        aria-activedescendant={showList && active >= 0 ? options[active]?.id : undefined}
        placeholder="Search ( / )"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={search.query}
        onFocus={() => {
          void search.warm().catch(() => {}); // a failed load is reported when a query runs
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        // Focus moving into the popup ("Did you mean") keeps it open.
        onBlur={(e) => !e.currentTarget.parentElement?.contains(e.relatedTarget) && setOpen(false)}
        onChange={(e) => {
          search.setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        className={SEARCH_INPUT_CLASSES}
      />
      <p role="status" className="sr-only">
        {expanded ? `${status || count}${suggestion ? `. Did you mean ${suggestion}?` : ''}` : ''}
      </p>
      {expanded ? (
        <div
          aria-busy={search.status === 'loading'}
          data-testid="search-popup"
          data-search-popup=""
          className="fixed inset-x-0 top-(--navbar-height) z-50 max-h-[70vh] overflow-auto border-b border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-[min(36rem,calc(100vw-2rem))] sm:rounded-lg sm:border dark:border-slate-700 dark:bg-slate-900"
        >
          {/* Announced by the status region above; hidden here so it is not read twice. */}
          {status ? (
            <p aria-hidden="true" className="px-4 py-3 text-sm text-slate-700 dark:text-slate-300">
              {status}
            </p>
          ) : null}
          {suggestion ? (
            <p className="px-4 pt-3 text-sm text-slate-700 dark:text-slate-300">
              Did you mean{' '}
              <a
                href={`#search=${encodeURIComponent(suggestion)}`}
                data-testid="search-suggestion"
                // Keep focus in the input; the click asks the corrected query.
                onMouseDown={(e) => e.preventDefault()}
                onClick={(e) => {
                  e.preventDefault();
                  search.setQuery(suggestion);
                  input.current?.focus();
                }}
                className="font-semibold text-teal-800 underline dark:text-teal-300"
              >
                {suggestion}
              </a>
              ?
            </p>
          ) : null}
          {showList ? (
            <SearchResults
              id={listboxId}
              answered={search.answered}
              groups={search.groups}
              more={search.more}
              onMore={search.loadMore}
              options={options}
              active={active}
              onPick={pick}
              onHover={setActive}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
