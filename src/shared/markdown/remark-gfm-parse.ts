/**
 * GitHub-flavoured Markdown (tables, task lists, strikethrough, autolinks,
 * footnotes) for reading only. remark-gfm also registers the serialiser
 * (mdast-util-to-markdown and friends, ~20 KB minified) that a renderer
 * never calls; this plugin registers the parser half alone.
 */
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import type { Processor } from 'unified';

export default function remarkGfmParse(this: Processor): void {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(gfm());
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
}
