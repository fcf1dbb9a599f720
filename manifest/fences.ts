/**
 * Fenced code blocks of a page body, with their info words and lines, for the
 * checks that validate examples (test scripts, API requests and responses).
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** One fenced block. */
export interface Fence {
  /** The info string split into words: `yaml test-script` -> ['yaml', 'test-script']. */
  info: string[];
  /** The block's text, without the fence lines. */
  text: string;
  /** 0-based index in the body of the block's first text line. */
  line: number;
}

/** Every fenced block of `body` (an unclosed one runs to the end, as in CommonMark). */
export function fencesOf(body: string): Fence[] {
  const lines = body.split('\n');
  const out: Fence[] = [];
  let open: { marker: string; indent: number; info: string[]; start: number } | null = null;
  for (let i = 0; i < lines.length; i++) {
    const f = FENCE.exec(lines[i]!);
    if (open) {
      if (f && f[1]!.startsWith(open.marker[0]!) && f[1]!.length >= open.marker.length && f[2]!.trim() === '') {
        out.push({ info: open.info, text: textOf(lines.slice(open.start, i), open.indent), line: open.start });
        open = null;
      }
    } else if (f) {
      const indent = lines[i]!.length - lines[i]!.trimStart().length;
      open = { marker: f[1]!, indent, info: f[2]!.trim().split(/\s+/).filter(Boolean), start: i + 1 };
    }
  }
  if (open) out.push({ info: open.info, text: textOf(lines.slice(open.start), open.indent), line: open.start });
  return out;
}

/** Removes up to `indent` spaces from each line, as CommonMark does inside an indented fence. */
function textOf(lines: string[], indent: number): string {
  return lines.map((l) => l.replace(new RegExp(`^ {0,${indent}}`), '')).join('\n');
}
