/** Several Lighthouse runs of one page as one result (tests/bench/lighthouse.ts). Pure. */
import type { LighthouseScores } from './lighthouse.ts';
import { median } from './stats.ts';

/** The median of the numbers among `values`; null when there are none. */
function medianOf(values: ReadonlyArray<number | null>): number | null {
  const v = values.filter((x): x is number => x !== null);
  return v.length ? median(v) : null;
}

/** The lowest of `values`; null when any is null (a category not scored in some run). */
function lowestOf(values: ReadonlyArray<number | null>): number | null {
  return values.some((v) => v === null) ? null : Math.min(...(values as number[]));
}

/**
 * One page's runs as one result: the performance score and the simulated timings the median of
 * the runs; the other scores, which do not vary with the machine, the lowest; CLS the largest;
 * every failing audit and warning once.
 */
export function combineRuns(runs: ReadonlyArray<LighthouseScores>): LighthouseScores {
  const first = runs[0]!;
  const error = runs.find((r) => r.error)?.error;
  return {
    path: first.path,
    performance: medianOf(runs.map((r) => r.performance)),
    accessibility: lowestOf(runs.map((r) => r.accessibility)),
    bestPractices: lowestOf(runs.map((r) => r.bestPractices)),
    seo: lowestOf(runs.map((r) => r.seo)),
    cls: runs.some((r) => r.cls === null) ? null : Math.max(...runs.map((r) => r.cls!)),
    lcpMs: medianOf(runs.map((r) => r.lcpMs)),
    tbtMs: medianOf(runs.map((r) => r.tbtMs)),
    performanceRuns: runs.flatMap((r) => r.performanceRuns),
    tbtRuns: runs.flatMap((r) => r.tbtRuns),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
    ...(error ? { error } : {}),
    warnings: [...new Set(runs.flatMap((r) => r.warnings))],
  };
}
