// The retry policy of the QueryClient: which failures are retried, how often, and after how long.
// The browser test (tests/e2e/failing-network.test.ts) sees the retries happen; the delays' exact
// values and their growth are checked here, where a busy machine cannot stretch them.
import { describe, expect, it } from 'vitest';
import { MAX_RETRIES, RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS, createQueryClient } from '../../../src/app/query-client.ts';
import { DataError, HttpError, NetworkError, TimeoutError } from '../../../src/data/errors.ts';

const queries = createQueryClient().getDefaultOptions().queries!;
const retry = queries.retry as (count: number, error: unknown) => boolean;
const retryDelay = queries.retryDelay as (attempt: number, error: unknown) => number;

describe('the retry policy', () => {
  it.each([
    ['a network failure', new NetworkError('/a.md', new TypeError('Failed to fetch'))],
    ['a timeout', new TimeoutError('/a.md', 120_000)],
    ['HTTP 503', new HttpError('/a.md', 503)],
    ['HTTP 429', new HttpError('/a.md', 429)],
  ])('retries %s %i times, then gives up', (_, error) => {
    const answers = [0, 1, 2, 3].map((count) => retry(count, error));
    expect(answers).toEqual([true, true, false, false]);
    expect(answers.filter(Boolean)).toHaveLength(MAX_RETRIES);
  });

  it.each([
    ['HTTP 404', new HttpError('/a.md', 404)],
    ['data that fails its schema', new DataError('/a.md', 'title: Required')],
    ['an unknown error', new Error('boom')],
  ])('never retries %s', (_, error) => {
    expect(retry(0, error)).toBe(false);
  });

  it('waits the base delay, then twice as long each time, up to the cap', () => {
    const delays = [0, 1, 2, 3, 4, 5].map((attempt) => retryDelay(attempt, new HttpError('/a.md', 503)));
    expect(delays).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
    expect(delays[0]).toBe(RETRY_BASE_DELAY_MS);
    expect(Math.max(...delays)).toBe(RETRY_MAX_DELAY_MS);
  });

  it('is off in a client made for tests', () => {
    expect(createQueryClient({ retry: false }).getDefaultOptions().queries!.retry).toBe(false);
  });
});
