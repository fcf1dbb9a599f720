/**
 * Rewrites `::: tip Title` ... `:::` blocks into blockquote alerts
 * (`> [!TIP] Title`), which plain Markdown parses and remark-callouts renders.
 * Line count is kept, so later errors still point at the right line.
 */
import type { ContentError } from './errors.ts';

const OPEN = /^:::\s*(tip|warning|danger|details)\b[ \t]*(.*)$/i;
const CLOSE = /^:::\s*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Converts every callout block in `body`; an unclosed block is an error. */
export function convertCallouts(body: string, file: string, bodyLine: number, errors: ContentError[]): string {
  const lines = body.split('\n');
  const stack: number[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const depth = stack.length;
    const content = line;
    const f = FENCE.exec(content);
    if (fence) {
      if (f && f[1]!.startsWith(fence)) fence = null;
      lines[i] = '> '.repeat(depth) + line;
      continue;
    }
    if (f) {
      fence = f[1]!;
      lines[i] = '> '.repeat(depth) + line;
      continue;
    }
    const open = OPEN.exec(line.trim());
    if (open) {
      lines[i] = `${'> '.repeat(depth + 1)}[!${open[1]!.toUpperCase()}]${open[2] ? ` ${open[2]}` : ''}`;
      stack.push(i);
      continue;
    }
    if (CLOSE.test(line.trim()) && depth > 0) {
      stack.pop();
      lines[i] = '';
      continue;
    }
    lines[i] = depth > 0 ? '> '.repeat(depth) + line : line;
  }
  for (const start of stack) {
    errors.push({
      file,
      line: bodyLine + start,
      message: 'This ::: callout block is never closed.',
      fix: 'Add a line with ::: after the callout text.',
    });
  }
  return lines.join('\n');
}
