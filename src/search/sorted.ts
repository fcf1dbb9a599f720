/** Binary search in sorted arrays (page numbers of postings, a text's distinct words). */

/** The first index of `sorted` whose value is not below `value` (`sorted.length` when none). */
export function lowerBound<T extends number | string>(sorted: ArrayLike<T>, value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
