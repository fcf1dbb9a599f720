/** The listbox's options in keyboard order: every hit of every group, flattened. */
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
