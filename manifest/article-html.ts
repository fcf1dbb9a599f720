/**
 * A page's Markdown body as static HTML, for its page document: the same
 * element tree the app's Markdown component puts on screen. The parse is the
 * app's (GFM as the text needs it, callouts); raw HTML goes through the same
 * rehype-raw and rehype-sanitize schema, headings get rehype-slug's ids, each
 * h2 opens a section (shared/markdown/rehype-sections.ts), and
 * URLs pass react-markdown's filter. Then each element the app renders with a
 * component of its own is given that component's markup: heading anchors,
 * code blocks with their toolbar (highlighted here with the same highlight.js
 * languages), sized lazy images, link kinds, scrolling tables and the
 * wrappers of custom elements. tests/e2e/page-documents.test.ts compares the
 * result with the app's own render of every page.
 */
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import { toHast } from 'mdast-util-to-hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import { sectionize } from '../src/shared/markdown/rehype-sections.ts';
import { toHtml } from 'hast-util-to-html';
import { whitespace } from 'hast-util-whitespace';
import { urlAttributes } from 'html-url-attributes';
import { defaultUrlTransform } from 'react-markdown';
import hljs from 'highlight.js/lib/core';
import yaml from 'highlight.js/lib/languages/yaml';
import json from 'highlight.js/lib/languages/json';
import bash from 'highlight.js/lib/languages/bash';
import javascript from 'highlight.js/lib/languages/javascript';
import typescript from 'highlight.js/lib/languages/typescript';
import python from 'highlight.js/lib/languages/python';
import xml from 'highlight.js/lib/languages/xml';
import groovy from 'highlight.js/lib/languages/groovy';
import http from 'highlight.js/lib/languages/http';
import ini from 'highlight.js/lib/languages/ini';
import type { Root as MdRoot } from 'mdast';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import remarkGfm, { gfmOptionsFor } from '../src/shared/markdown/remark-gfm-parse.ts';
import remarkCallouts from '../src/shared/markdown/remark-callouts.ts';
import { sanitizeSchema } from '../src/markdown/sanitize-schema.ts';
import { CUSTOM_ELEMENT_ATTR, CUSTOM_ELEMENT_LOADING, CUSTOM_ELEMENT_NAMES } from '../src/shared/markdown/custom-element-names.ts';
import { highlightName } from '../src/shared/markdown/highlight-names.ts';
import { mergeSpans } from '../src/shared/markdown/merge-spans.ts';
import { EXTERNAL_LINK, FILE_LINK, NEW_TAB_NOTE } from '../src/shared/link-kinds.ts';

const LANGUAGES = { yaml, json, bash, javascript, typescript, python, xml, groovy, http, ini };
for (const [name, lang] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, lang);

type ImageSizes = Readonly<Record<string, { width: number; height: number }>>;

/** What the renderer needs of a chunk. */
export interface ArticleSource {
  markdown: string;
  /** The body holds raw HTML: parsed and sanitized as the app does. */
  html: boolean;
  images: ImageSizes;
}

const parsers = new Map<string, Processor<MdRoot, MdRoot, MdRoot>>();
function parserFor(markdown: string): Processor<MdRoot, MdRoot, MdRoot> {
  const options = gfmOptionsFor(markdown);
  const key = JSON.stringify(options);
  let p = parsers.get(key);
  if (!p) parsers.set(key, (p = unified().use(remarkParse).use(remarkGfm, options).use(remarkCallouts) as never));
  return p;
}

const rawPipeline = unified().use(rehypeRaw).use(rehypeSanitize, sanitizeSchema);
const slugPipeline = unified().use(rehypeSlug);

const CUSTOM = new Set<string>(CUSTOM_ELEMENT_NAMES);
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

const el = (tagName: string, properties: Element['properties'], children: ElementContent[] = []): Element => ({ type: 'element', tagName, properties, children });
const text = (value: string): ElementContent => ({ type: 'text', value });

/** The text of a fenced block's <code>, as the app's CodeBlock reads it. */
function codeText(code: Element): string {
  return code.children.map((c) => (c.type === 'text' ? c.value : '')).join('');
}

/** `pre` as CodeBlock renders it: toolbar, focusable pre, highlighted code for a known language. */
function codeBlock(pre: Element): Element {
  const code = pre.children.find((c): c is Element => c.type === 'element');
  const className = code ? ([] as unknown[]).concat(code.properties.className ?? []).map(String) : [];
  const lang = className.map((c) => /^language-([\w-]+)/.exec(c)?.[1]).find(Boolean) ?? null;
  const name = lang ? highlightName(lang, LANGUAGES) : null;
  let body: ElementContent[] = pre.children;
  if (code && name) {
    const html = mergeSpans(hljs.highlight(codeText(code).replace(/\n$/, ''), { language: name, ignoreIllegals: true }).value);
    body = [el('code', { className: [`language-${lang}`, 'hljs'] }, [{ type: 'raw', value: html } as unknown as ElementContent])];
  }
  return el('div', { className: ['code-block'] }, [
    el('div', { className: ['code-toolbar'] }, [
      el('span', { className: ['code-lang'] }, lang ? [text(lang)] : []),
      el('button', { type: 'button', className: ['copy-button'], ariaLabel: 'Copy code' }, [text('Copy')]),
    ]),
    el('pre', { ...pre.properties, tabIndex: 0 }, body),
  ]);
}

