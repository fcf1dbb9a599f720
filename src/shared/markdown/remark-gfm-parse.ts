/**
 * GitHub-flavoured Markdown (tables, task lists, strikethrough, autolinks,
 * footnotes) for reading only. remark-gfm also registers the serialiser
 * (mdast-util-to-markdown and friends, ~20 KB minified) that a renderer
 * never calls; this plugin registers the parser half alone.
 *
 * Literal autolinks (a bare `https://…`, `www.…` or e-mail address) and
 * tables are the costliest parts of parsing, and strikethrough adds a
 * little. A text without their trigger characters cannot contain them, so
 * `gfmOptionsFor` leaves them out of the parser for such a text: the very same tree, parsed
 * about a third faster. Each kind of literal autolink has its own trigger:
 * the e-mail kind is tried at every letter and digit, so a page that names a
 * URL but no e-mail address is parsed without it.
 */
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import type { Processor } from 'unified';

/** Parser options: each construct is on unless set to false. */
export interface GfmParseOptions {
  /** Bare `http://` and `https://` URLs as links. */
  protocolAutolinks?: boolean;
  /** Bare `www.` addresses as links. */
  wwwAutolinks?: boolean;
  /** Bare e-mail addresses as links. */
  emailAutolinks?: boolean;
  tables?: boolean;
  strikethrough?: boolean;
}

/** What a www autolink contains, in either case (the protocol kind needs `://`, the e-mail kind `@`). */
const WWW_TRIGGER = /www\./i;

/**
 * What a table contains: a `|`, or, for a table of one column written without pipes ("h" over
 * ":-"), a delimiter cell with its colon.
 */
const TABLE_TRIGGER = /\||:-|-:/;

/** The constructs `markdown` may contain: those whose trigger characters it has (a table needs a `|` or an aligned delimiter, strikethrough a `~`). */
export function gfmOptionsFor(markdown: string): GfmParseOptions {
  return {
    protocolAutolinks: markdown.includes('://'),
    wwwAutolinks: WWW_TRIGGER.test(markdown),
    emailAutolinks: markdown.includes('@'),
    tables: TABLE_TRIGGER.test(markdown),
    strikethrough: markdown.includes('~'),
  };
}

/**
 * Syntax construct names (micromark-extension-gfm-*) and the node kinds they build (mdast-util-gfm-*), per
 * option. The three kinds of literal autolink share one node kind, left out when all three are off.
 */
const PARTS = {
  protocolAutolinks: { constructs: ['protocolAutolink'], node: 'literalAutolink' },
  wwwAutolinks: { constructs: ['wwwAutolink'], node: 'literalAutolink' },
  emailAutolinks: { constructs: ['emailAutolink'], node: 'literalAutolink' },
  tables: { constructs: ['table'], node: 'table' },
  strikethrough: { constructs: ['strikethrough'], node: 'strikethrough' },
} as const;

type ConstructRecord = Record<string, unknown>;

/**
 * `extension` without the constructs named in `names`. Left out, a construct is never tried; turned off
 * with micromark's `disable` instead, it would still be tried, then refused, wherever it may start: the
 * e-mail kind of literal autolink at every letter and digit of the text, a table at every line, each try
 * saving and restoring the tokenizer's state.
 */
function withoutConstructs<T extends object>(extension: T, names: ReadonlySet<string>): T {
  if (names.size === 0) return extension;
  const out: Record<string, ConstructRecord> = {};
  for (const [hook, record] of Object.entries(extension as Record<string, ConstructRecord>)) {
    const kept: ConstructRecord = {};
    for (const [code, value] of Object.entries(record)) {
      const list = ([] as unknown[]).concat(value).filter((c) => !(typeof c === 'object' && c !== null && names.has((c as { name?: string }).name ?? '')));
      if (list.length > 0) kept[code] = list;
    }
    out[hook] = kept;
  }
  return out as T;
}

export default function remarkGfmParse(this: Processor, options: GfmParseOptions = {}): void {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  const keys = Object.keys(PARTS) as Array<keyof typeof PARTS>;
  const constructs = keys.filter((k) => options[k] === false).flatMap((k) => [...PARTS[k].constructs]);
  (data.micromarkExtensions ??= []).push(withoutConstructs(gfm(), new Set(constructs)));
  // A node kind is left out when every option that builds it is off.
  const nodes = new Set<string>(keys.map((k) => PARTS[k].node));
  for (const k of keys) if (options[k] !== false) nodes.delete(PARTS[k].node);
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown().filter((e) => !Object.keys(e.enter ?? {}).some((k) => nodes.has(k))));
}
