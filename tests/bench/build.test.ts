// The figures the bench reads from the build's output (tests/bench/build.ts).
import { describe, expect, it } from 'vitest';
import { searchIndexMs } from './build.ts';

describe('build output', () => {
  it("reads the search index's build time from its own line", () => {
    const out = ['Warning: no origin', 'Search index: 10001 pages in 5234 ms.', 'Built 10001 pages into dist/ in 48.2 s.'].join('\n');
    expect(searchIndexMs(out)).toBe(5234);
  });

  it('is null when the build printed no such line', () => {
    expect(searchIndexMs('Built 67 pages into dist/ in 2.1 s.')).toBeNull();
    expect(searchIndexMs('The page says "Search index: 3 pages in 2 ms." in its text')).toBeNull();
  });
});
