/**
 * Addresses built from the site config: a page's Markdown address, its
 * canonical URL, the "Edit this page" link and the feeds. Shared by the
 * compiler (sitemap, feeds, llms.txt) and the app (head tags, page footer).
 * No React. The app loads this module after the first paint: nothing on the
 * first load imports it.
 */
import type { Repository, SiteConfig } from './schemas/site-config.ts';

/**
 * Address of a page's Markdown, beside the page: /guides/ivr/ -> /guides/ivr/index.md,
 * /releases/201912.html -> /releases/201912.md, / -> /index.md (a path without
 * either ending gets .md appended). Compiler, llms.txt and the app all use this rule.
 */
export function markdownPathOf(path: string): string {
  if (path.endsWith('/')) return `${path}index.md`;
  return path.endsWith('.html') ? `${path.slice(0, -'.html'.length)}.md` : `${path}.md`;
}

/** `path` on the deployed site: absolute when the config names an origin, else the path itself. */
export function siteUrl(site: Pick<SiteConfig, 'origin'>, path: string): string {
  return site.origin ? `${site.origin}${path}` : path;
}

/** The canonical URL of a page, or undefined when the config names no origin. */
export function canonicalUrl(site: Pick<SiteConfig, 'origin'>, path: string): string | undefined {
  return site.origin ? `${site.origin}${path}` : undefined;
}

/** The address of a page's Markdown (absolute when there is an origin). */
export function markdownUrl(site: Pick<SiteConfig, 'origin'>, path: string): string {
  return siteUrl(site, markdownPathOf(path));
}

/** Where to edit a page's source file: `<url>/edit/<branch>/<dir>/<file>` (GitHub, Gitea and Forgejo use this form). */
export function editUrl(repo: Repository | undefined, relativePath: string): string | undefined {
  if (!repo || !relativePath) return undefined;
  const file = [...(repo.dir ? repo.dir.split('/') : []), ...relativePath.split('/')].map(encodeURIComponent).join('/');
  return `${repo.url}/edit/${repo.branch.split('/').map(encodeURIComponent).join('/')}/${file}`;
}

/** Where the feeds are served (built only when the config names an origin and a feed). */
export const ATOM_PATH = '/atom.xml';
export const RSS_PATH = '/rss.xml';

/** True when the site builds feeds and the page at `path` is one of their posts (its path starts with a feed folder). */
export function isFeedPost(site: Pick<SiteConfig, 'origin' | 'feed'>, path: string): boolean {
  return !!site.origin && !!site.feed && site.feed.include.some((prefix) => path.startsWith(prefix));
}
