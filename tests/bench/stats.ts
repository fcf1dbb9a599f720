/** Summaries of repeated measurements. */

/** Median, minimum and maximum of a series, in the series' unit. */
export interface Spread {
  median: number;
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

/** Median, min and max; NaN everywhere for an empty series. */
export function spread(values: readonly number[]): Spread {
  return {
    median: median(values),
    min: values.length ? Math.min(...values) : Number.NaN,
    max: values.length ? Math.max(...values) : Number.NaN,
    n: values.length,
  };
}
