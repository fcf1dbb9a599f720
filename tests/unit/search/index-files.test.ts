// Reading the search index's files: the time limit of each request, the caller's abort, and what each failure is called.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { encodeShard, SearchMeta } from '../../../src/shared/search-index.ts';
import { indexFiles } from '../../../src/search/index-files.ts';
import { createLocalEngine } from '../../../src/search/local-engine.ts';

/**
 * A server that never answers `/never/...`, sends the headers and half the
 * body of `/half/...` and then nothing more, and answers the rest.
 */
let server: Server;
let origin: string;
const shard = gzipSync(encodeShard([['menu', { idf: 7, docs: Uint32Array.from([0]), weights: Uint8Array.from([9]), flags: Uint8Array.from([0]) }]]));
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url!.startsWith('/never/')) return;
    const body = req.url!.endsWith('.bin') ? shard : Buffer.from(JSON.stringify({ v: 'abc', docs: 1, first: 'm', lens: [4], wf: { 4: 'm' }, wl: { 4: 'u' }, syn: [] }));
    res.writeHead(200, { 'content-length': body.length });
    if (req.url!.startsWith('/half/')) res.write(body.subarray(0, body.length >> 1));
    else res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The real fetch, on the test server: site paths as the engine asks for them. */
const onServer: typeof fetch = (input, init) => fetch(new URL(input instanceof Request ? input.url : input.toString(), origin), init);

describe('index files', () => {
  it('gives up on a server that never answers, with an error that names the file and the time limit', async () => {
    const started = Date.now();
    await expect(createLocalEngine('/never/search/', { fetch: onServer, timeoutMs: 100 })).rejects.toMatchObject({
      name: 'SearchTimeoutError',
      message: 'Search index file /never/search/index.json did not answer within 0.1 s.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('gives up too on an answer that stops halfway, JSON or gzip', async () => {
    const files = indexFiles({ fetch: onServer, timeoutMs: 100 });
    await expect(files.json('/half/index.json', SearchMeta)).rejects.toMatchObject({ name: 'SearchTimeoutError', message: 'Search index file /half/index.json did not answer within 0.1 s.' });
    await expect(files.shard('/half/s/men.bin')).rejects.toMatchObject({ name: 'SearchTimeoutError', url: '/half/s/men.bin', ms: 100 });
    await expect(files.termList('/half/w/4.bin')).rejects.toMatchObject({ name: 'SearchTimeoutError', url: '/half/w/4.bin' });
  });

  it("reads a complete answer as before, and leaves the caller's own abort an AbortError", async () => {
    const files = indexFiles({ fetch: onServer, timeoutMs: 1_000 });
    await expect(files.json('/search/index.json', SearchMeta)).resolves.toEqual({ v: 'abc', docs: 1, first: 'm', lens: [4], wf: { 4: 'm' }, wl: { 4: 'u' }, syn: [] });
    expect([...(await files.shard('/search/s/men.bin')).terms.keys()]).toEqual(['menu']);
    const ctl = new AbortController();
    const read = files.json('/never/index.json', SearchMeta, ctl.signal);
    setTimeout(() => ctl.abort(), 20);
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
  });
});
