/**
 * Prefetching a page's chunk before the reader clicks (on hover, focus or
 * touch), so the navigation itself needs no round trip.
 */
import type { QueryClient } from '@tanstack/react-query';
import { chunkQuery, siteQuery } from './queries.ts';

/** The canonical path an internal href stands for, as far as it can be known without a route file. */
export function canonicalHref(href: string, redirects: Readonly<Record<string, string>>): string | null {
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  let p = href.replace(/[?#].*$/, '');
  if (p.endsWith('/index.html')) p = p.slice(0, -'index.html'.length);
  p = redirects[p] ?? p;
  return p.endsWith('/') || p.endsWith('.html') ? p : null;
}

/** Starts loading the chunk behind `href` (no-op when it is loaded or cannot be known). */
export function prefetchPage(client: QueryClient, href: string): void {
  const site = client.getQueryData(siteQuery().queryKey);
  const path = canonicalHref(href, site?.redirects ?? {});
  if (path) void client.prefetchQuery(chunkQuery(path));
}
