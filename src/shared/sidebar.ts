/**
 * Sidebar logic without React, shared by the compiler (which resolves the sidebar and previous/next links) and the app: the resolved tree, the reading order that
 * previous/next links follow, and the heading tree under the current page.
 */
import type { SidebarItem } from './schemas/site-config.ts';
import type { Header, PageRecord } from './schemas/page-record.ts';
import type { PageLink, SidebarNode } from './schemas/site-data.ts';

/** A heading nested under the current page in the sidebar. */
export interface HeaderNode {
  title: string;
  slug: string;
  children: HeaderNode[];
}

export type { SidebarNode };

/** Resolves page paths to titles; unknown paths (the compiler rejects them) are skipped. */
export function resolveSidebar(items: ReadonlyArray<SidebarItem>, pages: ReadonlyMap<string, PageRecord>): SidebarNode[] {
  return items.flatMap((item): SidebarNode[] => {
    if (typeof item === 'string') {
      const p = pages.get(item);
      return p ? [{ kind: 'page', path: p.path, title: p.title }] : [];
    }
    return [{ kind: 'group', title: item.title, collapsed: item.collapsed ?? false, children: resolveSidebar(item.children, pages) }];
  });
}

/** Page paths in sidebar order: the reading order. */
export function readingOrder(items: ReadonlyArray<SidebarItem>): string[] {
  return items.flatMap((i) => (typeof i === 'string' ? [i] : readingOrder(i.children)));
}

/** True when the group (or a group inside it) lists `path`. */
export function groupContains(node: SidebarNode, path: string): boolean {
  return node.kind === 'page' ? node.path === path : node.children.some((c) => groupContains(c, path));
}

/** Each path's place in a reading order: for prevNext on a large site, whose sidebar lists thousands of pages. */
export function orderPositions(order: ReadonlyArray<string>): Map<string, number> {
  return new Map(order.map((path, i) => [path, i]));
}

/** Previous and next pages: front-matter overrides first, then the reading order (`positions`, from orderPositions, saves a search of it). */
export function prevNext(
  record: PageRecord,
  order: ReadonlyArray<string>,
  pages: ReadonlyMap<string, PageRecord>,
  positions?: ReadonlyMap<string, number>,
): { prev?: PageLink | undefined; next?: PageLink | undefined } {
  const link = (p: string | undefined): PageLink | undefined => {
    const r = p === undefined ? undefined : pages.get(p);
    return r ? { path: r.path, title: r.title } : undefined;
  };
  const i = positions ? (positions.get(record.path) ?? -1) : order.indexOf(record.path);
  const fm = record.frontmatter;
  const prev = fm.prev === false ? undefined : fm.prev !== undefined ? link(fm.prev) : i > 0 ? link(order[i - 1]) : undefined;
  const next = fm.next === false ? undefined : fm.next !== undefined ? link(fm.next) : i >= 0 ? link(order[i + 1]) : undefined;
  return { prev, next };
}

/** Default sidebarDepth: h2 headings only. */
export const DEFAULT_SIDEBAR_DEPTH = 1;

/** Nests h3 under h2, down to `depth` (0 none, 1 h2, 2 h2 and h3). */
export function headerTree(headers: ReadonlyArray<Header>, depth: number = DEFAULT_SIDEBAR_DEPTH): HeaderNode[] {
  if (depth <= 0) return [];
  const out: HeaderNode[] = [];
  for (const h of headers) {
    if (h.level === 2) out.push({ title: h.title, slug: h.slug, children: [] });
    else if (h.level === 3 && depth >= 2) {
      const parent = out[out.length - 1];
      if (parent) parent.children.push({ title: h.title, slug: h.slug, children: [] });
      else out.push({ title: h.title, slug: h.slug, children: [] });
    }
  }
  return out;
}

/** The sidebar groups' ids are their place in the tree under this root (`sb-2`, `sb-2-0`): short, as every page document holds them. */
export const SIDEBAR_ID_ROOT = 'sb';

/**
 * The class on <html> of a page document while its sidebar waits for the article: set by the inline
 * boot script before the body is parsed, removed after the frame that follows the parse
 * (src/boot/page.ts); src/styles/app.css skips laying the sidebar out meanwhile, and keeps a table
 * unseen until something follows it (its columns would widen row by row as the document arrives).
 */
export const SIDEBAR_LATER_CLASS = 'sidebar-later';
