/**
 * Entry point. Before React starts: restore the address a 404 redirect
 * carried, and start fetching the route table, the current section's route
 * file and the current page's chunk, so they download alongside the rest of
 * the app instead of one after another.
 */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { restoredUrl } from '../shared/spa-redirect.ts';
import { candidatePaths } from '../shared/paths.ts';
import { sectionOf } from '../shared/schemas/site-data.ts';
import { chunkQuery, loadChunk, routesQuery, siteQuery } from '../data/queries.ts';
import { createQueryClient } from './query-client.ts';
import { App } from './App.tsx';
import { preloadMarkdown } from '../components/PageContent.tsx';
import { initDeployWatch } from '../data/deploy.ts';
import { registerServiceWorker } from './service-worker.ts';

declare const __APP_BUILD_LABEL__: string | undefined;

/** Longest wait for the first page's data before the app renders its frame anyway. */
const FIRST_RENDER_WAIT_MS = 1500;

const restored = restoredUrl(window.location.href);
if (restored) window.history.replaceState(window.history.state, '', restored);

const client = createQueryClient();
initDeployWatch(client, import.meta.url);
if (typeof __APP_BUILD_LABEL__ === 'string' && __APP_BUILD_LABEL__) document.documentElement.dataset.build = __APP_BUILD_LABEL__;
const starting: Array<Promise<unknown>> = [client.prefetchQuery(siteQuery())];
const candidates = candidatePaths(window.location.pathname);
for (const section of new Set(candidates.map(sectionOf))) starting.push(client.prefetchQuery(routesQuery(section)));
// A canonical-looking path's chunk can be fetched now; other addresses resolve first.
const path = candidates[0]!;
const boot = (window as { __boot?: { path: string; chunk: Promise<unknown> } }).__boot;
let first: Promise<unknown> | null = null;
if (boot && boot.path === path) {
  // index.html's inline script already asked for this chunk: validate its answer instead of asking again.
  first = client.fetchQuery({ ...chunkQuery(path), queryFn: ({ signal }) => loadChunk(path, signal, boot.chunk) });
} else if (path.endsWith('/') || (path.endsWith('.html') && !path.endsWith('/index.html'))) {
  first = client.fetchQuery(chunkQuery(path));
}
// A page with a body (every page but the home page) needs the Markdown pipeline: once its chunk has
// arrived, load it alongside the first render instead of after it. An unknown address needs none.
void first?.then(() => path !== '/' && preloadMarkdown(), () => {});

if (first) starting.push(first);

// The first render waits for the data the page needs (asked for above, usually there by the time this
// code runs) and is a transition: it then renders the whole page in short slices, where an update
// arriving from the query cache would render it in one synchronous task. The static shell shows the
// page's title and opening text meanwhile. A slow network does not hold the frame back for long.
void Promise.race([Promise.allSettled(starting), new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(() =>
  startTransition(() => createRoot(document.getElementById('root')!).render(<App client={client} />)),
);
// The dev server's channel (dead code in production builds, so not in their bundles); no service worker in dev.
if (__DEV__) void import('../dev/client.ts').then((m) => m.startDevClient(client));
else registerServiceWorker();
