/**
 * A post's Markdown as HTML for feed readers: the same parser as the site
 * (GFM, callouts), raw HTML left out (feed readers get no custom elements),
 * and site paths made absolute, since a feed is read away from the site.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from '../src/shared/markdown/remark-gfm-parse.ts';
import remarkCallouts from '../src/shared/markdown/remark-callouts.ts';

type HastNode = { type: string; properties?: Record<string, unknown>; children?: HastNode[] };

/** Rewrites href and src values that are site paths (/x, not //host) onto the origin. */
function absolutise(origin: string) {
  const walk = (n: HastNode) => {
    for (const key of ['href', 'src'] as const) {
      const v = n.properties?.[key];
      if (typeof v === 'string' && v.startsWith('/') && !v.startsWith('//')) n.properties![key] = origin + v;
    }
    n.children?.forEach(walk);
  };
  return () => (tree: HastNode) => walk(tree);
}

/** Renders `markdown` (a page body) to an HTML fragment whose links work from anywhere. */
export function postHtml(markdown: string, origin: string): string {
  return String(unified().use(remarkParse).use(remarkGfm).use(remarkCallouts).use(remarkRehype).use(absolutise(origin)).use(rehypeStringify).processSync(markdown));
}
