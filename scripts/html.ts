/**
 * The HTML documents the build writes, all from the one template
 * public/index.html: head tags from the site config (and, for a page
 * document, from the page), a Content-Security-Policy whose only inline
 * scripts and styles are hashed, preloads that let the bundle and the site
 * data download in parallel, and the boot script (src/boot/, bundled by
 * scripts/boot-scripts.ts).
 *
 * Two outputs (site.yml `output`):
 * - `pages`: one document per page with the page's own head and its whole
 *   content as HTML (scripts/page-documents.ts), small redirect documents
 *   for the aliases, and a 404.html that is the not-found page itself;
 * - `single`: one index.html whose boot script paints the page from its
 *   chunk, and a 404.html that redirects every deep link to it.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../src/shared/schemas/site-config.ts';
import { headTags, type HeadPage } from '../src/shared/head-tags.ts';
import { ATOM_PATH, isFeedPost, RSS_PATH } from '../src/shared/site-urls.ts';
import { FONT_FILES, FONT_URLS } from '../src/shared/fonts.ts';
import { esc } from './page-shell.ts';

export { FONT_FILES, FONT_URLS } from '../src/shared/fonts.ts';

/** The @fontsource/open-sans file each served font file (FONT_FILES) is copied from. */
const FONT_SOURCES: Readonly<Record<(typeof FONT_FILES)[number]['file'], string>> = {
  'open-sans-400.woff2': 'open-sans-latin-400-normal.woff2',
  'open-sans-700.woff2': 'open-sans-latin-700-normal.woff2',
};

/** Copies the served font files into `fontDir` (the build's and the dev server's assets/fonts). */
export function copyFontFiles(root: string, fontDir: string): void {
  mkdirSync(fontDir, { recursive: true });
  for (const f of FONT_FILES) copyFileSync(path.join(root, 'node_modules/@fontsource/open-sans/files', FONT_SOURCES[f.file]), path.join(fontDir, f.file));
}

export const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;

/** Hosts the page may contact, beyond its own origin, given the build's configuration. */
export function cspFor(site: SiteConfig, inlineScripts: string[], inlineStyles: string[] = []): string {
  const analytics = site.analytics.id ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'] : [];
  const docsearch = process.env.DOCSEARCH_APP_ID ? [`https://${process.env.DOCSEARCH_APP_ID}-dsn.algolia.net`, 'https://*.algolia.net', 'https://*.algolianet.com'] : [];
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScripts.map(sha).join(' ')} ${analytics.slice(0, 1).join(' ')}`.trim(),
    `style-src 'self' ${inlineStyles.map(sha).join(' ')}`.trim(),
    `img-src 'self' data: ${analytics.slice(1).join(' ')}`.trim(),
    "font-src 'self'",
    `connect-src 'self' ${[...analytics.slice(1), ...docsearch].join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-src 'self'",
  ].join('; ');
}

/** The page's description, Open Graph and Twitter tags, canonical link, and the feed links (home page and posts). */
export function pageHeadTags(site: SiteConfig, page: HeadPage): string {
  const tags = headTags(site, page)
    .filter((t) => t.value !== undefined)
    .map(
      (t) =>
        `<${t.tag} ${Object.entries(t.attrs)
          .map(([k, v]) => `${k}="${esc(v)}"`)
          .join(' ')} ${t.tag === 'link' ? 'href' : 'content'}="${esc(t.value!)}">`,
    );
  // The feeds are announced where their readers are: the home page (and the single output's one
  // document) and the posts the feeds list, not in each of a large site's documents.
  const feedHere = page.path === undefined || page.path === site.base || isFeedPost(site, page.path);
  if (site.origin && site.feed && feedHere) {
    tags.push(
      `<link rel="alternate" type="application/atom+xml" title="${esc(site.feed.title)} (Atom)" href="${ATOM_PATH}">`,
      `<link rel="alternate" type="application/rss+xml" title="${esc(site.feed.title)} (RSS)" href="${RSS_PATH}">`,
    );
  }
  return tags.join('\n');
}

/** What every document of one build shares. */
export interface DocumentBase {
  site: SiteConfig;
  buildId: string;
  entry: string;
  preload: string[];
  csp: string;
  boot: string;
  /** The <style> or <link> elements of the stylesheet. */
  css: string;
  /**
   * The boot script starts the app (its module, preloads and site data) once
   * the first frame is drawn, so the document names none of them: a page
   * document, whose text needs no script.
   */
  appAfterPaint?: boolean;
  /** With appAfterPaint: the start script's address, loaded with defer (src/boot/start.ts). */
  start?: string;
}

/** What one document adds to the base. */
export interface DocumentPart {
  title: string;
  head: HeadPage;
  /** Extra attributes of <html>, written as they are (` data-not-found=""`). */
  htmlAttrs?: string;
  /** JSON-LD objects, one <script type="application/ld+json"> each. */
  jsonLd?: unknown[];
  /** The contents of #root. */
  root: string;
  /** After #root: the page's data, the noscript note. */
  bodyEnd?: string;
  /** Extra head tags (robots). */
  extraHead?: string;
}

