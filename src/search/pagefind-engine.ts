/**
 * Local search with Pagefind. Its runtime, /pagefind/pagefind.js, is written
 * by the content build next to the index, so it is imported from the site at
 * run time rather than bundled; it fetches only the index pieces a query needs.
 */
import { MAX_GROUPS, type SearchEngine } from './engine.ts';
import { groupFromPagefind, type PagefindResultData } from './pagefind-results.ts';

/** Where the content build writes the Pagefind bundle. */
export const PAGEFIND_URL = '/pagefind/pagefind.js';
/** Words around the match in each excerpt. */
const EXCERPT_WORDS = 24;

/** The part of Pagefind's browser API the app uses. */
interface PagefindModule {
  options(o: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  /** Resolves null when a newer search started within `waitMs`, sparing the worker superseded work. */
  debouncedSearch(term: string, options: object, waitMs: number): Promise<{ results: Array<{ data(): Promise<PagefindResultData> }> } | null>;
}

/** Loads Pagefind (and, through it, the index's entry, metadata and WebAssembly) and wraps it as a SearchEngine. */
export async function createPagefindEngine(url = PAGEFIND_URL): Promise<SearchEngine> {
  // A variable specifier keeps esbuild from bundling the file, which only exists in the built site.
  const pagefind = (await import(/* webpackIgnore: true */ url)) as PagefindModule;
  await pagefind.options({ excerptLength: EXCERPT_WORDS });
  await pagefind.init();
  return {
    async search(query, signal) {
      signal?.throwIfAborted();
      if (!query.trim()) return [];
      // No real debounce (0 ms): every keystroke is answered, but one already replaced by the next is skipped.
      const answer = await pagefind.debouncedSearch(query, {}, 0);
      signal?.throwIfAborted();
      if (!answer) return [];
      // Only the shown pages' fragments are fetched: one small file each.
      const data = await Promise.all((answer?.results ?? []).slice(0, MAX_GROUPS).map((r) => r.data()));
      signal?.throwIfAborted();
      return data.map(groupFromPagefind);
    },
  };
}
