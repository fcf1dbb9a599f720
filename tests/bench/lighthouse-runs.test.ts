// Several Lighthouse runs of a page combined (tests/bench/lighthouse-runs.ts).
import { describe, expect, it } from 'vitest';
import { combineRuns } from './lighthouse-runs.ts';
import type { LighthouseScores } from './lighthouse.ts';

const run = (performance: number | null, over: Partial<LighthouseScores> = {}): LighthouseScores => ({
  path: '/a/',
  performance,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  cls: 0,
  lcpMs: 1200,
  tbtMs: performance === null ? null : (100 - performance) * 20,
  performanceRuns: [performance],
  tbtRuns: [performance === null ? null : (100 - performance) * 20],
  failing: [],
  warnings: [],
  ...over,
});

describe('combineRuns', () => {
  it('takes the median performance and total blocking time, and keeps every run', () => {
    const c = combineRuns([run(92), run(100), run(97), run(99), run(93)]);
    expect(c.performance).toBe(97);
    expect(c.tbtMs).toBe(60);
    expect(c.performanceRuns).toEqual([92, 100, 97, 99, 93]);
    expect(c.tbtRuns).toEqual([160, 0, 60, 20, 140]);
  });

  it('keeps the worst of the scores that do not vary, the largest shift, and every failing audit', () => {
    const c = combineRuns([run(99), run(98, { accessibility: 96, failing: ['image-alt: no alt'], cls: 0.02 }), run(99, { failing: ['image-alt: no alt'] })]);
    expect(c.accessibility).toBe(96);
    expect(c.cls).toBe(0.02);
    expect(c.failing).toEqual(['image-alt: no alt']);
  });

  it('reports an error of any run, and no score where a run gave none', () => {
    const c = combineRuns([run(99), run(null, { accessibility: null, error: 'NO_FCP: no paint' })]);
    expect(c.error).toBe('NO_FCP: no paint');
    expect(c.accessibility).toBeNull();
    expect(c.performance).toBe(99);
  });
});
