/** What kind of download a URL is, for the transfer breakdown. Pure. */

/** Transfer categories; manifest, chunk and search together are "data". */
export const CATEGORIES = ['html', 'js', 'css', 'fonts', 'manifest', 'chunk', 'search', 'images', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Body bytes per category. */
export type Bytes = Record<Category, number>;

/** All-zero byte counts. */
export const noBytes = (): Bytes => Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Bytes;

/**
 * Classifies a URL path. `pageKeys` (from pageKeySet) tells page data apart
 * from the rest: a JSON file named after a page is its chunk; any other JSON
 * (manifest, route table, site data) counts as manifest.
 */
export function classify(pathname: string, pageKeys: ReadonlySet<string>): Category {
  const p = pathname.toLowerCase();
  if (p.startsWith('/search/')) return 'search';
  if (p.endsWith('.html') || p.endsWith('/')) return 'html';
  if (/\.m?js$/.test(p)) return 'js';
  if (p.endsWith('.css')) return 'css';
  if (/\.(woff2?|ttf|otf)$/.test(p)) return 'fonts';
  if (/\.(svg|png|jpe?g|gif|webp|avif|ico)$/.test(p)) return 'images';
  if (p.endsWith('.json')) return isPageFile(pathname, pageKeys) ? 'chunk' : 'manifest';
  return 'other';
}

/** True when the JSON file at `pathname` is named after one of the pages (data/pages/guides/ivr/index.json for guides/ivr/index). */
export function isPageFile(pathname: string, pageKeys: ReadonlySet<string>): boolean {
  if (!pathname.toLowerCase().endsWith('.json') || pathname.startsWith('/search/')) return false;
  const segs = pathname.replace(/\.json$/i, '').split('/');
  for (let i = 1; i < segs.length; i++) if (pageKeys.has(segs.slice(i).join('/'))) return true;
  return false;
}

/**
 * Keys of the site's page paths for classify(): /guides/ivr/ -> guides/ivr/index,
 * /releases/1.html -> releases/1.html and releases/1, / -> index.
 */
export function pageKeySet(paths: Iterable<string>): Set<string> {
  const s = new Set<string>();
  for (const p of paths) {
    const rel = p.replace(/^\//, '');
    if (rel === '' || rel.endsWith('/')) s.add(`${rel}index`);
    else s.add(rel).add(rel.replace(/\.html$/, ''));
  }
  return s;
}
