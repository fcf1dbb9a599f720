// Summaries of repeated measurements (tests/bench/stats.ts).
import { describe, expect, it } from 'vitest';
import { median, percentile, spread } from './stats.ts';

describe('stats', () => {
  it('takes the median of an odd and an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('takes the nearest-rank percentile, a value of the series', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    // 95 % of 20 is the 19th value: only the slowest one is set aside.
    expect(percentile(twenty, 95)).toBe(19);
    expect(percentile([...twenty, 400], 95)).toBe(20);
    // Too few values to set any aside: the slowest counts.
    expect(percentile([3, 40, 7], 95)).toBe(40);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([7, 9], 50)).toBe(7);
  });

  it('summarises a series, and an empty one as NaN', () => {
    expect(spread([9, 1, 5, 3, 7])).toEqual({ median: 5, p95: 9, min: 1, max: 9, n: 5 });
    const empty = spread([]);
    expect(empty.n).toBe(0);
    expect([empty.median, empty.p95, empty.min, empty.max].every(Number.isNaN)).toBe(true);
  });
});
