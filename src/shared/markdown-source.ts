/**
 * A page's Markdown is stored once in a build: in its published copy beside
 * the page (markdownPathOf), which readers, language models and "Copy page"
 * use. The page's chunk carries no copy of it, only where it lies in that file
 * and a hash of it, and the app reads it from there (src/data/queries.ts).
 * Shared by the compiler, which writes both files, and the app.
 */
import * as z from 'zod/mini';

/** Where a chunk's Markdown lies in the page's published Markdown (UTF-16 offsets, as JavaScript strings count). */
export const MarkdownSource = z.object({
  /** Offset of the trimmed body in the published file. */
  start: z.number(),
  /** Length of the trimmed body. */
  length: z.number(),
  /** markdownHash of the whole body: a file of another build does not match. */
  hash: z.string(),
  /** White space the published file trimmed from the body's start and end. */
  before: z.optional(z.string()),
  after: z.optional(z.string()),
});
export type MarkdownSource = z.infer<typeof MarkdownSource>;

/** FNV-1a (32 bits) of the text's UTF-16 code units, as 8 hex digits: cheap, and enough to tell two builds' bodies apart. */
export function markdownHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The body `source` describes, out of the published file's text; undefined when the file does not hold it (another build's). */
export function markdownFromCopy(copy: string, source: MarkdownSource): string | undefined {
  const body = `${source.before ?? ''}${copy.slice(source.start, source.start + source.length)}${source.after ?? ''}`;
  return markdownHash(body) === source.hash ? body : undefined;
}
