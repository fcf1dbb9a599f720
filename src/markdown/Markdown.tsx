/** Renders a page chunk: GFM, callouts, heading ids, sized images, router links, code blocks. */
import { memo, startTransition, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import type { Root } from 'mdast';
import remarkGfm, { gfmOptionsFor } from '../shared/markdown/remark-gfm-parse.ts';
import { sliceMarkdown } from '../shared/markdown/slices.ts';
import rehypeSlug from 'rehype-slug';
import rehypeSections from '../shared/markdown/rehype-sections.ts';
import remarkCallouts from '../shared/markdown/remark-callouts.ts';
import type { Chunk } from '../shared/schemas/manifest.ts';
import { useRawHtmlPlugins } from '../hooks/useRawHtmlPlugins.ts';
import { MarkdownLink } from './MarkdownLink.tsx';
import { MarkdownImage } from './MarkdownImage.tsx';
import { Heading } from './Heading.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import { customElementComponents } from './custom-elements.tsx';
import { useReportPageReady } from '../app/page-ready.tsx';
import { PROSE_CLASSES } from '../shared/prose-classes.ts';

/**
 * Runs `fn` in a task of its own, soon: a message, which (unlike a chain of
 * timers) is not held back 4 ms each time once the chain is five deep.
 */
function nextTask(fn: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => fn();
  channel.port2.postMessage(null);
}

let warmed = false;
/** A little of every common construct. */
const WARM_UP = '# A\n\nText *em* **strong** `code` [link](/a/).\n\n- one\n- two\n\n1. three\n\n> quote\n\n```sh\nx\n```\n';

/** One parser per set of GFM constructs a page may hold (the same tree, parsed faster), callouts applied. */
const parsers = new Map<string, Processor<Root, Root, Root>>();
function parserFor(markdown: string): Processor<Root, Root, Root> {
  const options = gfmOptionsFor(markdown);
  const key = JSON.stringify(options);
  let p = parsers.get(key);
  if (!p) parsers.set(key, (p = unified().use(remarkParse).use(remarkGfm, options).use(remarkCallouts) as never));
  return p;
}

/** A remark plugin that hands react-markdown a tree parsed beforehand, in place of parsing its input. */
function parsedTree(this: Processor, tree: Root): void {
  this.parser = () => tree;
}

interface Progress {
  markdown: string;
  /** The blocks parsed and handed out so far. */
  root: Root;
  complete: boolean;
}

/**
 * The page's Markdown tree, parsed one slice per task (shared/markdown/slices.ts)
 * and handed out as it grows, after the first slice and then each time it
 * has doubled: each hand-out is rendered (in a transition, itself in short
 * slices) and committed before parsing goes on, so neither the parse nor the
 * render, the DOM work or the layout of a long page is one long task, and
 * the prefix renders add up to about twice a single render of the page.
 * `root` is null before the first slice, `complete` once the whole page is in.
 */
function useTree(markdown: string): { root: Root | null; complete: boolean } {
  const [progress, setProgress] = useState<Progress | null>(null);
  /** Continues parsing once a hand-out has been committed. */
  const resume = useRef<(() => void) | null>(null);
  useEffect(() => {
    let cancelled = false;
    const slices = sliceMarkdown(markdown);
    const blocks: Root['children'] = [];
    let parsed = 0;
    let handOutAt = 1;
    const step = () => {
      if (cancelled) return;
      if (!warmed) {
        // The parser's first run also compiles its code: done on a short sample, in a task of its own.
        warmed = true;
        parserFor(WARM_UP).runSync(parserFor(WARM_UP).parse(WARM_UP));
        nextTask(step);
        return;
      }
      const parser = parserFor(markdown);
      blocks.push(...parser.runSync(parser.parse(slices[parsed])).children);
      parsed++;
      const complete = parsed === slices.length;
      if (!complete && parsed < handOutAt) {
        nextTask(step);
        return;
      }
      handOutAt = parsed * 2;
      if (!complete) resume.current = () => nextTask(step);
      const root: Root = { type: 'root', children: blocks.slice() };
      startTransition(() => setProgress({ markdown, root, complete }));
    };
    nextTask(step);
    return () => {
      cancelled = true;
      resume.current = null;
    };
  }, [markdown]);
  useEffect(() => {
    const go = resume.current;
    resume.current = null;
    go?.();
  }, [progress]);
  const current = progress?.markdown === markdown ? progress : null;
  return { root: current?.root ?? null, complete: current?.complete ?? false };
}

/**
 * The page body. Parsing is the costly part: it runs in slices, one task
 * each, before react-markdown renders the tree (`placeholder`, the page's
 * lead, shows meanwhile), and the rendered tree is memoised on the parsed
 * tree and the plugins: a re-render of the page around it (the page reported
 * as shown, the active header moving) does not render it again.
 */
export const Markdown = memo(function Markdown({ chunk, footer, placeholder }: { chunk: Chunk; footer?: ReactNode; placeholder?: ReactNode }) {
  const raw = useRawHtmlPlugins(chunk.html);
  const { root: tree, complete } = useTree(chunk.markdown);
  useReportPageReady(chunk.path, raw !== null && complete);
  const components = useMemo<Components>(
    () => ({
      a: MarkdownLink,
      img: (props) => <MarkdownImage {...props} imageSizes={chunk.images} />,
      h2: (props) => <Heading level={2} {...props} />,
      h3: (props) => <Heading level={3} {...props} />,
      pre: CodeBlock,
      // Wide tables scroll inside their own box instead of widening the page on phones.
      table: ({ node: _node, ...props }) => (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Table">
          <table {...props} />
        </div>
      ),
      ...customElementComponents,
    }),
    [chunk.images],
  );
  const body = useMemo(
    () =>
      raw === null || tree === null ? null : (
        <ReactMarkdown remarkPlugins={[[parsedTree, tree]]} rehypePlugins={[...raw, rehypeSlug, rehypeSections]} components={components}>
          {''}
        </ReactMarkdown>
      ),
    [tree, raw, components],
  );
  if (body === null) return placeholder ?? <div className="markdown-loading" aria-busy="true" />;
  // The footer comes with the whole body, never before it: shown earlier, the body would push it down.
  return (
    <>
      <div className={PROSE_CLASSES} aria-busy={complete ? undefined : true}>
        {body}
      </div>
      {complete ? footer : null}
    </>
  );
});
