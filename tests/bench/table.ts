/** Plain-text tables for the terminal. Pure. */

/** One printed row: cells in column order. */
export type Cells = readonly string[];

/** Pads every column to its widest cell; numbers-looking columns stay left-aligned for copy-paste into Markdown. */
export function formatTable(header: Cells, rows: readonly Cells[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: Cells) => cells.map((c, i) => (c ?? '').padEnd(widths[i]!)).join(' | ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

/** A number with `digits` decimals, or "–" when it is missing. */
export function num(v: number | null | undefined, digits = 0): string {
  return v === null || v === undefined || Number.isNaN(v) ? '–' : v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
