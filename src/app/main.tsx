/**
 * Entry point. Before React starts: restore the address a 404 redirect
 * carried, and start fetching the route table, the current section's route
 * file and the current page's chunk, so they download alongside the rest of
 * the app instead of one after another.
 */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { restoredUrl } from '../shared/spa-redirect.ts';
import { looksCanonical } from '../shared/paths.ts';
import { readAddress } from './address.ts';
import { chunkQuery, loadChunk, routesQuery, siteQuery } from '../data/queries.ts';
import { createQueryClient } from './query-client.ts';
import { App } from './App.tsx';
import { preloadMarkdown } from '../components/PageContent.tsx';
import { initDeployWatch } from '../data/deploy.ts';
import { registerServiceWorker } from './service-worker.ts';
import { canonicalAddress, readAdoptedPage, restoreReader, trackReader } from './takeover.ts';
import { TAKEOVER_EVENT } from '../components/StaticBody.tsx';

declare const __APP_BUILD_LABEL__: string | undefined;

/** Longest wait for the first page's data before the app renders its frame anyway. */
const FIRST_RENDER_WAIT_MS = 1500;

const restored = restoredUrl(window.location.href);
if (restored) window.history.replaceState(window.history.state, '', restored);
// A page document (output `pages`) shows its page before this code runs: the app takes it over.
const adopted = readAdoptedPage();
let address = readAddress(window.location.pathname);
const canonical = adopted && canonicalAddress(adopted.page, window.location, address.candidates);
if (canonical) {
  window.history.replaceState(window.history.state, '', canonical);
  address = readAddress(window.location.pathname);
}

const client = createQueryClient();
initDeployWatch(client, import.meta.url);
if (typeof __APP_BUILD_LABEL__ === 'string' && __APP_BUILD_LABEL__) document.documentElement.dataset.build = __APP_BUILD_LABEL__;
const siteLoaded = client.prefetchQuery(siteQuery());
const starting: Array<Promise<unknown>> = [siteLoaded];
for (const section of address.sections) starting.push(client.prefetchQuery(routesQuery(section)));
// A canonical-looking path's chunk can be fetched now; other addresses resolve first.
const path = address.candidates[0]!;
const boot = (window as { __boot?: { path: string; chunk: Promise<unknown> } }).__boot;
let first: Promise<unknown> | null = null;
if (adopted && adopted.page.path === path) {
  // The document holds the page: its chunk and the Markdown pipeline wait for the first client navigation.
} else if (boot && boot.path === path) {
  // index.html's inline script already asked for this chunk: validate its answer instead of asking again.
  first = client.fetchQuery({ ...chunkQuery(path), queryFn: ({ signal }) => loadChunk(client, path, signal, boot.chunk) });
} else if (looksCanonical(path)) {
  first = client.fetchQuery(chunkQuery(path));
}
// A page with a body (every page but the home page) needs the Markdown pipeline: once its chunk has
// arrived, load it alongside the first render instead of after it. An unknown address needs none. The
// site data, asked for beside the chunk, names the pipeline's chunks (prefetchQuery does not reject).
void first?.then(
  async () => {
    await siteLoaded;
    if (path !== '/') preloadMarkdown(client);
  },
  () => {},
);

if (first) starting.push(first);

const render = () => startTransition(() => createRoot(document.getElementById('root')!).render(<App client={client} adopted={adopted} address={address} />));

// A page document, or the not-found document of the same output, already shows what the app would.
if (adopted || document.documentElement.dataset.notFound !== undefined) {
  // The document is readable and its links work without the app: the app replaces its frame only once
  // the route data is in (whatever the network's speed), and not at all if that data cannot be had.
  // The swap is one commit; the reader's scroll position and focus are carried over.
  const reader = trackReader();
  document.addEventListener(
    TAKEOVER_EVENT,
    () => {
      restoreReader(reader.current(), document.getElementById('root')!);
      reader.stop();
    },
    { once: true },
  );
  void Promise.allSettled(starting).then(() => {
    if (client.getQueryData(siteQuery().queryKey)) return render();
    reader.stop();
    console.warn('The page stays as the document shows it: the site data could not be loaded.');
  });
} else {
  // The first render waits for the data the page needs (asked for above, usually there by the time this
  // code runs) and is a transition: it then renders the whole page in short slices, where an update
  // arriving from the query cache would render it in one synchronous task. The static shell shows the
  // page's title and opening text meanwhile. A slow network does not hold the frame back for long.
  void Promise.race([Promise.allSettled(starting), new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(render);
}
// The dev server's channel (dead code in production builds, so not in their bundles); no service worker in dev.
if (__DEV__) void import('../dev/client.ts').then((m) => m.startDevClient(client));
else registerServiceWorker();
