/**
 * React Query options for page chunks, and (from site-queries.ts) for the
 * route table and section route files. Loading a chunk can find a new
 * deploy; the checks work on the query client React Query passes to the
 * query function.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { Chunk } from '../shared/schemas/manifest.ts';
import { chunkUrl } from '../shared/paths.ts';
import { fetchJson } from './fetch-json.ts';
import { DataError, HttpError, NetworkError } from './errors.ts';
import { checkForNewDeploy, isListed, isOtherBuild } from './deploy.ts';

export { routesQuery, SITE_DATA_URL, siteQuery } from './site-queries.ts';

/** Turns the answer index.html's inline script got into a validated chunk, with the same errors fetchJson gives. */
async function fromBoot(path: string, first: Promise<unknown>): Promise<Chunk> {
  const url = chunkUrl(path);
  let json: unknown;
  try {
    json = await first;
  } catch (e) {
    const status = (e as { status?: unknown } | null)?.status;
    if (typeof status === 'number') throw new HttpError(url, status);
    if (e instanceof SyntaxError) throw new DataError(url, 'the answer is not JSON');
    throw new NetworkError(url, e);
  }
  const parsed = Chunk.safeParse(json);
  if (!parsed.success) throw new DataError(url, parsed.error.issues[0]?.message ?? 'unexpected shape');
  return parsed.data;
}

/**
 * Fetches a chunk. A 404 for a page its section's route file lists, or a
 * chunk of another build, means a new deploy: the route table is checked
 * once, then the chunk is asked for again only if the build changed. A 404
 * for a page the route file does not list is simply not a page.
 */
export async function loadChunk(client: QueryClient, path: string, signal: AbortSignal | undefined, first?: Promise<unknown>): Promise<Chunk> {
  let missing: HttpError | null = null;
  try {
    const chunk = first ? await fromBoot(path, first) : await fetchJson(client, chunkUrl(path), Chunk, signal);
    if (!isOtherBuild(client, chunk.buildId)) return chunk;
  } catch (e) {
    if (!(e instanceof HttpError && e.status === 404)) throw e;
    if (!(await isListed(client, path))) throw e;
    missing = e;
  }
  const outcome = await checkForNewDeploy(client);
  if (outcome === 'reloading') return new Promise<never>(() => {});
  // Still the same build: the chunk is really missing, and asking again would only repeat the 404.
  if (missing && outcome === 'unchanged') throw missing;
  return fetchJson(client, chunkUrl(path), Chunk, signal);
}

/** One page's chunk (record, body, neighbours), by canonical path. */
export const chunkQuery = (path: string) =>
  queryOptions({
    queryKey: ['chunk', path] as const,
    queryFn: ({ signal, client }) => loadChunk(client, path, signal),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });

/**
 * The dev server's live update: refetches the chunks of the pages a content
 * change touched (the open page re-renders in place) and, when the route
 * table or a route file changed, those too. Resolves once the open page's
 * new data has arrived.
 */
export async function refreshContent(client: QueryClient, paths: readonly string[], routes: boolean): Promise<void> {
  const jobs = paths.map((p) => client.invalidateQueries({ queryKey: ['chunk', p] }));
  if (routes) jobs.push(client.invalidateQueries({ queryKey: ['site'] }), client.invalidateQueries({ queryKey: ['routes'] }));
  await Promise.all(jobs);
}
