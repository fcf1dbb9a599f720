/**
 * The service worker: offline reading. The app shell (index.html, entry
 * script, CSS, fonts, route table) is cached at install; every route file,
 * chunk, image and search-index file the reader loads is cached as it
 * passes. Navigations fall back to the cached index.html when the network is
 * gone, so pages read before open offline. A new deploy installs a new
 * worker, which takes over at once and drops the old caches; the app then
 * loads the new version on its next navigation.
 */
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

const sw = self as unknown as ServiceWorkerGlobalScope;
const CACHE = `docs-${__SW_VERSION__}`;
const SHELL = '/index.html';

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
      await sw.clients.claim();
    })(),
  );
});

/** A cached answer marked as such, so the app can tell the reader they are offline. */
function offlineCopy(cached: Response): Response {
  const headers = new Headers(cached.headers);
  headers.set('x-served-offline', '1');
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
}

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

/** Pages: the network (a static host answers 404.html for deep links), else the cached app shell. */
async function navigation(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (e) {
    const shell = await caches.match(SHELL);
    if (shell) return offlineCopy(shell);
    throw e;
  }
}

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(navigation(request));
  if (url.pathname.startsWith('/assets/')) return event.respondWith(cacheFirst(request));
  event.respondWith(networkFirst(request));
});
