import * as z from 'zod/mini';

/** A tag written into the <head> of index.html at build time. */
export const HeadTag = z.strictObject({
  /** Element name; only elements that cannot run script are allowed. */
  tag: z.enum(['meta', 'link']),
  /** Attributes, written as given. */
  attrs: z.record(z.string(), z.string()),
});

/** A navbar link. */
export const NavLink = z.strictObject({
  /** Text shown in the navbar. */
  text: z.string().check(z.minLength(1)),
  /** Site path the link leads to. */
  link: z.string().check(z.startsWith('/')),
});

/** A sidebar entry: a page path, or a titled group of entries. */
export type SidebarItem = string | SidebarGroup;
/** A titled, collapsible group of sidebar entries. */
export interface SidebarGroup {
  title: string;
  collapsed?: boolean | undefined;
  children: SidebarItem[];
}
export const SidebarGroup: z.ZodMiniType<SidebarGroup> = z.strictObject({
  /** Group heading. */
  title: z.string().check(z.minLength(1)),
  /** Start collapsed unless the current page is inside (default false). */
  collapsed: z.optional(z.boolean()),
  /** Page paths and nested groups, in reading order (previous/next follow it). */
  get children() {
    return z.array(z.union([z.string().check(z.startsWith('/')), SidebarGroup]));
  },
});

/** The site config in content/_config/site.yml. */
export const SiteConfig = z.strictObject({
  /** Site title, shown in the navbar and after each page title. */
  title: z.string().check(z.minLength(1)),
  /** Default meta description. */
  description: z.string(),
  /** Base path the site is served under. */
  base: z._default(z.string().check(z.startsWith('/'), z.endsWith('/')), '/'),
  /** Extra head tags for index.html. */
  head: z._default(z.array(HeadTag), []),
  /** Navbar links. */
  nav: z._default(z.array(NavLink), []),
  /** Sidebar groups in display order. */
  sidebar: z._default(z.array(SidebarGroup), []),
  /** Search settings. */
  search: z._default(z.strictObject({
    /** Name of the search index (the DocSearch index when DocSearch is configured). */
    indexName: z.string().check(z.minLength(1)),
  }), { indexName: 'docs' }),
  /** Analytics settings. */
  analytics: z._default(z.strictObject({
    /** Google Analytics 4 measurement id (G-XXXX); empty means analytics is off. */
    id: z._default(z.string(), ''),
  }), { id: '' }),
});
export type SiteConfig = z.infer<typeof SiteConfig>;
