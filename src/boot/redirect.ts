/**
 * 404.html's script in the `single` output: sends a deep link to index.html
 * with the original path, query and hash in one fragment parameter, which
 * the app restores before its router starts. Before it leaves, it asks for
 * the page's chunk, the one file the first paint waits on, so the
 * redirect's round trip and the chunk's overlap: the answer lands in the
 * browser's cache for index.html's boot script. The request is a keep-alive
 * fetch, which outlives the document that sent it (a <link rel=prefetch>
 * still in flight when index.html arrives is cancelled). The larger files
 * (the bundle, the fonts) are not asked for here: they would slow
 * index.html down on a narrow link.
 */
import { chunkUrl, looksCanonical } from '../shared/paths.ts';
import { REDIRECT_PARAM } from '../shared/spa-redirect.ts';

declare const __BASE__: string;

const l = window.location;
try {
  const p = decodeURI(l.pathname);
  if (looksCanonical(p)) fetch(chunkUrl(p), { credentials: 'same-origin', keepalive: true }).catch(() => {});
} catch {
  // An address that does not decode: redirect without the head start.
}
l.replace(`${__BASE__}#${REDIRECT_PARAM}=${encodeURIComponent(l.pathname + l.search + l.hash)}`);
