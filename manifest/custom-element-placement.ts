/**
 * A custom element (`<jquery-sandbox>`) must stand on lines of its own, after
 * a blank line: then Markdown reads it as an HTML block. Written inside a
 * paragraph (`Try it: <jquery-sandbox></jquery-sandbox>`) it becomes inline
 * HTML in a `<p>`, where the app mounts a block (a `div` in a `p`) and a
 * browser reading the page document closes the paragraph before it instead:
 * the two pages differ. The build says so, with the file and line.
 */
import { CUSTOM_ELEMENT_NAMES } from '../src/shared/markdown/custom-element-names.ts';
import type { ContentError } from './errors.ts';
import { fencesOf } from './fences.ts';

const TAG = new RegExp(`</?(${CUSTOM_ELEMENT_NAMES.join('|')})(?=[\\s>/])`, 'g');
/** Per element: a line that holds its opening tag alone, and one that holds its closing tag alone. */
const ALONE = new Map<string, { open: RegExp; close: RegExp }>(
  CUSTOM_ELEMENT_NAMES.map((name) => [name, { open: new RegExp(`^ {0,3}<${name}(\\s[^>]*)?>\\s*$`), close: new RegExp(`^ {0,3}</${name}\\s*>\\s*$`) }]),
);

/** Checks `body` (its first line is line `bodyLine` of `file`), adding an error for each misplaced element tag. */
export function checkCustomElementPlacement(body: string, file: string, bodyLine: number, errors: ContentError[]): void {
  // Most pages name no element: nothing to read line by line.
  if (!CUSTOM_ELEMENT_NAMES.some((name) => body.includes(`<${name}`) || body.includes(`</${name}`))) return;
  const lines = body.split('\n');
  // Lines of fenced code (the fences included) show the tag as text.
  const code = new Set<number>();
  for (const f of fencesOf(body)) {
    const last = f.line + (f.text === '' ? 0 : f.text.split('\n').length);
    for (let l = f.line - 1; l <= last; l++) code.add(l);
  }
  for (let i = 0; i < lines.length; i++) {
    if (code.has(i)) continue;
    // Code spans show the tag as text too.
    const text = lines[i]!.replace(/(`+)[\s\S]*?\1/g, '');
    for (const m of text.matchAll(TAG)) {
      const name = m[1]!;
      const closing = m[0].startsWith('</');
      const alone = ALONE.get(name)![closing ? 'close' : 'open'].test(text);
      const afterBlank = closing || i === 0 || lines[i - 1]!.trim() === '';
      if (alone && afterBlank) continue;
      errors.push({
        file,
        line: bodyLine + i,
        message: alone
          ? `<${name}> follows a line of text with no blank line between, so Markdown reads it inside that paragraph.`
          : `${closing ? `</${name}>` : `<${name}>`} shares its line with other text, so Markdown reads the element inside a paragraph.`,
        fix: `Put <${name}> and </${name}> each on a line of its own, with a blank line before <${name}>.`,
      });
      break;
    }
  }
}
