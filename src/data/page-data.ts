/**
 * Works out everything a layout needs, once per page: the record, the
 * resolved sidebar, previous/next, the heading tree and the last-updated
 * text, plus the state of the page's content. Components read this object.
 */
import type { Chunk, StaticPage } from '../shared/schemas/manifest.ts';
import type { PageRecord } from '../shared/schemas/page-record.ts';
import type { LayoutName } from '../shared/schemas/front-matter.ts';
import type { PageLink, SidebarNode, SiteData } from '../shared/schemas/site-data.ts';
import { headerTree, type HeaderNode } from '../shared/sidebar.ts';
import type { SiteConfig } from '../shared/schemas/site-config.ts';

/** The page body: shown, still loading, or failed (with a way to retry). */
export type PageContentState =
  | { state: 'ready'; chunk: Chunk }
  /** A page document's body, already in the document as HTML: the layout adopts it instead of rendering Markdown. */
  | { state: 'static'; page: StaticPage; body: HTMLElement }
  | { state: 'loading' }
  | { state: 'error'; error: unknown; retry: () => void; retrying: boolean };

/** The data of the page being shown. */
export interface PageData {
  record: PageRecord;
  layout: LayoutName;
  /** document.title: "<page title> | <site title>". */
  documentTitle: string;
  description: string;
  sidebar: SidebarNode[];
  headers: HeaderNode[];
  prev?: PageLink | undefined;
  next?: PageLink | undefined;
  lastUpdated: string;
  /** The site config, for the parts that build addresses from it (edit link, feeds, canonical URL). */
  site: SiteConfig;
  content: PageContentState;
}

/** Builds the page data from a loaded chunk. */
export function buildPageData(site: SiteData, chunk: Chunk): PageData {
  const record = chunk.record;
  const fm = record.frontmatter;
  return {
    record,
    layout: fm.layout ?? (fm.home ? 'home' : 'default'),
    documentTitle: `${record.title} | ${site.site.title}`,
    description: chunk.description ?? fm.description ?? site.site.description,
    site: site.site,
    sidebar: site.sidebar,
    headers: headerTree(record.headers, fm.sidebarDepth),
    prev: chunk.prev,
    next: chunk.next,
    lastUpdated: record.lastUpdated,
    content: { state: 'ready', chunk },
  };
}

/** Builds the page data of a page document from the data it carries; its body is the document's own. */
export function buildStaticPageData(site: SiteData, page: StaticPage, body: HTMLElement): PageData {
  const data = buildPageData(site, { ...page, markdown: '' });
  return { ...data, content: { state: 'static', page, body } };
}

/** Title of a page as the sidebar knows it ('' when it is not listed). */
function sidebarTitle(nodes: ReadonlyArray<SidebarNode>, path: string): string {
  for (const n of nodes) {
    if (n.kind === 'page' && n.path === path) return n.title;
    if (n.kind === 'group') {
      const t = sidebarTitle(n.children, path);
      if (t) return t;
    }
  }
  return '';
}

function bareRecord(path: string, title: string, layout: LayoutName): PageRecord {
  return { title, frontmatter: { layout }, regularPath: path, relativePath: '', key: `bare:${path}`, path, headers: [], lastUpdated: '', lastUpdatedTimestamp: 0 };
}

/** Page data for a page whose chunk is loading or failed: what the sidebar knows, and the content state. */
export function pendingPageData(site: SiteData, path: string, content: Exclude<PageContentState, { state: 'ready' }>): PageData {
  const title = sidebarTitle(site.sidebar, path);
  return {
    record: bareRecord(path, title, 'default'),
    layout: 'default',
    documentTitle: title ? `${title} | ${site.site.title}` : site.site.title,
    description: site.site.description,
    site: site.site,
    sidebar: site.sidebar,
    headers: [],
    lastUpdated: '',
    content,
  };
}

/** Page data for an address that is not a page. */
export function notFoundPageData(site: SiteData): PageData {
  return {
    record: bareRecord('/404.html', 'Page not found', 'not-found'),
    layout: 'not-found',
    documentTitle: `Page not found | ${site.site.title}`,
    description: site.site.description,
    site: site.site,
    sidebar: site.sidebar,
    headers: [],
    lastUpdated: '',
    content: { state: 'loading' },
  };
}
