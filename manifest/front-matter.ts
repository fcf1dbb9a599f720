/** Splits a Markdown file into its YAML front matter and its body. */
import type { ContentError } from './errors.ts';

/** The two parts of a page file. */
export interface SplitFile {
  /** YAML text between the --- fences, or '' when there is none. */
  yaml: string;
  /** Line where the YAML starts (1-based). */
  yamlLine: number;
  /** Markdown after the front matter. */
  body: string;
  /** Line of the file where the body starts (1-based). */
  bodyLine: number;
}

/** Splits `text`; an opened but unclosed front matter is an error. */
export function splitFrontMatter(text: string, file: string, errors: ContentError[]): SplitFile {
  const lines = text.split('\n');
  if (lines[0]?.trimEnd() !== '---') return { yaml: '', yamlLine: 1, body: text, bodyLine: 1 };
  const end = lines.findIndex((l, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(l));
  if (end < 0) {
    errors.push({
      file,
      line: 1,
      message: 'The front matter opened on line 1 is never closed.',
      fix: 'Add a line with --- after the last front-matter field.',
    });
    return { yaml: '', yamlLine: 2, body: '', bodyLine: lines.length + 1 };
  }
  return {
    yaml: lines.slice(1, end).join('\n'),
    yamlLine: 2,
    body: lines.slice(end + 1).join('\n'),
    bodyLine: end + 2,
  };
}
