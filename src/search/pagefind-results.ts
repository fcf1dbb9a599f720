/** Pagefind's result data -> search groups: one group per page, its heading-level sub-results as hits. */
import { MAX_HITS_PER_GROUP, type SearchGroup } from './engine.ts';
import { clipExcerpt, parseExcerpt } from './excerpt.ts';

/** The part of Pagefind's `result.data()` the app reads. */
export interface PagefindResultData {
  url: string;
  meta: Record<string, string | undefined>;
  excerpt: string;
  sub_results?: PagefindSubResult[];
}

/** A heading-level part of a Pagefind result; the locations' scores weigh heading words above body words. */
export interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  weighted_locations?: Array<{ balanced_score: number }>;
}

/** How well a section matched: the sum of its matched words' scores. */
const score = (s: PagefindSubResult) => (s.weighted_locations ?? []).reduce((n, l) => n + l.balanced_score, 0);

/**
 * The site path for a URL Pagefind returns. The index is built with each
 * page's own path as its URL, which Pagefind keeps; a folder's `index.html`
 * (what Pagefind adds to URLs derived from files) is dropped all the same, so
 * a result can never point at an address the router would have to redirect.
 */
export function sitePath(url: string): string {
  return url.replace(/^https?:\/\/[^/]+/, '').replace(/(^|\/)index\.html(?=[?#]|$)/, '$1');
}

/** One page's Pagefind data as a search group, its best-matching sections first. */
export function groupFromPagefind(data: PagefindResultData): SearchGroup {
  const path = sitePath(data.url).replace(/#.*$/, '');
  const title = data.meta.title || path;
  // Pagefind lists sections in page order; sort (stably) so the section that matched best comes first.
  const subs = data.sub_results?.length ? [...data.sub_results].sort((a, b) => score(b) - score(a)) : [{ title, url: data.url, excerpt: data.excerpt }];
  return {
    path,
    title,
    hits: subs.slice(0, MAX_HITS_PER_GROUP).map((s) => ({ url: sitePath(s.url), title: s.title || title, excerpt: clipExcerpt(parseExcerpt(s.excerpt)) })),
  };
}
