/**
 * Parsing a long page in slices: the Markdown is cut at block boundaries that
 * no construct can cross, each slice is parsed on its own (one task each in
 * the browser), and the slices' trees are joined. The joined tree is the one
 * a single parse gives (a unit test holds every content page to that), but no
 * single task parses the whole page, so the main thread stays responsive
 * while a page renders.
 *
 * A cut goes only before a line that starts a fresh top-level block after a
 * blank line: not indented (an indented line may continue a list item or an
 * indented code block), not a list item (a blank line between items makes a
 * loose list, one list), not a block quote, table or HTML line, and never
 * inside a fenced code block. A text with link reference definitions or
 * footnotes is not cut (a reference is resolved against definitions anywhere
 * in the document), nor one with raw HTML (some HTML blocks run across blank
 * lines), nor one with a fence opened on a list marker's or a block quote's
 * line (where that fence ends is the container's business). An indented
 * fence may sit in a list item, where the item's end closes it too: the text
 * after the first one is not cut (the text before it still is).
 */

/** About this many characters per slice: a few milliseconds of parsing each on a slow phone. */
export const SLICE_CHARS = 1500;

const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const NOT_A_CUT = /^([\s>|<]|[-*+](\s|$)|\d{1,9}[.)](\s|$))/;
/** A fence opened on the line of a list item's marker or inside a block quote: its end is the container's to decide. */
const CONTAINED_FENCE = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+|>[ \t]?)+[ \t]*(`{3,}|~{3,})/m;
/** A fence line with any indentation: at the top level or in a list item, which only the item's indentation tells. */
const INDENTED_FENCE = /^[ \t]+(`{3,}|~{3,})/;

/** The slices of `markdown`, in order; their concatenation is `markdown`. One slice when it cannot be cut. */
export function sliceMarkdown(markdown: string, size = SLICE_CHARS): string[] {
  if (markdown.length <= size || DEFINITION.test(markdown) || markdown.includes('[^') || /<[a-z!/?]/i.test(markdown) || CONTAINED_FENCE.test(markdown)) return [markdown];
  const lines = markdown.split('\n');
  const out: string[] = [];
  let start = 0; // line index where the current slice begins
  let chars = 0;
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence) {
      const m = FENCE.exec(line);
      if (m && m[1]![0] === fence[0] && m[1]!.length >= fence.length && line.trim() === m[1]) fence = null;
    } else {
      if (INDENTED_FENCE.test(line)) break;
      if (chars >= size && i > start && lines[i - 1]!.trim() === '' && line !== '' && !NOT_A_CUT.test(line)) {
        out.push(lines.slice(start, i).join('\n') + '\n');
        start = i;
        chars = 0;
      }
      const m = FENCE.exec(line);
      if (m) fence = m[1]!;
    }
    chars += line.length + 1;
  }
  out.push(lines.slice(start).join('\n'));
  return out;
}
