/** The QueryClient: retries transient failures with backoff, never a 404 or bad data. */
import { QueryClient } from '@tanstack/react-query';
import { isTransient } from '../data/errors.ts';

/** Retries after a transient failure, at most this many times. */
export const MAX_RETRIES = 2;
/** First retry delay; doubled each time, capped at RETRY_MAX_DELAY_MS. */
export const RETRY_BASE_DELAY_MS = 500;
export const RETRY_MAX_DELAY_MS = 4_000;

/** A fresh client; tests pass `retry: false`. */
export function createQueryClient(opts: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: opts.retry === false ? false : (count, error) => count < MAX_RETRIES && isTransient(error),
        retryDelay: (attempt) => Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS),
        refetchOnWindowFocus: false,
        // A failed fetch (a hover prefetch included) is not silently repeated when the page mounts:
        // the reader sees the error view and decides with Retry. Transient failures were retried already.
        retryOnMount: false,
        refetchOnReconnect: true,
      },
    },
  });
}
