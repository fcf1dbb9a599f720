/** React Query options for the runtime manifest (route table, section route files) and page chunks. */
import { queryOptions } from '@tanstack/react-query';
import { Chunk } from '../shared/schemas/manifest.ts';
import { RouteShard, routesUrl, SiteData, SITE_DATA_PATH } from '../shared/schemas/site-data.ts';
import { chunkUrl } from '../shared/paths.ts';
import { fetchJson } from './fetch-json.ts';
import { HttpError } from './errors.ts';
import { checkForNewDeploy, isOtherBuild } from './deploy.ts';

/** URL of the route table (preloaded by index.html). */
export const SITE_DATA_URL = `/${SITE_DATA_PATH}`;

/** The route table: site config, resolved sidebar, redirects. */
export const siteQuery = () =>
  queryOptions({
    queryKey: ['site'] as const,
    queryFn: ({ signal }) => fetchJson(SITE_DATA_URL, SiteData, signal),
    staleTime: Infinity,
  });

/** The canonical paths of one section; a section without pages has no file (an empty list, not an error). */
export const routesQuery = (section: string) =>
  queryOptions({
    queryKey: ['routes', section] as const,
    queryFn: async ({ signal }) => {
      try {
        return await fetchJson(routesUrl(section), RouteShard, signal);
      } catch (e) {
        if (e instanceof HttpError && e.status === 404) return { buildId: '', paths: [] };
        throw e;
      }
    },
    staleTime: Infinity,
  });

/** One page's chunk (record, body, neighbours), by canonical path. */
export const chunkQuery = (path: string) =>
  queryOptions({
    queryKey: ['chunk', path] as const,
    queryFn: async ({ signal }) => {
      // A chunk missing or from another build means a new deploy: check once, then fetch again.
      let missing: HttpError | null = null;
      try {
        const chunk = await fetchJson(chunkUrl(path), Chunk, signal);
        if (!isOtherBuild(chunk.buildId)) return chunk;
      } catch (e) {
        if (!(e instanceof HttpError && e.status === 404)) throw e;
        missing = e;
      }
      const outcome = await checkForNewDeploy();
      if (outcome === 'reloading') return new Promise<never>(() => {});
      // Still the same build: the chunk is really missing, and asking again would only repeat the 404.
      if (missing && outcome === 'unchanged') throw missing;
      return fetchJson(chunkUrl(path), Chunk, signal);
    },
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
