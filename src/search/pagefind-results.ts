/** Pagefind's result data -> search groups: one group per page, its heading-level sub-results as hits. */
import { MAX_HITS_PER_GROUP, type SearchGroup } from './engine.ts';
import { clipExcerpt, parseExcerpt } from './excerpt.ts';

/** The part of Pagefind's `result.data()` the app reads. */
export interface PagefindResultData {
  url: string;
  meta: Record<string, string | undefined>;
  excerpt: string;
  sub_results?: Array<{ title: string; url: string; excerpt: string }>;
}

/**
 * The site path for a URL Pagefind returns. The index is built with each
 * page's own path as its URL, which Pagefind keeps; a folder's `index.html`
 * (what Pagefind adds to URLs derived from files) is dropped all the same, so
 * a result can never point at an address the router would have to redirect.
 */
export function sitePath(url: string): string {
  return url.replace(/^https?:\/\/[^/]+/, '').replace(/(^|\/)index\.html(?=[?#]|$)/, '$1');
}

/** One page's Pagefind data as a search group, hits in page order. */
export function groupFromPagefind(data: PagefindResultData): SearchGroup {
  const path = sitePath(data.url).replace(/#.*$/, '');
  const title = data.meta.title || path;
  const subs = data.sub_results?.length ? data.sub_results : [{ title, url: data.url, excerpt: data.excerpt }];
  return {
    path,
    title,
    hits: subs.slice(0, MAX_HITS_PER_GROUP).map((s) => ({ url: sitePath(s.url), title: s.title || title, excerpt: clipExcerpt(parseExcerpt(s.excerpt)) })),
  };
}
