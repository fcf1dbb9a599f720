/**
 * The `pages` output: one HTML document per canonical page, at the path a
 * static host serves without help (/guides/ivr/ -> guides/ivr/index.html,
 * /releases/201912.html -> releases/201912.html), carrying the page's own
 * head (title, description, canonical URL, Open Graph, JSON-LD) and its
 * whole content as HTML inside the app's frame; a small redirect document
 * for every alias and address variant; 404.html as the not-found page
 * itself; and a _redirects file for hosts that read one.
 */
import type { SiteConfig } from '../src/shared/schemas/site-config.ts';
import type { PageRecord } from '../src/shared/schemas/page-record.ts';
import type { PageLink, SidebarNode } from '../src/shared/schemas/site-data.ts';
import type { StaticPage } from '../src/shared/schemas/manifest.ts';
import { STATIC_PAGE_ID } from '../src/shared/schemas/manifest.ts';
import { packPage } from '../src/shared/page-pack.ts';
import { canonicalUrl, isFeedPost, siteUrl } from '../src/shared/site-urls.ts';
import { groupContains, orderPositions, prevNext, readingOrder } from '../src/shared/sidebar.ts';
import { postDate } from '../manifest/feeds.ts';
import { fillImageSizes } from '../manifest/article-html.ts';
import type { CompiledPage } from '../manifest/compiled-page.ts';
import { cspFor, renderDocument, scriptJson, sha, type DocumentBase } from './html.ts';
import { esc, shellHtml } from './page-shell.ts';
import { FIRST_SCREEN_ID } from '../src/shared/parser-yield.ts';
import { PAGE_SECTION_CLASS } from '../src/shared/markdown/rehype-sections.ts';

/** The file a page's document is written to: /a/ -> a/index.html, /a.html -> a.html. */
export function documentFile(path: string): string {
  return path.endsWith('/') ? `${path.slice(1)}index.html` : path.slice(1);
}

/** The script of every redirect document: the target from the document's own link, query and hash kept. */
export const REDIRECT_DOC_SCRIPT = "location.replace(document.getElementById('target').getAttribute('href')+location.search+location.hash)";

/** The layout a record is shown with (buildPageData's rule). */
export const layoutOf = (r: PageRecord) => r.frontmatter.layout ?? (r.frontmatter.home ? 'home' : 'default');

/** The sidebar groups that hold `path`, outermost first. */
function groupsOf(nodes: SidebarNode[], path: string): Array<Extract<SidebarNode, { kind: 'group' }>> {
  for (const n of nodes) {
    if (n.kind === 'group' && groupContains(n, path)) return [n, ...groupsOf(n.children, path)];
  }
  return [];
}

/** The first page of a group (the address a breadcrumb of the group links to). */
function firstPage(node: SidebarNode): string | undefined {
  if (node.kind === 'page') return node.path;
  for (const c of node.children) {
    const p = firstPage(c);
    if (p) return p;
  }
  return undefined;
}

/** JSON-LD of a page: its breadcrumb trail through the sidebar, and the article (or post) itself. */
export function jsonLdOf(site: SiteConfig, sidebar: SidebarNode[], record: PageRecord, description: string): unknown[] {
  const url = siteUrl(site, record.path);
  const out: unknown[] = [];
  const groups = groupsOf(sidebar, record.path);
  if (groups.length) {
    const items = [...groups.map((g) => ({ name: g.title, path: firstPage(g) })), { name: record.title, path: record.path }].map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      ...(c.path ? { item: siteUrl(site, c.path) } : {}),
    }));
    out.push({ '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: items });
  }
  const layout = layoutOf(record);
  if (layout === 'home') {
    out.push({ '@context': 'https://schema.org', '@type': 'WebSite', name: site.title, description, url, inLanguage: site.lang });
    return out;
  }
  const modified = record.lastUpdatedTimestamp ? new Date(record.lastUpdatedTimestamp).toISOString() : undefined;
  const post = isFeedPost({ ...site, origin: site.origin ?? 'x', feed: site.feed }, record.path) || /^\/(releases|blogs)\//.test(record.path);
  out.push({
    '@context': 'https://schema.org',
    '@type': post ? 'BlogPosting' : 'TechArticle',
    headline: record.title,
    description,
    url,
    inLanguage: site.lang,
    ...(post ? { datePublished: new Date(postDate(record)).toISOString() } : {}),
    ...(modified ? { dateModified: modified } : {}),
    isPartOf: { '@type': 'WebSite', name: site.title, url: siteUrl(site, site.base) },
  });
  return out;
}

