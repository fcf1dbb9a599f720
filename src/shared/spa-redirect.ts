/**
 * The 404 redirect (§2, static hosts): 404.html sends a deep link to
 * index.html as `/#__spa=<path+query+hash>`; before the router starts, the app
 * puts the original address back with history.replaceState. The address is
 * only ever applied as a same-origin path, so it cannot lead elsewhere.
 *
 * It travels in the fragment, not the query, so that the document's request
 * is plain `/`: the one the service worker caches as the app shell, which it
 * then revalidates from the browser's cache instead of downloading again.
 * (`/?__spa=` is still read, for links made by hand.)
 */

/** Parameter, in the fragment (or the query), that carries the original address. */
export const REDIRECT_PARAM = '__spa';

/**
 * Given the current URL, returns the same-origin URL to restore, or null.
 * `//evil.example/x` stays a path on this origin.
 */
export function restoredUrl(current: string): string | null {
  const url = new URL(current);
  const saved = new URLSearchParams(url.hash.slice(1)).get(REDIRECT_PARAM) ?? url.searchParams.get(REDIRECT_PARAM);
  if (saved === null) return null;
  const pathish = saved.startsWith('/') ? saved : `/${saved}`;
  // Concatenating onto the origin (never resolving against it) keeps `//host` a path.
  // Backslashes count as slashes in the path only; in the query and hash they are the reader's text.
  const target = new URL(url.origin + pathish.replace(/^[^?#]*/, (p) => p.replace(/\\/g, '/')));
  if (target.origin !== url.origin) return url.origin + '/';
  return target.href;
}
