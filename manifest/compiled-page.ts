/**
 * One page as the compiler (compile.ts) sees it, before records are
 * written; a module of its own so that the checks that read compiled pages
 * (references.ts) need not import the compiler that calls them.
 */
import type { Chunk } from '../src/shared/schemas/manifest.ts';
import type { PageRecord } from '../src/shared/schemas/page-record.ts';
import type { MarkdownFacts } from './markdown.ts';
import type { YamlSource } from './yaml-source.ts';

export interface CompiledPage {
  record: PageRecord;
  /** The chunk's own content; the rest of the chunk is added once every page is known. */
  body: Pick<Chunk, 'markdown' | 'html' | 'images' | 'lead' | 'description'>;
  facts: MarkdownFacts;
  /** File path for errors. */
  file: string;
  /** Line where the body starts in the file. */
  bodyLine: number;
  fm: YamlSource | undefined;
}
