/** Algolia DocSearch hits -> search groups: hits of one page (URL without hash) share a group, in Algolia's ranking order. */
import { MAX_GROUPS, MAX_HITS_PER_GROUP, type SearchGroup } from './engine.ts';
import { clipExcerpt, parseExcerpt } from './excerpt.ts';

type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
const LEVELS: Level[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** One highlighted attribute as Algolia returns it (HTML-escaped, with the configured highlight tags). */
interface Highlighted {
  value: string;
}

/** The fields of a DocSearch record the app reads. */
export interface DocSearchHit {
  url: string;
  hierarchy: Partial<Record<Level, string | null>>;
  content?: string | null;
  _highlightResult?: {
    hierarchy?: Partial<Record<Level, Highlighted>>;
    content?: Highlighted;
  };
}

/** The URL as a site path when it is on `origin` (the router can follow it), else unchanged. */
export function localUrl(url: string, origin: string): string {
  try {
    const u = new URL(url, origin);
    return u.origin === origin ? u.pathname + u.search + u.hash : u.href;
  } catch {
    return url;
  }
}

/** The deepest heading level a hit carries (lvl1 is the page, lvl0 its category). */
function deepest(hit: DocSearchHit): Level {
  let found: Level = 'lvl1';
  for (const l of LEVELS.slice(2)) if (hit.hierarchy[l]) found = l;
  return found;
}

/** Groups DocSearch hits by page, keeping Algolia's order of pages and of hits within each page. */
export function groupDocSearchHits(hits: ReadonlyArray<DocSearchHit>, origin: string): SearchGroup[] {
  const groups = new Map<string, SearchGroup>();
  for (const hit of hits) {
    const url = localUrl(hit.url, origin);
    const path = url.replace(/#.*$/, '');
    let group = groups.get(path);
    if (!group) {
      if (groups.size === MAX_GROUPS) continue;
      group = { path, title: hit.hierarchy.lvl1 || hit.hierarchy.lvl0 || path, hits: [] };
      groups.set(path, group);
    }
    if (group.hits.length === MAX_HITS_PER_GROUP || group.hits.some((h) => h.url === url)) continue;
    const level = deepest(hit);
    const marked = hit._highlightResult?.content?.value ?? hit._highlightResult?.hierarchy?.[level]?.value ?? '';
    const excerpt = marked ? parseExcerpt(marked) : [{ text: hit.content || hit.hierarchy[level] || '', mark: false }];
    group.hits.push({ url, title: hit.hierarchy[level] || group.title, excerpt: clipExcerpt(excerpt) });
  }
  return [...groups.values()];
}
