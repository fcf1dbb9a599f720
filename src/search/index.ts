/**
 * Picks and starts the search engine. Loaded by a dynamic import on the
 * first use of search, so none of this (nor either engine) is in the main bundle.
 */
import type { SearchEngine } from './engine.ts';
import { createDocSearchEngine } from './docsearch-engine.ts';
import { createLocalEngine } from './local-engine.ts';

/** DocSearch credentials from the build (esbuild `define`); empty strings or undefined mean local search. */
export interface SearchEnv {
  DOCSEARCH_APP_ID?: string | undefined;
  DOCSEARCH_API_KEY?: string | undefined;
}

/** The build's environment. Each name is spelled out in full: esbuild replaces exactly these expressions. */
export function buildEnv(): SearchEnv {
  return { DOCSEARCH_APP_ID: import.meta.env.DOCSEARCH_APP_ID, DOCSEARCH_API_KEY: import.meta.env.DOCSEARCH_API_KEY };
}

/** True when both DocSearch credentials are non-empty strings. */
export function usesDocSearch(env: SearchEnv): boolean {
  return typeof env.DOCSEARCH_APP_ID === 'string' && env.DOCSEARCH_APP_ID !== '' && typeof env.DOCSEARCH_API_KEY === 'string' && env.DOCSEARCH_API_KEY !== '';
}

/** Algolia DocSearch on `indexName` when the build has its credentials, otherwise the local index. */
export function loadSearchEngine(indexName: string, env: SearchEnv = buildEnv()): Promise<SearchEngine> {
  if (usesDocSearch(env)) return Promise.resolve(createDocSearchEngine({ appId: env.DOCSEARCH_APP_ID!, apiKey: env.DOCSEARCH_API_KEY!, indexName }));
  return createLocalEngine();
}
