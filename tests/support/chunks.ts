/**
 * A built page's chunk with its Markdown, as the app reads it: the chunk file
 * names where the Markdown lies in the page's published copy (ChunkRef), or
 * holds it inline (the dev server's chunks).
 */
import { ChunkFile, type Chunk } from '../../src/shared/schemas/manifest.ts';
import { chunkUrl } from '../../src/shared/paths.ts';
import { markdownPathOf } from '../../src/shared/site-urls.ts';
import { markdownFromCopy } from '../../src/shared/markdown-source.ts';

/** `read` gets a file of the build by its path under dist/ (undefined when there is none). */
export function chunkOf(read: (file: string) => string | undefined, pagePath: string): Chunk {
  const text = read(chunkUrl(pagePath).slice(1));
  if (text === undefined) throw new Error(`no chunk for ${pagePath}`);
  const file = ChunkFile.parse(JSON.parse(text));
  if (!('source' in file)) return file;
  const { source, ...rest } = file;
  const copy = read(markdownPathOf(pagePath).slice(1));
  if (copy === undefined) throw new Error(`no Markdown copy for ${pagePath}`);
  const markdown = markdownFromCopy(copy, source);
  if (markdown === undefined) throw new Error(`the Markdown copy of ${pagePath} does not hold its chunk's Markdown`);
  return { ...rest, markdown };
}
