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

const restored = restoredUrl(window.location.href);
if (restored) window.history.replaceState(window.history.state, '', restored);

const client = createQueryClient();
initDeployWatch(client, import.meta.url);
if (typeof __APP_BUILD_LABEL__ === 'string' && __APP_BUILD_LABEL__) document.documentElement.dataset.build = __APP_BUILD_LABEL__;
void client.prefetchQuery(siteQuery());
const candidates = candidatePaths(window.location.pathname);
for (const section of new Set(candidates.map(sectionOf))) void client.prefetchQuery(routesQuery(section));
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

// A transition: the first render works in short slices instead of one long task (the static shell
// already shows the page's title, so nothing waits on screen for it).
startTransition(() => createRoot(document.getElementById('root')!).render(<App client={client} />));
registerServiceWorker();
