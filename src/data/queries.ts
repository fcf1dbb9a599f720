/** React Query options for the two kinds of data: the manifest and a page's chunk. */
import { queryOptions } from '@tanstack/react-query';
import { Chunk, Manifest } from '../shared/schemas/manifest.ts';
import { chunkUrl } from '../shared/paths.ts';
import { fetchJson } from './fetch-json.ts';

/** URL of the manifest (preloaded by index.html). */
export const MANIFEST_URL = '/manifest.json';

/** The manifest: fetched once per visit. */
export const manifestQuery = () =>
  queryOptions({
    queryKey: ['manifest'] as const,
    queryFn: ({ signal }) => fetchJson(MANIFEST_URL, Manifest, signal),
    staleTime: Infinity,
  });

/** One page's chunk, by canonical path. */
export const chunkQuery = (path: string) =>
  queryOptions({
    queryKey: ['chunk', path] as const,
    queryFn: ({ signal }) => fetchJson(chunkUrl(path), Chunk, signal),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
