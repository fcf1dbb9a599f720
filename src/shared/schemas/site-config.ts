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

/** Scheme and host the site is deployed at, without a path or trailing slash. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d+)?$/i;

/** The image shown when a page is shared (Open Graph and Twitter cards). */
export const SocialImage = z.strictObject({
  /** Site path of a PNG or JPEG in content/public, ideally 1200 x 630 pixels. */
  src: z.string().check(z.regex(/^\/[^?#\s]+\.(?:png|jpe?g)$/i, 'Expected a PNG or JPEG like /social-card.png')),
  /** What the image shows, for readers who cannot see it. */
  alt: z.string().check(z.minLength(1)),
});

/** The repository that holds the content, for "Edit this page" links. */
export const Repository = z.strictObject({
  /** Web address of the repository, like https://github.com/owner/name (no trailing slash). */
  url: z.string().check(z.regex(/^https:\/\/[^\s?#]+[^/\s?#]$/, 'Expected https://host/owner/name')),
  /** Branch that edits go to (default main). */
  branch: z._default(z.string().check(z.minLength(1)), 'main'),
  /** Folder of the content inside the repository (default content; empty when the content is at the top). */
  dir: z._default(z.string().check(z.regex(/^(?:[^/\s]+(?:\/[^/\s]+)*)?$/, 'Expected a folder like content or docs/content')), 'content'),
});
export type Repository = z.infer<typeof Repository>;

/** The release feed (Atom and RSS) of release notes and blog posts. */
export const FeedConfig = z.strictObject({
  /** Feed title, as feed readers list it. */
  title: z.string().check(z.minLength(1)),
  /** One line about the feed (default: the site description). */
  description: z.optional(z.string()),
  /** Author named in the feed (default: the site title). */
  author: z.optional(z.string().check(z.minLength(1))),
  /** Path prefixes of the pages that are posts, such as /releases/ and /blogs/. */
  include: z.array(z.string().check(z.regex(/^\/(?:[^/\s?#]+\/)*$/, 'Expected a folder like /releases/'))).check(z.minLength(1)),
});
export type FeedConfig = z.infer<typeof FeedConfig>;

/** The site config in content/_config/site.yml. */
export const SiteConfig = z.strictObject({
  /** Site title, shown in the navbar and after each page title. */
  title: z.string().check(z.minLength(1)),
  /** Default meta description. */
  description: z.string(),
  /** Where the site is deployed (https://docs.example.com): sitemap, feeds, canonical links and social previews need it. */
  origin: z.optional(z.string().check(z.regex(ORIGIN, 'Expected scheme and host only, like https://docs.example.com'))),
  /** Image for link previews of every page. */
  image: z.optional(SocialImage),
  /** Repository of the content; default pages then link to "Edit this page". */
  repository: z.optional(Repository),
  /** Atom and RSS feed of release notes and blog posts (built when origin is set). */
  feed: z.optional(FeedConfig),
  /**
   * What the build writes: `pages`, one HTML document per page (every page
   * answers 200 with its own content, for hosts that serve files as they
   * are); `single`, one index.html and a 404.html that redirects to it, for
   * hosts that can serve only one shell.
   */
  output: z._default(z.enum(['pages', 'single']), 'pages'),
  /** Language of the pages (the lang attribute of each document). */
  lang: z._default(z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Expected a language tag like en or en-US')), 'en'),
  /** Base path the site is served under. */
  base: z._default(z.string().check(z.startsWith('/'), z.endsWith('/')), '/'),
  /** Extra head tags for index.html. */
  head: z._default(z.array(HeadTag), []),
  /** Navbar links. */
  nav: z._default(z.array(NavLink), []),
  /** Sidebar groups in display order. */
  sidebar: z._default(z.array(SidebarGroup), []),
  /** Search settings. */
  search: z._default(
    z.strictObject({
      /** Name of the search index (the DocSearch index when DocSearch is configured). */
      indexName: z.string().check(z.minLength(1)),
      /**
       * Groups of words and phrases a reader may use for one another
       * (`[IVR, phone menu, phone system]`); the local search looks for every
       * member of a group when the query holds one.
       */
      synonyms: z._default(z.array(z.array(z.string().check(z.minLength(1))).check(z.minLength(2))), []),
    }),
    { indexName: 'docs', synonyms: [] },
  ),
  /** Analytics settings. */
  analytics: z._default(
    z.strictObject({
      /** Google Analytics 4 measurement id (G-XXXX); empty means analytics is off. */
      id: z._default(z.string(), ''),
    }),
    { id: '' },
  ),
});
export type SiteConfig = z.infer<typeof SiteConfig>;
