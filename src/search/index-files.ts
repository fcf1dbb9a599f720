/**
 * Reading the local index's files over HTTP. Every request has a time limit
 * and every file is checked before use (the shared zod schemas, or the shard
 * decoder), so the engine meets only well-formed data, and a failure says
 * which file it was and whether it was missing or damaged.
 */
import type * as z from 'zod/mini';
import { decodeShard, SearchTermList, type Shard } from '../shared/search-index.ts';

/** A request for an index file that takes longer than this is given up. */
export const FETCH_TIMEOUT_MS = 10_000;

/** A failed request for an index file; `status` 404 may mean that a newer deploy replaced the index. */
export class SearchFetchError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`Search index file ${url} answered ${status}.`);
    this.name = 'SearchFetchError';
  }
}

/** A file of the index that arrived but is broken (truncated, malformed, of another format). */
export class SearchIndexError extends Error {
  constructor(
    readonly url: string,
    detail: string,
  ) {
    super(`The search index is damaged (${url.split('/').slice(-2).join('/')}: ${detail}). Reload the page to try again.`);
    this.name = 'SearchIndexError';
  }
}

/** An index file that did not arrive, whole, within the time limit (a stalled connection, a server that does not answer). */
export class SearchTimeoutError extends Error {
  constructor(
    readonly url: string,
    readonly ms: number,
  ) {
    super(`Search index file ${url} did not answer within ${ms / 1000} s.`);
    this.name = 'SearchTimeoutError';
  }
}

/** How the engine reaches its files. The browser uses the defaults; tests and tools pass their own. */
export interface IndexFetchOptions {
  /** The fetch to call (default: the global `fetch`, looked up at each request). */
  fetch?: typeof fetch | undefined;
  /** Time limit of each request, its body included (default FETCH_TIMEOUT_MS). */
  timeoutMs?: number | undefined;
}

/** The index's files, each read, checked and decoded. */
export interface IndexFiles {
  /** A JSON file, checked against `schema`. */
  json<T>(url: string, schema: z.ZodMiniType<T>, signal?: AbortSignal): Promise<T>;
  /** A gzip-compressed shard, decoded. */
  shard(url: string): Promise<Shard>;
  /** A gzip-compressed term list (`w/<n>/<end><c>.bin`). */
  termList(url: string): Promise<SearchTermList>;
}

/** True for the error a fetch or a body read rejects with once its signal aborts (by the caller or by the timeout). */
const aborted = (e: unknown) => e instanceof DOMException && (e.name === 'AbortError' || e.name === 'TimeoutError');

/** Reads the index's files through `options.fetch`, each request within `options.timeoutMs`. */
export function indexFiles(options: IndexFetchOptions = {}): IndexFiles {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const fetchFile = options.fetch ?? ((input, init) => fetch(input, init));

  /** Fetches `url` and reads its body with `body`, all within the time limit; `signal` aborts it sooner. */
  const read = async <T>(url: string, signal: AbortSignal | undefined, body: (res: Response) => Promise<T>): Promise<T> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const res = await fetchFile(url, { credentials: 'same-origin', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      if (!res.ok) throw new SearchFetchError(url, res.status);
      return await body(res);
    } catch (e) {
      // The caller's abort stays an AbortError (a newer query, nothing to report); the time limit names the file.
      if (aborted(e) && timeout.aborted && !signal?.aborted) throw new SearchTimeoutError(url, timeoutMs);
      throw e;
    }
  };

  /** Inflates a gzip body with the browser's own decompressor. */
  const gunzip = async (url: string, res: Response): Promise<Uint8Array> => {
    try {
      const stream = res.body!.pipeThrough(new DecompressionStream('gzip'));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    } catch (e) {
      if (aborted(e)) throw e;
      throw new SearchIndexError(url, 'not a complete gzip file');
    }
  };

  return {
    json: (url, schema, signal) =>
      read(url, signal, async (res) => {
        let json: unknown;
        try {
          json = await res.json();
        } catch (e) {
          if (aborted(e)) throw e;
          throw new SearchIndexError(url, 'not valid JSON');
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) throw new SearchIndexError(url, 'unexpected content');
        return parsed.data;
      }),
    shard: (url) =>
      read(url, undefined, async (res) => {
        const bytes = await gunzip(url, res);
        try {
          return decodeShard(bytes);
        } catch (e) {
          throw new SearchIndexError(url, e instanceof Error ? e.message : 'malformed');
        }
      }),
    termList: (url) =>
      read(url, undefined, async (res) => {
        const text = new TextDecoder().decode(await gunzip(url, res));
        const parsed = SearchTermList.safeParse(text.split('\n'));
        if (!parsed.success) throw new SearchIndexError(url, 'unexpected content');
        return parsed.data;
      }),
  };
}
