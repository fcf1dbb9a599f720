/**
 * The service worker: offline reading. The app shell (index.html, entry
 * script, CSS, fonts, route table) is cached at install; every route file,
 * chunk, image and search-index file the reader loads is cached as it
 * passes. Navigations are answered by the cached app shell, so pages read
 * before open offline, and repeat visits skip the network for the shell. A new deploy installs a new
 * worker, which takes over at once and drops the old caches; the app then
 * loads the new version on its next navigation.
 */
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];
/** The build writes one document per page (output `pages`): navigations go to the network first. */
declare const __SW_PAGE_DOCUMENTS__: boolean;

const sw = self as unknown as ServiceWorkerGlobalScope;
const CACHE = `docs-${__SW_VERSION__}`;
/** The app shell's address: the one index.html is loaded by, first visits included, so caching it costs a revalidation. */
const SHELL = '/';

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // From the HTTP cache where possible: the page has just downloaded these, and hashed assets never change.
      await cache.addAll(__SW_PRECACHE__);
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      // A page document's request starts while the worker starts up, not after.
      if (__SW_PAGE_DOCUMENTS__) await sw.registration.navigationPreload?.enable();
      await sw.clients.claim();
    })(),
  );
});

/** A cached answer with a header saying so. */
function markedCopy(cached: Response, header: string): Response {
  const headers = new Headers(cached.headers);
  headers.set(header, '1');
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
}

/** A cached answer given because the network failed, so the app can tell the reader they are offline. */
const offlineCopy = (cached: Response) => markedCopy(cached, 'x-served-offline');

/** Network first; a good answer is kept for offline use, the kept one answers when the network fails. */
async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) void cache.put(request, response.clone());
    return response;
  } catch (e) {
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return offlineCopy(cached);
    throw e;
  }
}

/** Hashed assets never change: the cache answers first. */
async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) void cache.put(request, response.clone());
  return response;
}

/**
 * Stale while revalidate, for page chunks and search-index files: the kept
 * copy answers at once and the network refreshes it for next time. (The
 * route table stays network-first: it is what tells an open page about a
 * new deploy, and what says the reader is offline.)
 */
async function staleWhileRevalidate(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(event.request);
  const refresh = fetch(event.request).then((response) => {
    if (response.ok) void cache.put(event.request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(refresh.catch(() => undefined));
    return markedCopy(cached, 'x-served-from-cache');
  }
  return refresh;
}

/** Addresses of files (an extension other than .html) are not pages: the app shell must not answer them. */
const FILE = /\.(?!html$)[a-z0-9]+$/i;

/**
 * Pages: the cached app shell answers any page address at once (the app
 * reads the address itself, so no 404 redirect hop is needed), and the shell
 * is refreshed in the background. Without a cached shell, the network.
 */
async function navigation(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(CACHE);
  if (__SW_PAGE_DOCUMENTS__) return pageDocument(event, cache);
  const shell = await cache.match(SHELL);
  if (shell && !FILE.test(new URL(event.request.url).pathname)) {
    event.waitUntil(
      fetch(SHELL, { cache: 'no-cache' })
        .then((r) => (r.ok ? cache.put(SHELL, r) : undefined))
        .catch(() => undefined),
    );
    return shell;
  }
  return fetch(event.request);
}

/**
 * With a document per page: the page's own document from the network (kept
 * for offline reading); offline, the kept copy, else the not-found document,
 * from which the app renders the page out of its cached chunk.
 */
async function pageDocument(event: FetchEvent, cache: Cache): Promise<Response> {
  const request = event.request;
  try {
    const response = ((await event.preloadResponse) as Response | undefined) ?? (await fetch(request));
    if (response.ok) void cache.put(request, response.clone());
    return response;
  } catch (e) {
    const cached = (await cache.match(request, { ignoreSearch: true })) ?? (await cache.match('/404.html'));
    if (cached) return offlineCopy(cached);
    throw e;
  }
}

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(navigation(event));
  if (url.pathname.startsWith('/assets/')) return event.respondWith(cacheFirst(request));
  // A page's Markdown copy goes with its chunk, which names the part of it the app renders (src/shared/markdown-source.ts).
  if (url.pathname.startsWith('/data/pages/') || url.pathname.endsWith('.md') || /^\/search\/[a-z0-9]+\//.test(url.pathname)) return event.respondWith(staleWhileRevalidate(event));
  event.respondWith(networkFirst(request));
});
