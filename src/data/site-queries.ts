/** React Query options for the runtime manifest: the route table and the section route files. */
import { queryOptions } from '@tanstack/react-query';
import { RouteShard, routesUrl, SiteData, SITE_DATA_PATH } from '../shared/schemas/site-data.ts';
import { fetchJson } from './fetch-json.ts';
import { HttpError } from './errors.ts';

/** URL of the route table (preloaded by index.html). */
export const SITE_DATA_URL = `/${SITE_DATA_PATH}`;

/** The route table: site config, resolved sidebar, redirects. */
export const siteQuery = () =>
  queryOptions({
    queryKey: ['site'] as const,
    queryFn: ({ signal, client }) => fetchJson(client, SITE_DATA_URL, SiteData, signal),
    staleTime: Infinity,
  });

/** The canonical paths of one section; a section without pages has no file (an empty list, not an error). */
export const routesQuery = (section: string) =>
  queryOptions({
    queryKey: ['routes', section] as const,
    queryFn: async ({ signal, client }) => {
      try {
        return await fetchJson(client, routesUrl(section), RouteShard, signal);
      } catch (e) {
        if (e instanceof HttpError && e.status === 404) return { buildId: '', paths: [] };
        throw e;
      }
    },
    staleTime: Infinity,
  });
