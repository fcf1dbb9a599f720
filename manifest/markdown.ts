/**
 * Reads a page's Markdown the way the client will render it and returns what
 * the compiler needs: headings with the ids rehype-slug gives them, links and
 * images with their lines, whether raw HTML is present, and plain text for
 * the search index.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm, { gfmOptionsFor, type GfmParseOptions } from '../src/shared/markdown/remark-gfm-parse.ts';
import rehypeSlug from 'rehype-slug';
import { toHast } from 'mdast-util-to-hast';
import { toString as hastToString } from 'hast-util-to-string';
import { toString as mdToString } from 'mdast-util-to-string';
import remarkCallouts from '../src/shared/markdown/remark-callouts.ts';
import type { Header } from '../src/shared/schemas/page-record.ts';
import type { LeadNode } from '../src/shared/schemas/lead.ts';
import { leadOf } from './lead.ts';
import { sectionTerms, type SectionTerms } from './search-terms.ts';
import { articleHtmlFromTree } from './article-html.ts';

/** A link or image found in the Markdown. */
export interface Reference {
  url: string;
  /** 1-based line within the body. */
  line: number;
  /** Alt text for images. */
  alt?: string;
}

/** A section of a page for the search index: the text under one heading. */
export interface Section {
  /** Heading id ('' for the text before the first heading). */
  slug: string;
  title: string;
  text: string;
}

/** Everything the compiler learns from one page body. */
export interface MarkdownFacts {
  /** Text of a leading `# Heading`, which the page may use as its title. */
  h1?: string | undefined;
  /** Body with the leading h1 removed. */
  body: string;
  /** h2 and h3 headings. */
  headers: Header[];
  /** Every heading id on the page (all levels), for anchor checks. */
  ids: Set<string>;
  links: Reference[];
  images: Reference[];
  /** True when the body holds raw HTML. */
  html: boolean;
  /** Text of the page split at h2/h3, for search. */
  sections: Section[];
  /** The opening blocks, painted before the app has loaded (see lead.ts). */
  lead: LeadNode[];
  /**
   * The body as the HTML of a page document (article-html.ts), its images not yet sized; null when the
   * analysis was asked for none (the dev server, which serves one document for every page).
   */
  article: string | null;
  /** The sections' words counted for the search index (done here: on a large site, on the analysis workers). */
  terms: SectionTerms;
}

type Node = {
  type: string;
  depth?: number;
  url?: string;
  alt?: string | null;
  children?: Node[];
  position?: { start: { line: number; offset?: number }; end: { line: number; offset?: number } };
  tagName?: string;
  properties?: Record<string, unknown>;
  value?: string;
};

/** One parser per set of GFM constructs a text may hold (see gfmOptionsFor): at most 32, a few in practice. */
const parsers = new Map<string, ReturnType<typeof makeParser>>();
const makeParser = (o: GfmParseOptions) => unified().use(remarkParse).use(remarkGfm, o).use(remarkCallouts);
function parserFor(markdown: string) {
  const o = gfmOptionsFor(markdown);
  const key = JSON.stringify(o);
  let p = parsers.get(key);
  if (!p) parsers.set(key, (p = makeParser(o)));
  return p;
}

/** What an analysis makes beyond the facts every output needs. */
export interface AnalysisOptions {
  /** The page document's article HTML (default true): only the build's `pages` output writes it. */
  article?: boolean;
}

/** Analyses `source`, a page body whose site variables are already substituted. */
export function analyseMarkdown(source: string, options: AnalysisOptions = {}): MarkdownFacts {
  let body = source;
  const parser = parserFor(source);
  const tree = parser.parse(body) as unknown as Node;
  let h1: string | undefined;
  const first = tree.children?.find((n) => n.type !== 'html' || !/^<!--/.test(n.value ?? ''));
  if (first?.type === 'heading' && first.depth === 1 && first.position) {
    h1 = mdToString(first, { includeImageAlt: false }).trim();
    const lines = body.split('\n');
    // Blank the heading's lines rather than deleting them, so line numbers stay right.
    for (let l = first.position.start.line - 1; l < first.position.end.line; l++) lines[l] = '';
    body = lines.join('\n');
    // Lines are kept, so the rest of the tree's line numbers still hold: drop the node, no second parse.
    tree.children = tree.children!.filter((n) => n !== first);
  }
  parser.runSync(tree as never);

  const links: Reference[] = [];
  const images: Reference[] = [];
  let html = false;
  let firstHtml = Infinity;
  const visit = (n: Node) => {
    if ((n.type === 'link' || n.type === 'definition') && n.url !== undefined) {
      links.push({ url: n.url, line: n.position?.start.line ?? 1 });
    } else if (n.type === 'image' && n.url !== undefined) {
      images.push({ url: n.url, line: n.position?.start.line ?? 1, alt: n.alt ?? '' });
    } else if (n.type === 'html') {
      html = true;
      firstHtml = Math.min(firstHtml, n.position?.start.offset ?? 0);
    }
    n.children?.forEach(visit);
  };
  visit(tree);

  // Without raw HTML the article's element tree, before the app's markup is given to it, is the tree the
  // facts are read from (the same heading ids, no raw nodes to drop): it is converted once. With raw HTML
  // the facts read a tree without it.
  let read: ReturnType<typeof elementFacts> | undefined;
  const article = options.article === false ? null : articleHtmlFromTree(tree as never, html, html ? undefined : (t) => void (read = elementFacts(t, firstHtml)));
  if (!read) {
    const hast = toHast(tree as never, { allowDangerousHtml: false }) as unknown as Node;
    rehypeSlug()(hast as never);
    read = elementFacts(hast, firstHtml);
  }
  const { lead, headers, ids, sections: kept } = read;
  return { h1, body, headers, ids, links, images, html, sections: kept, terms: sectionTerms(kept), lead, article };
}

/** What the analysis reads from a page's element tree (with its heading ids): the lead, the headings, the sections' text. */
function elementFacts(hast: Node, firstHtml: number): { lead: LeadNode[]; headers: Header[]; ids: Set<string>; sections: Section[] } {
  const lead = leadOf(hast, firstHtml);
  const headers: Header[] = [];
  const ids = new Set<string>();
  const sections: Section[] = [{ slug: '', title: '', text: '' }];
  const walk = (n: Node) => {
    const m = n.type === 'element' ? /^h([1-6])$/.exec(n.tagName ?? '') : null;
    if (m) {
      const id = typeof n.properties?.id === 'string' ? n.properties.id : '';
      const title = hastToString(n as never).trim();
      ids.add(id);
      const level = Number(m[1]);
      if (level === 2 || level === 3) {
        headers.push({ level, title, slug: id });
        sections.push({ slug: id, title, text: '' });
      }
      return;
    }
    // Text as the page shows it: inline elements join their neighbours without a space ("Add **device**." is "Add device."), blocks and line breaks end with one.
    if (n.type === 'text') {
      sections[sections.length - 1]!.text += n.value ?? '';
      return;
    }
    n.children?.forEach(walk);
    if (n.type === 'element' && /^(p|li|td|th|pre|blockquote|aside|tr|div|dd|dt|figcaption|summary|br)$/.test(n.tagName ?? '')) {
      sections[sections.length - 1]!.text += ' ';
    }
  };
  walk(hast);
  for (const s of sections) s.text = s.text.replace(/\s+/g, ' ').trim();
  return { lead, headers, ids, sections: sections.filter((s) => s.slug || s.text) };
}
