import * as z from 'zod/mini';
import { SiteConfig } from './site-config.ts';
import { PageRecord } from './page-record.ts';

/**
 * The runtime manifest, split so that a first load costs the same at 10,000
 * pages as at 70: a small route table (data/site.json), one path list per
 * section (data/routes/<section>.json), and one chunk per page that carries
 * the page's record. dist/manifest.json still holds every record in one file
 * for tools; the app never needs it.
 */

/** A resolved sidebar entry: a page with its title, or a group. */
export type SidebarNode = { kind: 'page'; path: string; title: string } | { kind: 'group'; title: string; collapsed: boolean; children: SidebarNode[] };
export const SidebarNode: z.ZodMiniType<SidebarNode> = z.union([
  z.object({ kind: z.literal('page'), path: z.string(), title: z.string() }),
  z.object({
    kind: z.literal('group'),
    title: z.string(),
    collapsed: z.boolean(),
    get children() {
      return z.array(SidebarNode);
    },
  }),
]);

/** data/site.json: everything every page needs, and nothing that grows with the page count but the redirects. */
export const SiteData = z.object({
  /** Changes with every build; chunks and route files carry the same id. */
  buildId: z.string(),
  site: SiteConfig,
  /** The sidebar with page titles resolved. */
  sidebar: z.array(SidebarNode),
  /** Old addresses (aliases, regular paths replaced by a permalink) -> canonical path. */
  redirects: z.record(z.string(), z.string()),
  /** URL of the app's entry script in this build: when it differs from the running one, the app was redeployed. */
  app: z.optional(z.string()),
  /**
   * URLs of the Markdown pipeline's chunk and of the chunks it imports (the entry's own excepted): asked for
   * together, so the browser does not find each level of imports only once the level before has arrived.
   */
  markdownModules: z.optional(z.array(z.string())),
  /** 'copies': the chunks hold no Markdown; each page's is in its published copy (src/shared/markdown-source.ts). */
  markdown: z.optional(z.literal('copies')),
});
export type SiteData = z.infer<typeof SiteData>;

/** data/routes/<section>.json: the canonical paths of one section (first path segment). */
export const RouteShard = z.object({
  buildId: z.string(),
  paths: z.array(z.string()),
});
export type RouteShard = z.infer<typeof RouteShard>;

/** A previous or next page. */
export const PageLink = z.object({ path: z.string(), title: z.string() });
export type PageLink = z.infer<typeof PageLink>;

/** Section of a path: its first segment, or "_root" for pages at the top. */
export function sectionOf(path: string): string {
  const m = /^\/([^/]+)\//.exec(path);
  return m ? m[1]! : '_root';
}

/** URL of a section's route file. */
export function routesUrl(section: string, base = '/'): string {
  return `${base}data/routes/${encodeURIComponent(section)}.json`;
}

/** URL of the route table. */
export const SITE_DATA_PATH = 'data/site.json';

export { PageRecord };
