/**
 * Entry point. Before React starts: restore the address a 404 redirect
 * carried, and start fetching the manifest and the current page's chunk so
 * they download alongside the rest of the bundle.
 */
import { createRoot } from 'react-dom/client';
import { restoredUrl } from '../shared/spa-redirect.ts';
import { chunkQuery, manifestQuery } from '../data/queries.ts';
import { createQueryClient } from './query-client.ts';
import { App } from './App.tsx';

const restored = restoredUrl(window.location.href);
if (restored) window.history.replaceState(window.history.state, '', restored);

const client = createQueryClient();
void client.prefetchQuery(manifestQuery());
const path = decodeURI(window.location.pathname);
// A canonical-looking path's chunk can be fetched now; redirects resolve after the manifest.
if (path.endsWith('/') || path.endsWith('.html')) void client.prefetchQuery(chunkQuery(path));

createRoot(document.getElementById('root')!).render(<App client={client} />);
