/**
 * GitHub-flavoured Markdown (tables, task lists, strikethrough, autolinks,
 * footnotes) for reading only. remark-gfm also registers the serialiser
 * (mdast-util-to-markdown and friends, ~20 KB minified) that a renderer
 * never calls; this plugin registers the parser half alone.
 *
 * Literal autolinks (a bare `https://…`, `www.…` or e-mail address) and
 * tables are the costliest parts of parsing, and strikethrough adds a
 * little. A text without their trigger characters cannot contain them, so
 * `gfmOptionsFor` turns them off for such a text: the very same tree, parsed
 * about a third faster.
 */
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import type { Processor } from 'unified';

/** Parser options: each construct is on unless set to false. */
export interface GfmParseOptions {
  /** Bare URLs and e-mail addresses as links. */
  literalAutolinks?: boolean;
  tables?: boolean;
  strikethrough?: boolean;
}

/** What every literal autolink contains: `www.`, a protocol's `://`, or the `@` of an e-mail address. */
const AUTOLINK_TRIGGER = /www\.|:\/\/|@/i;

/**
 * What a table contains: a `|`, or, for a table of one column written without pipes ("h" over
 * ":-"), a delimiter cell with its colon.
 */
const TABLE_TRIGGER = /\||:-|-:/;

/** The constructs `markdown` may contain: those whose trigger characters it has (a table needs a `|` or an aligned delimiter, strikethrough a `~`). */
export function gfmOptionsFor(markdown: string): GfmParseOptions {
  return { literalAutolinks: AUTOLINK_TRIGGER.test(markdown), tables: TABLE_TRIGGER.test(markdown), strikethrough: markdown.includes('~') };
}

/** Syntax construct names (micromark-extension-gfm-*) and the node kinds they build (mdast-util-gfm-*), per option. */
const PARTS = {
  literalAutolinks: { constructs: ['wwwAutolink', 'protocolAutolink', 'emailAutolink'], node: 'literalAutolink' },
  tables: { constructs: ['table'], node: 'table' },
  strikethrough: { constructs: ['strikethrough'], node: 'strikethrough' },
} as const;

export default function remarkGfmParse(this: Processor, options: GfmParseOptions = {}): void {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  const off = (Object.keys(PARTS) as Array<keyof typeof PARTS>).filter((k) => options[k] === false).map((k) => PARTS[k]);
  const constructs = off.flatMap((p) => [...p.constructs]);
  (data.micromarkExtensions ??= []).push(gfm(), ...(constructs.length ? [{ disable: { null: constructs } }] : []));
  const nodes = new Set<string>(off.map((p) => p.node));
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown().filter((e) => !Object.keys(e.enter ?? {}).some((k) => nodes.has(k))));
}
