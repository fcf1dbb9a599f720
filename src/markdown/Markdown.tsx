/** Renders a page chunk: GFM, callouts, heading ids, sized images, router links, code blocks. */
import { memo, useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components, type Options } from 'react-markdown';
import remarkGfm, { gfmOptionsFor } from '../shared/markdown/remark-gfm-parse.ts';
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

/** GFM with only the constructs the page may hold (the same tree, parsed faster), and callouts. */
const remarkPluginsFor = (markdown: string): Options['remarkPlugins'] => [[remarkGfm, gfmOptionsFor(markdown)], remarkCallouts];

/**
 * The page body. Parsing is the costly part (react-markdown parses on every
 * render), so the rendered tree is memoised on the chunk and the plugins: a
 * re-render of the page around it (the page reported as shown, the active
 * header moving) does not parse the page again.
 */
export const Markdown = memo(function Markdown({ chunk, footer }: { chunk: Chunk; footer?: ReactNode }) {
  const raw = useRawHtmlPlugins(chunk.html);
  useReportPageReady(chunk.path, raw !== null);
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
      raw === null ? null : (
        <ReactMarkdown remarkPlugins={remarkPluginsFor(chunk.markdown)} rehypePlugins={[...raw, rehypeSlug]} components={components}>
          {chunk.markdown}
        </ReactMarkdown>
      ),
    [chunk.markdown, raw, components],
  );
  if (body === null) return <div className="markdown-loading" aria-busy="true" />;
  // The footer comes with the body, never before it: shown earlier, the body would push it down.
  return (
    <>
      <div className="prose prose-slate max-w-none dark:prose-invert prose-code:before:content-none prose-code:after:content-none content">{body}</div>
      {footer}
    </>
  );
});
