/**
 * Prefetching a page's chunk before the reader clicks (on hover, focus or
 * touch), so the navigation itself needs no round trip.
 */
import type { QueryClient } from '@tanstack/react-query';
import { chunkQuery, routesQuery, siteQuery } from './queries.ts';
import { sectionOf } from '../shared/schemas/site-data.ts';

/** The canonical path an internal href stands for, as far as it can be known without a route file. */
export function canonicalHref(href: string, redirects: Readonly<Record<string, string>>): string | null {
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  let p = href.replace(/[?#].*$/, '');
  if (p.endsWith('/index.html')) p = p.slice(0, -'index.html'.length);
  p = redirects[p] ?? p;
  return p.endsWith('/') || p.endsWith('.html') ? p : null;
}

/**
 * Starts loading what showing `href` needs: its chunk and its section's
 * route file, which the router reads to resolve the address (no-op for what
 * is loaded or cannot be known).
 */
export function prefetchPage(client: QueryClient, href: string): void {
  const site = client.getQueryData(siteQuery().queryKey);
  const path = canonicalHref(href, site?.redirects ?? {});
  if (!path) return;
  void client.prefetchQuery(routesQuery(sectionOf(path)));
  void client.prefetchQuery(chunkQuery(path));
}
