/**
 * Works out everything a layout needs from the manifest, once per page:
 * the record, resolved sidebar, reading order neighbours, heading tree and
 * last-updated text. Components read this object instead of the manifest.
 */
import type { Manifest } from '../shared/schemas/manifest.ts';
import type { PageRecord } from '../shared/schemas/page-record.ts';
import type { LayoutName } from '../shared/schemas/front-matter.ts';
import { headerTree, prevNext, readingOrder, resolveSidebar, type HeaderNode, type PageLink, type SidebarNode } from '../lib/sidebar.ts';

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
}

/** Index of pages by path, computed once per manifest. */
const indexes = new WeakMap<Manifest, Map<string, PageRecord>>();
export function pagesByPath(m: Manifest): Map<string, PageRecord> {
  let idx = indexes.get(m);
  if (!idx) {
    idx = new Map(m.pages.map((p) => [p.path, p]));
    indexes.set(m, idx);
  }
  return idx;
}

/** Builds the page data for `record`. */
export function buildPageData(m: Manifest, record: PageRecord): PageData {
  const pages = pagesByPath(m);
  const fm = record.frontmatter;
  const layout: LayoutName = fm.layout ?? (fm.home ? 'home' : 'default');
  const { prev, next } = prevNext(record, readingOrder(m.site.sidebar), pages);
  return {
    record,
    layout,
    documentTitle: `${record.title} | ${m.site.title}`,
    description: fm.description ?? m.site.description,
    sidebar: resolveSidebar(m.site.sidebar, pages),
    headers: headerTree(record.headers, fm.sidebarDepth),
    prev,
    next,
    lastUpdated: record.lastUpdated,
  };
}

/** Page data for an address that is not a page. */
export function notFoundPageData(m: Manifest): PageData {
  const record: PageRecord = {
    title: 'Page not found',
    frontmatter: { layout: 'not-found' },
    regularPath: '/404.html',
    relativePath: '',
    key: 'not-found',
    path: '/404.html',
    headers: [],
    lastUpdated: '',
    lastUpdatedTimestamp: 0,
  };
  return {
    record,
    layout: 'not-found',
    documentTitle: `Page not found | ${m.site.title}`,
    description: m.site.description,
    sidebar: resolveSidebar(m.site.sidebar, pagesByPath(m)),
    headers: [],
    lastUpdated: '',
  };
}
