/** Why loading the manifest or a page chunk failed; the error view words each one. */

/** The server answered with a status other than 2xx. */
export class HttpError extends Error {
  constructor(
    public readonly url: string,
    public readonly status: number,
  ) {
    super(`${url} answered HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** No answer within the time limit. */
export class TimeoutError extends Error {
  constructor(
    public readonly url: string,
    public readonly ms: number,
  ) {
    super(`${url} did not answer within ${ms / 1000} s`);
    this.name = 'TimeoutError';
  }
}

/** The request failed before any answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(
    public readonly url: string,
    cause: unknown,
  ) {
    super(`${url} could not be fetched`, { cause });
    this.name = 'NetworkError';
  }
}

/** The answer was not JSON, or not the JSON the schema expects. */
export class DataError extends Error {
  constructor(
    public readonly url: string,
    detail: string,
  ) {
    super(`${url} is not valid: ${detail}`);
    this.name = 'DataError';
  }
}

/** True for failures worth retrying: the network, a timeout, a server error, a rate limit. */
export function isTransient(e: unknown): boolean {
  if (e instanceof HttpError) return e.status >= 500 || e.status === 408 || e.status === 429;
  return e instanceof NetworkError || e instanceof TimeoutError;
}