/** One written document. */
export interface DocumentFile {
  file: string;
  html: string;
}

/** A redirect document: 200, canonical to the target, meta refresh, a script keeping query and hash, a visible link. */
export function redirectDocument(site: SiteConfig, target: string): string {
  const href = esc(target);
  const canonical = canonicalUrl(site, target);
  // Without indentation: a large site has one for every page (its .html or folder twin).
  return [
    '<!doctype html>',
    `<html lang="${esc(site.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src ${sha(REDIRECT_DOC_SCRIPT)}; base-uri 'none'">`,
    `<title>Moved to ${href}</title>`,
    ...(canonical ? [`<link rel="canonical" href="${esc(canonical)}">`] : []),
    `<meta http-equiv="refresh" content="0;url=${href}">`,
    '</head>',
    '<body>',
    `<p>This page has moved to <a id="target" href="${href}">${href}</a>.</p>`,
    `<script>${REDIRECT_DOC_SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Elements with no end tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/** The yield point as written into a document. */
const PARSER_YIELD_HTML = `<script id="${FIRST_SCREEN_ID}"></script>`;

/** How the compiler writes the opening tag of a body's section. */
const SECTION_OPEN = `<section class="${PAGE_SECTION_CLASS}">`;
const SECTION_CLOSE = '</section>';

/** Blocks the yield point never follows: the stylesheet spaces their next sibling by adjacency. */
const AFTER_NOT = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr']);

/** White space from `lastIndex` on (sticky: read in place, not on a copy of the rest of the body). */
const WHITE_SPACE = /\s*/y;

/** The yield point goes after the first top-level block that ends this far into the body (characters of HTML). */
export const PARSER_YIELD_AFTER = 300;

/**
 * `body` (an article body's HTML, as the compiler writes it) with the
 * parser yield point (src/shared/parser-yield.ts) after its first top-level
 * element (the blocks of a section count as top-level) that ends at least
 * PARSER_YIELD_AFTER characters in and is not a heading or a rule; unchanged
 * when there is none (a short body) or its tags do not balance.
 */
export function withParserYield(body: string): string {
  let depth = 0;
  /** Inside one of the body's sections (rehype-sections.ts), whose blocks count as top-level ones. */
  let inSection = false;
  for (const m of body.matchAll(/<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)(?:"[^"]*"|'[^']*'|[^'">])*>/g)) {
    if (!m[2]) continue; // a comment
    const closing = m[1] === '/';
    const name = m[2].toLowerCase();
    if (depth === 0 && name === 'section' && (closing ? inSection : m[0] === SECTION_OPEN)) {
      inSection = !closing;
      continue;
    }
    if (closing) depth--;
    else if (!VOID.has(name) && !m[0].endsWith('/>')) depth++;
    if (depth < 0) return body;
    const end = m.index + m[0].length;
    if (depth !== 0 || end < PARSER_YIELD_AFTER) continue;
    // Not right after a heading or a rule: the stylesheet spaces the block that follows one by that
    // adjacency (the typography's `h2 + *`), and the app's removal of the script moved that block.
    if (AFTER_NOT.has(name)) continue;
    // Not a section's last child (its bottom margin is dropped by the stylesheet): after the section, then.
    WHITE_SPACE.lastIndex = end;
    WHITE_SPACE.exec(body);
    const close = WHITE_SPACE.lastIndex;
    const at = inSection && body.startsWith(SECTION_CLOSE, close) ? close + SECTION_CLOSE.length : end;
    return at < body.length ? body.slice(0, at) + PARSER_YIELD_HTML + body.slice(at) : body;
  }
  return body;
}

/**
 * The head tag that holds a document's first frame until its first screen is
 * parsed: until the yield point when `root` has one, else until the main
 * element (src/shared/parser-yield.ts).
 */
export function firstScreenExpect(root: string): string {
  const target = root.includes(PARSER_YIELD_HTML) ? FIRST_SCREEN_ID : 'main';
  return `<link rel="expect" href="#${target}" blocking="render">`;
}

/** How the stylesheet reaches a document: critical rules inline (allowed by their hash), the whole sheet as a file. */
export interface DocumentStyle {
  /** The elements that go where the template says %CSS%. */
  tags: string;
  /** The Content-Security-Policy of the document. */
  csp: string;
}

/**
 * How the page documents get their stylesheet and boot scripts: the critical
 * rules inline with the start script that loads the whole sheet, or (a site
 * too large for inline copies) the sheet linked with the start script that
 * loads no sheet. The CSP allows the inline boot script the documents carry
 * (the start script is a file of the site's own origin).
 */
export function pageStyling(
  site: SiteConfig,
  o: { boot: { page: string; start: string; startLinkedCss: string }; cssUrl: string; critical: { forPage(html: string): string } | null },
): { boot: string; start: string; styleFor: StyleFor } {
  const { critical, cssUrl } = o;
  const boot = o.boot.page;
  if (!critical) {
    // Without inline rules every document has the same style: made once (a large site has many documents).
    const linked: DocumentStyle = { tags: `<link rel="stylesheet" href="${cssUrl}">`, csp: cspFor(site, [boot]) };
    return { boot, start: o.boot.startLinkedCss, styleFor: () => linked };
  }
  const styleFor: StyleFor = (_layout, documents) => {
    const rules = critical.forPage(documents());
    return {
      tags: `<style>${rules}</style>\n<noscript><link rel="stylesheet" href="${cssUrl}"></noscript>`,
      csp: cspFor(site, [boot], [rules]),
    };
  };
  return { boot, start: o.boot.start, styleFor };
}

/**
 * What one page's document is made of: plain data, so that a thread beside
 * the build's can be sent it (page-documents-thread.ts).
 */
export interface DocumentInput {
  record: PageRecord;
  prev?: PageLink | undefined;
  next?: PageLink | undefined;
  /** The article's HTML as the analysis wrote it, its images not yet sized. */
  article: string;
  body: Pick<CompiledPage['body'], 'html' | 'images' | 'description'>;
}

/** The document inputs of `pages`, with their prev/next links through the sidebar's reading order. */
export function documentInputs(site: SiteConfig, pages: ReadonlyArray<CompiledPage>): DocumentInput[] {
  const byPath = new Map(pages.map((p) => [p.record.path, p.record]));
  const order = readingOrder(site.sidebar);
  const positions = orderPositions(order);
  return pages.map((p) => {
    if (p.facts.article === null) throw new Error(`${p.record.path}: analysed without its article HTML, which a page document needs.`);
    const { prev, next } = prevNext(p.record, order, byPath, positions);
    return { record: p.record, prev, next, article: p.facts.article, body: { html: p.body.html, images: p.body.images, description: p.body.description } };
  });
}

/** The app's frame of a page's document, its article inside. */
function shellOf(site: SiteConfig, sidebar: SidebarNode[], p: DocumentInput): string {
  const body = withParserYield(fillImageSizes(p.article, p.body.images));
  return shellHtml(site, sidebar, { record: p.record, layout: layoutOf(p.record), body, prev: p.prev, next: p.next });
}

/** How a document gets its stylesheet, per layout: `documents` gives a sample of the layout's documents (asked for only when the rules depend on them). */
export type StyleFor = (layout: string, documents: () => string) => DocumentStyle;

/**
 * The style of each layout of `inputs`. The inline CSS of a layout: the rules
 * (up to) SAMPLE of its whole documents use, the articles' last parts and the
 * sidebar included (the whole stylesheet comes once the document is parsed,
 * src/boot/page.ts, and restyles nothing the reader sees). One per layout, not
 * per page: a prune per page saved 2.7 KB of inline CSS per page for no
 * measurable paint, at the cost of a prune per document at build time. The
 * frames made for the sample are kept in `made`, for their documents.
 */
export function documentStyles(site: SiteConfig, sidebar: SidebarNode[], inputs: ReadonlyArray<DocumentInput>, styleFor: StyleFor, made?: Map<DocumentInput, string>): Map<string, DocumentStyle> {
  const SAMPLE = 300;
  const byLayout = new Map<string, DocumentInput[]>();
  for (const p of inputs) {
    const list = byLayout.get(layoutOf(p.record)) ?? [];
    if (list.length < SAMPLE) list.push(p);
    byLayout.set(layoutOf(p.record), list);
  }
  const frame = (p: DocumentInput) => {
    const root = made?.get(p) ?? shellOf(site, sidebar, p);
    made?.set(p, root);
    return root;
  };
  return new Map([...byLayout].map(([layout, list]) => [layout, styleFor(layout, () => list.map(frame).join('\n'))]));
}

/** One page's document; `root` is its frame when already made. */
export function pageDocument(
  base: Omit<DocumentBase, 'css' | 'csp'>,
  sidebar: SidebarNode[],
  buildId: string,
  p: DocumentInput,
  style: DocumentStyle,
  root = shellOf(base.site, sidebar, p),
): DocumentFile {
  const site = base.site;
  const { record, prev, next } = p;
  const layout = layoutOf(record);
  const description = p.body.description ?? site.description;
  const data: StaticPage = {
    buildId,
    key: record.key,
    path: record.path,
    record,
    ...(prev ? { prev } : {}),
    ...(next ? { next } : {}),
    html: p.body.html,
    images: p.body.images,
    ...(p.body.description ? { description: p.body.description } : {}),
  };
  const fm = record.frontmatter;
  const html = renderDocument(
    { ...base, css: style.tags, csp: style.csp },
    {
      title: `${record.title} | ${site.title}`,
      head: { title: (fm.home ? fm.heroText : record.title) || site.title, description, path: record.path, type: layout === 'default' ? 'article' : 'website' },
      jsonLd: jsonLdOf(site, sidebar, record, description),
      extraHead: firstScreenExpect(root),
      root,
      bodyEnd: `<script type="application/json" id="${STATIC_PAGE_ID}">${scriptJson(packPage(data))}</script>`,
    },
  );
  return { file: documentFile(record.path), html };
}

/** Every page's document, written through `write` as it is made (a large site's documents are never all in memory). */
export function writePageDocuments(
  base: Omit<DocumentBase, 'css' | 'csp'>,
  sidebar: SidebarNode[],
  pages: ReadonlyArray<CompiledPage>,
  buildId: string,
  styleFor: StyleFor,
  write: (doc: DocumentFile) => void,
): void {
  const inputs = documentInputs(base.site, pages);
  const made = new Map<DocumentInput, string>();
  const styles = documentStyles(base.site, sidebar, inputs, styleFor, made);
  for (const p of inputs) {
    write(pageDocument(base, sidebar, buildId, p, styles.get(layoutOf(p.record))!, made.get(p)));
    made.delete(p);
  }
}

/** 404.html: the not-found page itself (status 404 from the host), the only document with noindex. */
export function notFoundDocument(base: Omit<DocumentBase, 'css' | 'csp'>, sidebar: SidebarNode[], styleFor: StyleFor): string {
  const site = base.site;
  const style = styleFor('not-found', () => shellHtml(site, sidebar, null));
  return renderDocument(
    { ...base, css: style.tags, csp: style.csp },
    {
      title: `Page not found | ${site.title}`,
      head: { title: 'Page not found', description: site.description, type: 'website' },
      htmlAttrs: ' data-not-found=""',
      extraHead: `<meta name="robots" content="noindex">\n    ${firstScreenExpect('')}`,
      root: shellHtml(site, sidebar, null),
    },
  );
}

/**
 * The addresses that lead to a page without being its path, each with its
 * target: aliases, regular paths replaced by a permalink, and the other
 * ending of every page (/a/ <-> /a.html). /a/index.html is the page's own
 * file, and /a (no ending) is left to the host (a 301 to /a/, or a.html).
 */
export function redirectsOf(pages: ReadonlyArray<{ path: string }>, redirects: Readonly<Record<string, string>>): Map<string, string> {
  const paths = new Set(pages.map((p) => p.path));
  const out = new Map<string, string>(Object.entries(redirects).filter(([from]) => !paths.has(from)));
  for (const { path } of pages) {
    if (path === '/') continue;
    const variant = path.endsWith('/') ? `${path.slice(0, -1)}.html` : path.endsWith('.html') ? `${path.slice(0, -'.html'.length)}/` : null;
    if (variant && !paths.has(variant) && !out.has(variant)) out.set(variant, path);
  }
  return out;
}

/** The redirect document of each move. */
export function redirectDocuments(site: SiteConfig, moves: ReadonlyMap<string, string>): DocumentFile[] {
  return [...moves].map(([from, to]) => ({ file: documentFile(from.endsWith('/') || from.endsWith('.html') ? from : `${from}.html`), html: redirectDocument(site, to) }));
}

/** The _redirects file (Netlify, Cloudflare Pages): the same moves as 301s. */
export function redirectsFile(moves: ReadonlyMap<string, string>): string {
  return `${[...moves].map(([from, to]) => `${from} ${to} 301`).join('\n')}\n`;
}
