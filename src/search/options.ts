/** The listbox's options in keyboard order (every hit of every group, flattened), and answers that keep what did not change. */
import type { SearchGroup, SearchHit } from './engine.ts';

/** One selectable option. */
export interface SearchOption {
  /** DOM id, for aria-activedescendant. */
  id: string;
  hit: SearchHit;
}

/** Options for `groups`, ids prefixed with the listbox id so several boxes never clash. */
export function optionsOf(groups: ReadonlyArray<SearchGroup>, listboxId: string): SearchOption[] {
  return groups.flatMap((g, gi) => g.hits.map((hit, hi) => ({ id: `${listboxId}-${gi}-${hi}`, hit })));
}

/** The option after (`step` 1) or before (`step` -1) `active`, wrapping around; -1 means none is active. */
export function moveActive(active: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active < 0) return step === 1 ? 0 : count - 1;
  return (active + step + count) % count;
}

function sameHit(a: SearchHit, b: SearchHit): boolean {
  return a === b || (a.url === b.url && a.title === b.title && a.excerpt.length === b.excerpt.length && a.excerpt.every((p, i) => p.text === b.excerpt[i]!.text && p.mark === b.excerpt[i]!.mark));
}

/**
 * `next`, with every hit (and group) that equals one of `prev` replaced by
 * that object, so the list re-renders only what changed: typing on in a
 * word often marks the same words in the same excerpts.
 */
export function keepEqual(prev: ReadonlyArray<SearchGroup>, next: SearchGroup[]): SearchGroup[] {
  if (prev.length === 0) return next;
  const hits = new Map<string, SearchHit>();
  const groups = new Map<string, SearchGroup>();
  for (const g of prev) {
    groups.set(g.path, g);
    for (const h of g.hits) hits.set(h.url, h);
  }
  const out = next.map((g) => {
    const kept = g.hits.map((h) => {
      const old = hits.get(h.url);
      return old && sameHit(old, h) ? old : h;
    });
    const old = groups.get(g.path);
    if (old && old.title === g.title && old.hits.length === kept.length && old.hits.every((h, i) => h === kept[i])) return old;
    return { ...g, hits: kept };
  });
  return out.length === prev.length && out.every((g, i) => g === prev[i]) ? (prev as SearchGroup[]) : out;
}
