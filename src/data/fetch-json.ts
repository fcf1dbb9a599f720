/**
 * fetchJson: GET a JSON file (fetchText: any text file), abort after LAZY_LOAD_TIMEOUT_MS (§9), and
 * validate it with a zod schema. Every failure becomes one of the errors in
 * ./errors.ts.
 */
import type * as z from 'zod/mini';
import type { QueryClient } from '@tanstack/react-query';
import { DataError, HttpError, NetworkError, TimeoutError } from './errors.ts';
import { noteResponse } from './connectivity.ts';

/** Lazy code and data load time-out (§9). */
export const LAZY_LOAD_TIMEOUT_MS = 120_000;

/** Fetches `url` and returns its JSON parsed by `schema`; notes in `client` whether the answer came from the offline cache. */
export async function fetchJson<T extends z.ZodMiniType>(client: QueryClient, url: string, schema: T, signal?: AbortSignal, timeoutMs = LAZY_LOAD_TIMEOUT_MS): Promise<z.infer<T>> {
  const text = await fetchText(client, url, signal, timeoutMs);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DataError(url, 'the answer is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DataError(url, `${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'unexpected shape'}`);
  }
  return parsed.data;
}

/** Fetches `url` and returns its text, with the same time limit and errors as fetchJson. */
export async function fetchText(client: QueryClient, url: string, signal?: AbortSignal, timeoutMs = LAZY_LOAD_TIMEOUT_MS): Promise<string> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    let res: Response;
    try {
      res = await fetch(url, { signal: controller.signal, credentials: 'same-origin' });
    } catch (e) {
      if (timedOut) throw new TimeoutError(url, timeoutMs);
      if (signal?.aborted) throw e;
      throw new NetworkError(url, e);
    }
    noteResponse(client, res);
    if (!res.ok) throw new HttpError(url, res.status);
    try {
      return await res.text();
    } catch (e) {
      if (timedOut) throw new TimeoutError(url, timeoutMs);
      throw new NetworkError(url, e);
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
