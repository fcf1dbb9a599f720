/** Renders a page chunk: GFM, callouts, heading ids, sized images, router links, code blocks. */
import { memo, startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import type { Root } from 'mdast';
import remarkGfm, { gfmOptionsFor } from '../shared/markdown/remark-gfm-parse.ts';
import { sliceMarkdown } from '../shared/markdown/slices.ts';
import rehypeSlug from 'rehype-slug';
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

/** Resolves in a new task, after the browser has had the chance to paint and handle input. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let warmed = false;
/** A little of every common construct. */
const WARM_UP = '# A\n\nText *em* **strong** `code` [link](/a/).\n\n- one\n- two\n\n1. three\n\n> quote\n\n```sh\nx\n```\n';

/**
 * The page's Markdown tree (GFM with only the constructs the page may hold,
 * callouts applied), parsed one slice per task (shared/markdown/slices.ts).
 */
async function parseInSlices(markdown: string): Promise<Root> {
  const parser = unified().use(remarkParse).use(remarkGfm, gfmOptionsFor(markdown)).use(remarkCallouts);
  const root: Root = { type: 'root', children: [] };
  if (!warmed) {
    // The parser's first run also compiles its code: done on a short sample, in a task of its own.
    warmed = true;
    await nextTask();
    parser.runSync(parser.parse(WARM_UP));
  }
  for (const slice of sliceMarkdown(markdown)) {
    await nextTask();
    root.children.push(...(parser.runSync(parser.parse(slice)) as Root).children);
  }
  return root;
}

/** A remark plugin that hands react-markdown a tree parsed beforehand, in place of parsing its input. */
function parsedTree(this: Processor, tree: Root): void {
  this.parser = () => tree;
}

/** The parsed tree of `markdown`; null while it is being parsed. */
function useTree(markdown: string): Root | null {
  const [tree, setTree] = useState<{ markdown: string; root: Root } | null>(null);
  useEffect(() => {
    let live = true;
    // A transition: React renders the (long) body in short slices too.
    void parseInSlices(markdown).then((root) => live && startTransition(() => setTree({ markdown, root })));
    return () => {
      live = false;
    };
  }, [markdown]);
  return tree?.markdown === markdown ? tree.root : null;
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
  const tree = useTree(chunk.markdown);
  useReportPageReady(chunk.path, raw !== null && tree !== null);
  const components = useMemo(
    () =>
      ({
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
      }) as Components,
    [chunk.images],
  );
  const body = useMemo(
    () =>
      raw === null || tree === null ? null : (
        <ReactMarkdown remarkPlugins={[[parsedTree, tree]]} rehypePlugins={[...raw, rehypeSlug]} components={components}>
          {''}
        </ReactMarkdown>
      ),
    [tree, raw, components],
  );
  if (body === null) return placeholder ?? <div className="markdown-loading" aria-busy="true" />;
  // The footer comes with the body, never before it: shown earlier, the body would push it down.
  return (
    <>
      <div className={PROSE_CLASSES}>{body}</div>
      {footer}
    </>
  );
});
