/** Algolia DocSearch: the configured index queried over Algolia's REST API (no third-party script on the page). */
import type { SearchEngine } from './engine.ts';
import { groupDocSearchHits, type DocSearchHit } from './docsearch-results.ts';

/** DocSearch credentials, given to the build as DOCSEARCH_APP_ID and DOCSEARCH_API_KEY. */
export interface DocSearchConfig {
  appId: string;
  /** The search-only API key (public by design). */
  apiKey: string;
  indexName: string;
}

/** Hits asked for per query; several usually share a page. */
const HITS_PER_PAGE = 20;

/** A SearchEngine that queries `indexName` on Algolia. */
export function createDocSearchEngine(c: DocSearchConfig): SearchEngine {
  const endpoint = `https://${c.appId}-dsn.algolia.net/1/indexes/${encodeURIComponent(c.indexName)}/query`;
  return {
    async search(query, signal) {
      signal?.throwIfAborted();
      if (!query.trim()) return [];
      const res = await fetch(endpoint, {
        method: 'POST',
        signal,
        headers: { 'X-Algolia-Application-Id': c.appId, 'X-Algolia-API-Key': c.apiKey },
        body: JSON.stringify({
          query,
          hitsPerPage: HITS_PER_PAGE,
          attributesToHighlight: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'content'],
          highlightPreTag: '<mark>',
          highlightPostTag: '</mark>',
        }),
      });
      if (!res.ok) throw new Error(`DocSearch answered ${res.status} for index ${c.indexName}`);
      const body = (await res.json()) as { hits?: DocSearchHit[] };
      return groupDocSearchHits(body.hits ?? [], window.location.origin);
    },
  };
}