/** `a` as MarkdownLink renders it. */
function link(a: Element): Element {
  const href = String(a.properties.href ?? '');
  if (href.startsWith('#')) return a;
  if (EXTERNAL_LINK.test(href)) {
    return el('a', { ...a.properties, target: '_blank', rel: ['noopener', 'noreferrer'] }, [...a.children, el('span', { className: ['sr-only'] }, [text(NEW_TAB_NOTE)])]);
  }
  if (FILE_LINK.test(href.replace(/[?#].*$/, ''))) return el('a', { ...a.properties, download: true }, a.children);
  return a;
}

/** Marks a content image whose measured size is filled in later (fillImageSizes): the analysis that renders the body runs before the images are measured. */
const SIZE_MARK = 'data-build-size';

/** `img` as MarkdownImage renders it: lazy, zoomable, its size given by fillImageSizes. */
function image(img: Element): Element {
  const src = String(img.properties.src ?? '');
  const { className: _c, src: _s, ...rest } = img.properties;
  return el('img', {
    // An address the sanitiser removed leaves none (src="" would name the page itself).
    ...(src ? { src } : {}),
    ...rest,
    alt: String(img.properties.alt ?? ''),
    loading: 'lazy',
    decoding: 'async',
    dataZoomable: '',
    className: ['content-image'],
    [SIZE_MARK.replace(/-([a-z])/g, (_, l: string) => l.toUpperCase())]: '',
  });
}

const unescapeAttr = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Gives each content image of a rendered body its measured size (the
 * compiler's, from the image file), as MarkdownImage does; an image the
 * compiler did not measure keeps the width and height its raw HTML gave it.
 */
export function fillImageSizes(html: string, sizes: ImageSizes): string {
  return html.replace(new RegExp(`<img ([^>]*?) ?${SIZE_MARK}=""([^>]*)>`, 'g'), (_, before: string, after: string) => {
    let attrs = `${before}${after}`;
    const src = /(?:^| )src="([^"]*)"/.exec(attrs)?.[1];
    const size = src === undefined ? undefined : sizes[unescapeAttr(src)];
    if (size) attrs = `${attrs.replace(/ (width|height)="[^"]*"/g, '')} width="${size.width}" height="${size.height}"`;
    return `<img ${attrs.trim()}>`;
  });
}

/** react-markdown's own steps after the rehype plugins: raw HTML left over becomes text, URLs are filtered. */
function reactMarkdownPost(node: Root | Element): void {
  const children: RootContent[] = node.children.map((c: RootContent) => (c.type === 'raw' ? (text(c.value) as RootContent) : c));
  node.children = children;
  for (const c of children) {
    if (c.type !== 'element') continue;
    for (const key of Object.keys(c.properties)) {
      const value = c.properties[key];
      if (Object.hasOwn(urlAttributes, key) && (urlAttributes[key] === null || urlAttributes[key]!.includes(c.tagName))) {
        c.properties[key] = defaultUrlTransform(String(value ?? ''));
      }
    }
    reactMarkdownPost(c);
  }
}

/** Gives each element the markup of the app's component for it. */
function components(parent: Root | Element): void {
  const out: Array<RootContent> = [];
  for (const c of parent.children) {
    if (c.type !== 'element') {
      // The JSX runtime drops whitespace between the parts of a table.
      if (c.type === 'text' && parent.type === 'element' && TABLE_PARTS.has(parent.tagName) && whitespace(c.value)) continue;
      out.push(c);
      continue;
    }
    const tag = c.tagName;
    if (CUSTOM.has(tag)) {
      out.push(el('div', { [dataProp(CUSTOM_ELEMENT_ATTR)]: tag }, [el('div', { className: ['custom-element-loading'], ariaBusy: 'true' }, [text(CUSTOM_ELEMENT_LOADING)])]));
      continue;
    }
    if (tag === 'pre') {
      out.push(codeBlock(c));
      continue;
    }
    components(c);
    if (tag === 'a') out.push(link(c));
    else if (tag === 'img') out.push(image(c));
    else if ((tag === 'h2' || tag === 'h3') && c.properties.id) {
      const id = String(c.properties.id);
      out.push({ ...c, children: [...c.children, el('a', { className: ['header-anchor'], href: `#${id}`, ariaLabel: 'Link to this section' }, [text('#')])] });
    } else if (tag === 'table') {
      out.push(el('div', { className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: 'Table' }, [c]));
    } else if ((tag === 'td' || tag === 'th') && typeof c.properties.align === 'string') {
      // The JSX runtime turns a cell's align into a text-align style.
      const { align, ...rest } = c.properties;
      out.push({ ...c, properties: { ...rest, style: `text-align:${String(align)}` } });
    } else out.push(c);
  }
  parent.children = out;
}

/** `data-custom-element` as a hast property name. */
function dataProp(attr: string): string {
  return attr.replace(/-([a-z])/g, (_, l: string) => l.toUpperCase());
}

/**
 * The body of a page as HTML, from the compiler's Markdown tree (parsed and
 * run through the callouts, as analyseMarkdown has it); images are sized
 * afterwards by fillImageSizes.
 */
export function articleHtmlFromTree(md: MdRoot, html: boolean, read?: (tree: Root) => void): string {
  let tree = toHast(md, { allowDangerousHtml: true }) as Root;
  if (html) tree = rawPipeline.runSync(tree);
  tree = slugPipeline.runSync(tree) as Root;
  // The element tree with its heading ids, before the app's markup is given to it: the analysis of a
  // page without raw HTML reads its facts here, from the tree it would otherwise convert a second time.
  read?.(tree);
  sectionize(tree);
  reactMarkdownPost(tree);
  components(tree);
  return toHtml(tree, { allowDangerousHtml: true });
}

/** The body of a page (the children of the app's Markdown container) as HTML, from its chunk. */
export function articleHtml(source: ArticleSource): string {
  const parser = parserFor(source.markdown);
  const md = parser.runSync(parser.parse(source.markdown));
  return fillImageSizes(articleHtmlFromTree(md, source.html), source.images);
}
