/**
 * The Markdown parser of the app and the compiler: remark with the GFM
 * constructs a text may hold (the same tree, parsed faster; see
 * remark-gfm-parse.ts) and the callouts applied. One processor per set of
 * constructs, made on first need.
 */
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import type { Root } from 'mdast';
import remarkGfm, { gfmOptionsFor } from './remark-gfm-parse.ts';
import remarkCallouts from './remark-callouts.ts';

const parsers = new Map<string, Processor<Root, Root, Root>>();

/** The parser for `markdown`: parse, then run (the callouts). */
export function parserFor(markdown: string): Processor<Root, Root, Root> {
  const options = gfmOptionsFor(markdown);
  const key = JSON.stringify(options);
  let p = parsers.get(key);
  if (!p) parsers.set(key, (p = unified().use(remarkParse).use(remarkGfm, options).use(remarkCallouts) as never));
  return p;
}
