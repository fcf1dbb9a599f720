/**
 * A built site served by scripts/serve.mjs (the project's static host:
 * gzip, 404.html for unknown paths, long-lived cache for /assets/), with a
 * log of every answer it sends. The log counts what really crossed the wire,
 * including requests made by workers, which a page's DevTools session misses.
 */
import { startServer } from '../../scripts/serve.mjs';

/** One response, as the server sent it. */
export interface Served {
  /** Path and query. */
  url: string;
  status: number;
  /** Body bytes sent (gzip-compressed when the type is compressible), headers excluded. */
  bytes: number;
  /** Epoch ms when the request arrived. */
  start: number;
  /** Epoch ms when the response was handed to the socket. */
  end: number;
}

/** A running site. */
export interface SiteServer {
  /** Origin, without a trailing slash. */
  url: string;
  /** Every response so far, in arrival order. */
  log: Served[];
  /** Requests received whose response is not finished. */
  inFlight(): number;
  close(): Promise<void>;
}

/** Serves `root` on a free port. */
export async function serveSite(root: string): Promise<SiteServer> {
  const s = await startServer({ root, port: 0, latencyMs: 0 });
  const log: Served[] = [];
  let open = 0;
  s.server.prependListener('request', (req, res) => {
    const start = Date.now();
    let bytes = 0;
    const count = (chunk: unknown) => {
      if (typeof chunk === 'string') bytes += Buffer.byteLength(chunk);
      else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
    };
    // Count the body as the server hands it over (headers passed to writeHead are not readable back).
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => typeof res;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      count(chunk);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk !== 'function') count(chunk);
      return end(chunk, ...rest);
    }) as typeof res.end;
    open++;
    res.on('close', () => {
      open--;
      log.push({ url: req.url ?? '/', status: res.statusCode, bytes, start, end: Date.now() });
    });
  });
  return { url: s.url, log, inFlight: () => open, close: s.close };
}

/** Waits until the server has had nothing in flight for `quietMs` (or `timeoutMs` passed); returns false on time-out. */
export async function waitForQuiet(server: SiteServer, quietMs = 1000, timeoutMs = 20_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  let quietSince = Date.now();
  let seen = server.log.length;
  for (;;) {
    if (server.inFlight() > 0 || server.log.length !== seen) {
      quietSince = Date.now();
      seen = server.log.length;
    }
    if (Date.now() - quietSince >= quietMs) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}
