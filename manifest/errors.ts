/**
 * Content errors: every problem the compiler finds in content/ is collected as
 * one of these, printed together, and then the build fails once with the count.
 */
export interface ContentError {
  /** Path of the offending file, relative to the project root (e.g. content/guides/ivr/index.md). */
  file: string;
  /** 1-based line in that file; 0 when the problem concerns the whole file. */
  line: number;
  /** What is wrong, naming the bad value. */
  message: string;
  /** How to fix it. */
  fix: string;
}

/** Line breaks inside a value quoted from content, written as `\n` so each error stays one line. */
const oneLine = (text: string) => text.replace(/\r\n?|[\n\u2028\u2029]/g, '\\n');

/** Formats one error as `file:line: message Fix: fix`, the form tests pin; always a single line. */
export function formatContentError(e: ContentError): string {
  const where = e.line > 0 ? `${e.file}:${e.line}` : e.file;
  return oneLine(`${where}: ${e.message} Fix: ${e.fix}`);
}

/** Thrown once at the end of a build that found content errors. */
export class ContentBuildError extends Error {
  constructor(public readonly errors: ContentError[]) {
    super(`${errors.length} content error${errors.length === 1 ? '' : 's'}:\n` + errors.map((e) => `  ${formatContentError(e)}`).join('\n'));
    this.name = 'ContentBuildError';
  }
}
