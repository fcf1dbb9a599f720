// The synthetic vocabulary's search session (tests/bench/vocabulary.ts).
import { describe, expect, it } from 'vitest';
import { editDistance, typosAllowed } from '../../src/shared/search-index.ts';
import { COMMON, SEARCH_SESSION } from './vocabulary.ts';

describe('search session', () => {
  it('is ten queries of words the synthetic pages are written in', () => {
    expect(SEARCH_SESSION).toHaveLength(10);
    for (const q of SEARCH_SESSION) for (const w of q.meant.split(' ')) expect(COMMON, q.meant).toContain(w);
  });

  it('misspells at least three queries, each within the typos the engine corrects', () => {
    const typos = SEARCH_SESSION.flatMap((q) => {
      const typed = q.typed.split(' ');
      const meant = q.meant.split(' ');
      expect(typed).toHaveLength(meant.length);
      return meant.flatMap((m, i) => (typed[i] === m ? [] : [{ m, t: typed[i]! }]));
    });
    expect(typos.length).toBeGreaterThanOrEqual(3);
    for (const { m, t } of typos) expect(editDistance(t, m, 2), `${t} for ${m}`).toBeLessThanOrEqual(typosAllowed(t.length));
    // The hard cases of the issue: a wrong first letter, and two letters swapped.
    expect(typos.some(({ m, t }) => m[0] !== t[0])).toBe(true);
    expect(typos.some(({ m, t }) => m.length === t.length && [...m].sort().join('') === [...t].sort().join(''))).toBe(true);
  });
});
