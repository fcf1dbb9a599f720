/**
 * React Query options for page chunks, and (from site-queries.ts) for the
 * route table and section route files. Loading a chunk can find a new
 * deploy; the checks work on the query client React Query passes to the
 * query function.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ChunkFile, type Chunk } from '../shared/schemas/manifest.ts';
import type { SiteData } from '../shared/schemas/site-data.ts';
import { chunkUrl } from '../shared/paths.ts';
import { markdownPathOf } from '../shared/site-urls.ts';
import { markdownFromCopy } from '../shared/markdown-source.ts';
import { fetchJson, fetchText } from './fetch-json.ts';
import { DataError, HttpError, NetworkError } from './errors.ts';
import { checkForNewDeploy, isListed, isOtherBuild } from './deploy.ts';

export { routesQuery, SITE_DATA_URL, siteQuery } from './site-queries.ts';

/** Turns the answer index.html's inline script got into a validated chunk, with the same errors fetchJson gives. */
async function fromBoot(path: string, first: Promise<unknown>): Promise<ChunkFile> {
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
  const parsed = ChunkFile.safeParse(json);
  if (!parsed.success) throw new DataError(url, parsed.error.issues[0]?.message ?? 'unexpected shape');
  return parsed.data;
}

/**
 * A chunk with its Markdown: inline, or read from the page's published copy
 * where the chunk says it lies (`early`: that copy's fetch, already under way).
 * A copy that does not hold the chunk's Markdown came from a cache older than
 * the chunk: the server is asked once more past the caches (a query string the
 * caches do not know), then the reader gets the error view and its retry.
 */
async function withMarkdown(client: QueryClient, path: string, file: ChunkFile, signal: AbortSignal | undefined, early?: Promise<string>): Promise<Chunk> {
  if (!('source' in file)) return file;
  const { source, ...rest } = file;
  const url = markdownPathOf(path);
  let markdown = markdownFromCopy(await (early ?? fetchText(client, url, signal)), source);
  if (markdown === undefined) markdown = markdownFromCopy(await fetchText(client, `${url}?v=${source.hash}`, signal), source);
  if (markdown === undefined) throw new DataError(url, "the page's Markdown does not match its chunk (a new deploy?)");
  return { ...rest, markdown };
}

/**
 * Fetches a chunk and its Markdown. A 404 for a page its section's route file lists, or a
 * chunk of another build, means a new deploy: the route table is checked
 * once, then the chunk is asked for again only if the build changed. A 404
 * for a page the route file does not list is simply not a page. When the
 * build keeps the Markdown in the published copies (SiteData.markdown), the
 * copy is asked for together with the chunk, not after it.
 */
export async function loadChunk(client: QueryClient, path: string, signal: AbortSignal | undefined, first?: Promise<unknown>): Promise<Chunk> {
  // The single output's boot script fetched the chunk (`first`) before the site data: a build's, so the Markdown is in the copy.
  const copies = first !== undefined || client.getQueryData<SiteData>(['site'])?.markdown === 'copies';
  const early = copies ? fetchText(client, markdownPathOf(path), signal) : undefined;
  // Awaited only once the chunk is in: a failure before then is not left unhandled.
  early?.catch(() => undefined);
  let missing: HttpError | null = null;
  try {
    const chunk = first ? await fromBoot(path, first) : await fetchJson(client, chunkUrl(path), ChunkFile, signal);
    if (!isOtherBuild(client, chunk.buildId)) return await withMarkdown(client, path, chunk, signal, early);
  } catch (e) {
    if (!(e instanceof HttpError && e.status === 404)) throw e;
    if (!(await isListed(client, path))) throw e;
    missing = e;
  }
  const outcome = await checkForNewDeploy(client);
  if (outcome === 'reloading') return new Promise<never>(() => {});
  // Still the same build: the chunk is really missing, and asking again would only repeat the 404.
  if (missing && outcome === 'unchanged') throw missing;
  return withMarkdown(client, path, await fetchJson(client, chunkUrl(path), ChunkFile, signal), signal);
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