let template: string | null = null;
/** The template, its authors' comments and indentation removed: every document (10,000 on a large site) would carry them. */
function readTemplate(): string {
  template ??= readFileSync('public/index.html', 'utf8')
    .replace(/[ \t]*<!--[\s\S]*?-->\n?/g, '')
    .replace(/\n[ \t]+/g, '\n');
  return template;
}

/** JSON in an HTML <script> data block: nothing in it can end the element. */
export const scriptJson = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Fills the template. */
export function renderDocument(b: DocumentBase, d: DocumentPart): string {
  const siteHead = b.site.head
    .map(
      (t) =>
        `<${t.tag} ${Object.entries(t.attrs)
          .map(([k, v]) => `${k}="${esc(v)}"`)
          .join(' ')}>`,
    )
    .join('\n');
  const preloads = b.appAfterPaint
    ? ''
    : [`<link rel="preload" href="${b.site.base}data/site.json" as="fetch" crossorigin="anonymous">`, ...b.preload.map((p) => `<link rel="modulepreload" href="${p}">`)].join('\n');
  const jsonLd = (d.jsonLd ?? []).map((j) => `<script type="application/ld+json">${scriptJson(j)}</script>`).join('\n');
  return readTemplate()
    .replace('%LANG%', esc(b.site.lang))
    .replace('%HTML_ATTRS%', d.htmlAttrs ?? '')
    .replace('%TITLE%', () => esc(d.title))
    .replace('%PAGE_TAGS%', () => pageHeadTags(b.site, d.head) + (d.extraHead ? `\n    ${d.extraHead}` : ''))
    .replace('%CSP%', esc(b.csp))
    .replace('%HEAD_TAGS%', () => siteHead)
    .replace('%BOOT_SCRIPT%', () => b.boot)
    .replace('%PRELOADS%', preloads)
    .replace('%CSS%', () => b.css)
    .replace('%ENTRY_SCRIPT%', () => (b.appAfterPaint ? (b.start ? `<script defer src="${b.start}"></script>` : '') : `<script type="module" src="${b.entry}"></script>`))
    .replace('%BUILD_ID%', b.buildId)
    .replace('%JSON_LD%', () => jsonLd)
    .replace('%FONT_PRELOADS%', FONT_URLS.map((u) => `<link rel="preload" href="${u}" as="font" type="font/woff2" crossorigin="anonymous">`).join(''))
    .replace('%ROOT%', () => d.root)
    .replace('%BODY_END%', () => d.bodyEnd ?? '');
}

/** The static shell of the single output's index.html, before the app has rendered. */
export function singleShell(site: SiteConfig): string {
  return `<div class="shell" data-static-shell><header class="shell-nav"><span class="shell-title">${esc(site.title)}</span></header><main class="shell-main" aria-busy="true"></main></div>`;
}

/** 404.html of the single output: no content of its own, a redirect to index.html that keeps the address. */
export function redirectingNotFound(site: SiteConfig, redirect: string): string {
  return `<!doctype html>
<html lang="${esc(site.lang)}">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="${esc(`default-src 'self'; script-src ${sha(redirect)}; object-src 'none'; base-uri 'none'`)}">
    <title>${esc(site.title)}</title>
    <meta name="robots" content="noindex">
    <script>${redirect}</script>
  </head>
  <body>
    <p>Redirecting to <a href="${site.base}">${esc(site.title)}</a>…</p>
  </body>
</html>
`;
}

/** Content types for the published files, for hosts that read _headers (others pick them by extension). */
function publishedTypes(site: SiteConfig): string {
  const types: Array<[string, string]> = [
    ['/llms.txt', 'text/plain; charset=utf-8'],
    ['/llms-full.txt', 'text/plain; charset=utf-8'],
  ];
  if (site.origin && site.feed) types.push([ATOM_PATH, 'application/atom+xml; charset=utf-8'], [RSS_PATH, 'application/rss+xml; charset=utf-8']);
  return types.map(([p, t]) => `${p}\n  Content-Type: ${t}\n`).join('');
}

/**
 * _headers (Netlify, Cloudflare Pages): frame-ancestors, which a <meta>
 * policy cannot carry, long caching for hashed assets, feed types. Every
 * document carries its own policy in a <meta> tag: the page documents each
 * allow their own inline styles, and the jQuery sandbox's document has a
 * policy of its own; a site-wide header policy would be added to each of
 * them and forbid what they allow. `frame-ancestors 'self'`: the sandbox is
 * framed by the site's own pages, and no other site may frame any page.
 */
export function headersFile(site: SiteConfig): string {
  return `/*\n  Content-Security-Policy: frame-ancestors 'self'\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n${publishedTypes(site)}`;
}
