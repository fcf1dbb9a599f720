/**
 * A static file server that behaves like GitHub Pages and other static hosts:
 * files as they are, a folder's index.html (a 301 to the folder's slash when
 * it is missing), `<path>.html` for a path without an extension, and
 * 404.html with status 404 for everything else. Responses are gzip-compressed when the client accepts it;
 * hashed assets are cached for a year, everything else is revalidated.
 *
 * `node scripts/serve.mjs [--root dist] [--port 4173]`; `startServer()` for tests.
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.yaml': 'application/yaml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.bin': 'application/octet-stream',
};
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|yaml|txt|md|xml|map|webmanifest)$/;

/**
 * Finds the file for a URL path: the file itself, a folder's index.html, or
 * (as GitHub Pages does) `<path>.html` for a path without an extension.
 * A folder asked for without its slash answers `{ redirect }`: the host's 301.
 */
async function locate(root, urlPath) {
  let rel;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const abs = path.join(root, path.normalize(rel));
  if (!abs.startsWith(root)) return null;
  try {
    const s = await stat(abs);
    if (s.isFile()) return abs;
    if (s.isDirectory() && rel.endsWith('/')) {
      const idx = path.join(abs, 'index.html');
      if ((await stat(idx)).isFile()) return idx;
    }
    if (s.isDirectory() && !rel.endsWith('/')) {
      if ((await stat(path.join(abs, 'index.html'))).isFile()) return { redirect: `${urlPath}/` };
    }
  } catch {
    /* not there */
  }
  if (!rel.endsWith('/') && !path.extname(rel)) {
    try {
      const html = `${abs}.html`;
      if ((await stat(html)).isFile()) return html;
    } catch {
      /* not there either */
    }
  }
  return null;
}

/** Starts the server; resolves with `{ url, close }`. */
export async function startServer({ root = 'dist', port = 4173, host = '127.0.0.1', latencyMs = 0 } = {}) {
  const dir = path.resolve(root);
  const gzCache = new Map();
  const server = createServer(async (req, res) => {
    // Concatenated, not resolved: a request for `//host/x` or `///` is a path on this server.
    let url;
    try {
      url = new URL(`http://localhost${req.url?.startsWith('/') ? req.url : '/'}`);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request');
      return;
    }
    let file = await locate(dir, url.pathname);
    if (file && typeof file === 'object') {
      res.writeHead(301, { location: file.redirect + url.search, 'cache-control': 'no-cache' }).end();
      return;
    }
    let status = 200;
    if (!file) {
      status = 404;
      file = path.join(dir, '404.html');
    }
    let body;
    try {
      body = await readFile(file);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const ext = path.extname(file);
    const headers = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': url.pathname.startsWith('/assets/') && status === 200 ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    };
    const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 16)}"`;
    headers.etag = etag;
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    if (COMPRESSIBLE.test(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      let gz = gzCache.get(etag);
      if (!gz) {
        gz = gzipSync(body, { level: 9 });
        gzCache.set(etag, gz);
      }
      body = gz;
      headers['content-encoding'] = 'gzip';
      headers.vary = 'Accept-Encoding';
    }
    headers['content-length'] = body.length;
    const send = () => res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
    if (latencyMs > 0) setTimeout(send, latencyMs);
    else send();
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const addr = server.address();
  return {
    url: `http://${host}:${addr.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
    server,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (n, d) => (args.includes(n) ? args[args.indexOf(n) + 1] : d);
  const { url } = await startServer({ root: opt('--root', 'dist'), port: Number(opt('--port', process.env.PORT ?? 4173)) });
  console.log(`Serving ${opt('--root', 'dist')}/ at ${url}/ (Ctrl+C to stop)`);
}
