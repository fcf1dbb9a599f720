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

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TAG = new RegExp(`</?(${CUSTOM_ELEMENT_NAMES.join('|')})(?=[\\s>/])`, 'g');

/** Checks `body` (its first line is line `bodyLine` of `file`), adding an error for each misplaced element tag. */
export function checkCustomElementPlacement(body: string, file: string, bodyLine: number, errors: ContentError[]): void {
  const lines = body.split('\n');
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1]![0] === fence[0] && f[1]!.length >= fence.length) fence = null;
      continue;
    }
    if (f) {
      fence = f[1]!;
      continue;
    }
    // Code spans show the tag as text.
    const text = line.replace(/(`+)[\s\S]*?\1/g, '');
    for (const m of text.matchAll(TAG)) {
      const name = m[1]!;
      const closing = m[0].startsWith('</');
      const alone = closing ? new RegExp(`^ {0,3}</${name}\\s*>\\s*$`).test(text) : new RegExp(`^ {0,3}<${name}(\\s[^>]*)?>\\s*$`).test(text);
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
