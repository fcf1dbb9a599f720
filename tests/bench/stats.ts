/** Summaries of repeated measurements. */

/** Median, 95th percentile, minimum and maximum of a series, in the series' unit. */
export interface Spread {
  median: number;
  /** Nearest-rank 95th percentile: the slowest value once the slowest 5 % are set aside. */
  p95: number;
  min: number;
  max: number;
  /** How many values the summary is made of. */
  n: number;
}

/** The median (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * The nearest-rank percentile `p` (0-100]: a value of the series, never an
 * interpolation, so a budget on it is met or missed by a keystroke that happened.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** Median, 95th percentile, min and max; NaN everywhere for an empty series. */
export function spread(values: readonly number[]): Spread {
  return {
    median: median(values),
    p95: percentile(values, 95),
    min: values.length ? Math.min(...values) : Number.NaN,
    max: values.length ? Math.max(...values) : Number.NaN,
    n: values.length,
  };
}
