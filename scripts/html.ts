/**
 * index.html and 404.html, rendered at build time: head tags from the site
 * config, the stylesheet inline, preloads that let the bundle and site
 * data download in parallel, a Content-Security-Policy whose only
 * inline scripts and style are hashed, and a static shell so the first
 * paint does not wait for the bundle.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SiteConfig } from '../src/shared/schemas/site-config.ts';
import { REDIRECT_PARAM } from '../src/shared/spa-redirect.ts';
import { headTags } from '../src/shared/head-tags.ts';
import { ATOM_PATH, RSS_PATH } from '../src/shared/site-urls.ts';
import { PROSE_CLASSES } from '../src/shared/prose-classes.ts';

/** Self-hosted Open Sans files: npm source name -> served name. Semibold text uses the 700 face (one font file less on every first load). */
export const FONT_FILES = [
  { source: 'open-sans-latin-400-normal.woff2', file: 'open-sans-400.woff2' },
  { source: 'open-sans-latin-700-normal.woff2', file: 'open-sans-700.woff2' },
];
/** Where the fonts are served. */
export const FONT_URLS = FONT_FILES.map((f) => `/assets/fonts/${f.file}`);

/**
 * The longest wait (ms) from index.html's request to its head being parsed
 * for which the first paint waits for the fonts. Chromium holds the first
 * frame for a font preloaded before <body> exists, but at most 100 ms after
 * <body> is parsed. That wait holds at least one round trip; when it is
 * longer than the hold, a font requested now cannot arrive in time, the page
 * is painted in the fallback face anyway and the hold only delays it.
 */
export const FONT_HOLD_MAX_WAIT_MS = 100;

/**
 * Decides whether the first paint waits for the fonts. On a fast connection
 * (index.html requested at most FONT_HOLD_MAX_WAIT_MS before this script
 * runs, or no timing to go by) it adds the preloads to the head, where
 * Chromium holds the first frame until they arrive, so the text is never
 * drawn in the fallback face and swapped. On a slow one it adds nothing: the
 * same preloads at the start of <body> fetch the fonts without the hold, the
 * page paints at once in the metric-matched fallback, and the faces swap in
 * when they arrive. (The request's start, not its first byte: DevTools'
 * network emulation delays the end of a response, not its headers.)
 */
export const FONT_SCRIPT =
  "(function(){try{var n=performance.getEntriesByType('navigation')[0],s=n&&(n.requestStart||n.fetchStart);if(s>=0&&performance.now()-s>" +
  FONT_HOLD_MAX_WAIT_MS +
  ")return;" +
  JSON.stringify(FONT_URLS).replace(/"/g, "'") +
  ".forEach(function(h){var k=document.createElement('link');k.rel='preload';k.as='font';k.type='font/woff2';k.crossOrigin='anonymous';k.href=h;document.head.appendChild(k)})}catch(e){}})();";

/** Applies the remembered or system colour scheme before the first paint (no flash of the wrong theme). */
export const THEME_SCRIPT =
  "try{var t=localStorage.getItem('theme');if(t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))document.documentElement.classList.add('dark')}catch(e){}";

/**
 * Inline code shared by index.html's boot script and 404.html's redirect:
 * from the decoded path `p`, the key `u` of its chunk (`/data/pages<u>.json`),
 * or null for an address that is not a canonical page path. The app's
 * version of the same rule is chunkUrl in src/shared/paths.ts.
 */
const CHUNK_KEY = "u=/\\/$/.test(p)?p+'index':/\\.html$/.test(p)&&!/\\/index\\.html$/.test(p)?p:null";

/**
 * The default layout's lead (manifest/lead.ts) under the title: built with
 * createElement from the chunk's element tree, every tag and attribute
 * checked against the few the build emits (any other, or an href with a
 * script scheme, drops the whole lead). The app's own render of the page
 * replaces it; the classes are those of the app's Markdown container.
 */
const LEAD_SCRIPT =
  "var L=d.lead;if(!o&&Array.isArray(L)&&L.length){var T={p:1,ul:1,ol:1,li:1,a:1,code:1,strong:1,em:1,del:1,br:1,span:1},A={href:1,target:1,rel:1,download:1,start:1,class:1}," +
  "B=function(n){if(typeof n==='string')return document.createTextNode(n);if(!Array.isArray(n)||!T[n[0]])throw 0;var e=document.createElement(n[0]),k=n[1]||{},x,j;" +
  "for(x in k){var v=k[x];if(!A[x]||typeof v!=='string'||(x==='class'&&v!=='sr-only')||(x==='href'&&/^[a-z][a-z0-9+.-]*:/i.test(v)&&!/^(https?|mailto):/i.test(v)))throw 0;e.setAttribute(x,v)}" +
  "for(j=2;j<n.length;j++)e.appendChild(B(n[j]));return e};" +
  "try{var P=document.createElement('div');P.className=" +
  JSON.stringify(PROSE_CLASSES).replace(/"/g, "'") +
  ";for(var j=0;j<L.length;j++)P.appendChild(B(L[j]));a.appendChild(P)}catch(e){}}";

/**
 * Paints the page's title into the static shell before the app bundle has
 * arrived: computes the chunk URL from the address (or from the 404
 * redirect's parameter), fetches it, and writes the title as the h1 with
 * textContent, in the same place the app will render it. The app reuses
 * the fetch (window.__boot) and validates the data; this script trusts
 * nothing but a string. After a 404 redirect it takes the chunk from the
 * browser's cache, where 404.html's request has just put it, as long as it
 * is of index.html's build; otherwise (another build, nothing cached, an
 * error other than a 404) it asks the network, past the cache.
 */
export const BOOT_SCRIPT =
  "(function(){try{var l=location,p=l.pathname,q=new URLSearchParams(l.hash.slice(1)).get('" +
  REDIRECT_PARAM +
  "')||new URLSearchParams(l.search).get('" +
  REDIRECT_PARAM +
  "');if(q&&q.charAt(0)==='/'&&q.charAt(1)!=='/')p=q.split(/[?#]/)[0];p=decodeURI(p);var " +
  CHUNK_KEY +
  ";if(!u)return;" +
  "var b=document.querySelector('meta[name=build-id]');b=b&&b.content;var g=function(m){return fetch('/data/pages'+u+'.json',{credentials:'same-origin',cache:m}).then(function(r){if(!r.ok)throw{status:r.status};return r.json()})};" +
  "var c=q?g('force-cache').then(function(d){if(!d||d.buildId!==b)throw 0;return d}).catch(function(e){if(e&&e.status===404)throw e;return g('no-cache')}):g('default');window.__boot={path:p,chunk:c};" +
  "c.then(function(d){var m=document.querySelector('#root>[data-static-shell] .shell-main');var f=d&&d.record&&d.record.frontmatter,o=f&&/-overview$/.test(f.layout||'');if(!f||!m||typeof d.record.title!=='string')return;if(f.home){var w=document.createElement('div');w.className='home mx-auto max-w-5xl px-5 py-10';var s=document.createElement('section');s.className='hero text-center';if(typeof f.heroImage==='string'){var i=document.createElement('img');i.className='hero-image mx-auto';i.src=f.heroImage;i.alt=typeof f.heroAlt==='string'?f.heroAlt:'';i.width=480;i.height=320;s.appendChild(i)}var t=document.createElement('h1');t.id='hero-title';t.className='page-title mt-6 text-4xl font-bold';t.textContent=typeof f.heroText==='string'?f.heroText:d.record.title;s.appendChild(t);w.appendChild(s);m.appendChild(w);return}if(f.layout&&f.layout!=='default'&&!o)return;" +
  "document.querySelector('#root>[data-static-shell]').classList.add('has-sidebar');var a=document.createElement('article');a.setAttribute('aria-busy','true');a.className=o?'page overview overview-'+f.layout+' mx-auto max-w-4xl px-5 py-8 lg:px-8':'page mx-auto max-w-3xl px-5 py-8 lg:px-8';var h=document.createElement('h1');h.className='page-title';h.textContent=d.record.title;a.appendChild(h);" +
  LEAD_SCRIPT +
  "m.appendChild(a)}).catch(function(){})}catch(e){}})();";

/**
 * 404.html's job: send a deep link to index.html with the original path,
 * query and hash in one fragment parameter, which the app restores before its
 * router starts. Before it leaves, it asks for the page's chunk, the one file
 * the first paint waits on, so the redirect's round trip and the chunk's
 * overlap: the answer lands in the browser's cache for index.html's boot
 * script. The request is a keep-alive fetch, which outlives the document that
 * sent it: a <link rel=prefetch> still in flight when index.html arrives is
 * cancelled (Chromium), and the boot script then has to ask again, a whole
 * round trip later. The larger files (the bundle, the fonts) are not asked
 * for here: they would slow index.html down on a narrow link.
 */
export function redirectScript(base: string): string {
  return (
    "(function(){var l=window.location;try{var p=decodeURI(l.pathname)," +
    CHUNK_KEY +
    ";" +
    "if(u)fetch('/data/pages'+u+'.json',{credentials:'same-origin',keepalive:true}).catch(function(){})}catch(e){}" +
    `l.replace(${JSON.stringify(base)}+'#${REDIRECT_PARAM}='+encodeURIComponent(l.pathname+l.search+l.hash))})();`
  );
}

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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

interface HtmlInput {
  site: SiteConfig;
  buildId: string;
  entry: string;
  preload: string[];
  /** The stylesheet's text, inlined into index.html. */
  css: string;
}

/**
 * The tags index.html carries for programs that read it without running the
 * app (link previews, simple crawlers): the site's description, Open Graph
 * and Twitter card defaults with the site's image, and the feed links. No
 * canonical link or og:url: index.html answers for every page, and the app
 * sets both per page.
 */
export function defaultHeadTags(site: SiteConfig): string {
  const tags = headTags(site, { title: site.title, description: site.description, type: 'website' })
    .filter((t) => t.value !== undefined)
    .map((t) => `<${t.tag} ${Object.entries(t.attrs).map(([k, v]) => `${k}="${esc(v)}"`).join(' ')} ${t.tag === 'link' ? 'href' : 'content'}="${esc(t.value!)}">`);
  if (site.origin && site.feed) {
    tags.push(
      `<link rel="alternate" type="application/atom+xml" title="${esc(site.feed.title)} (Atom)" href="${ATOM_PATH}">`,
      `<link rel="alternate" type="application/rss+xml" title="${esc(site.feed.title)} (RSS)" href="${RSS_PATH}">`,
    );
  }
  return tags.join('\n    ');
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

/** Renders index.html, 404.html and a _headers file for hosts that read one. */
export function renderHtml(i: HtmlInput): { index: string; notFound: string; headers: string } {
  // The template's comments are for its authors: every first load would carry them.
  const template = readFileSync('public/index.html', 'utf8').replace(/[ \t]*<!--[\s\S]*?-->\n?/g, '');
  const headTags = i.site.head
    .map((t) => `<${t.tag} ${Object.entries(t.attrs).map(([k, v]) => `${k}="${esc(v)}"`).join(' ')}>`)
    .join('\n    ');
  if (/<\/style/i.test(i.css)) throw new Error('The stylesheet contains "</style", which would end its inline <style> element.');
  const csp = cspFor(i.site, [THEME_SCRIPT, FONT_SCRIPT, BOOT_SCRIPT], [i.css]);
  const preloads = [
    `<link rel="preload" href="${i.site.base}data/site.json" as="fetch" crossorigin="anonymous">`,
    ...i.preload.map((p) => `<link rel="modulepreload" href="${p}">`),
  ].join('\n    ');
  const index = template
    .replaceAll('%TITLE%', esc(i.site.title))
    .replace('%PAGE_TAGS%', defaultHeadTags(i.site))
    .replace('%CSP%', esc(csp))
    .replace('%HEAD_TAGS%', headTags)
    .replace('%THEME_SCRIPT%', THEME_SCRIPT)
    .replace('%FONT_SCRIPT%', FONT_SCRIPT)
    .replace('%FONT_PRELOADS%', FONT_URLS.map((u) => `<link rel="preload" href="${u}" as="font" type="font/woff2" crossorigin="anonymous">`).join(''))
    .replace('%BOOT_SCRIPT%', BOOT_SCRIPT)
    .replace('%PRELOADS%', preloads)
    .replace('%CSS%', () => `<style>${i.css}</style>`)
    .replace('%ENTRY%', i.entry)
    .replace('%BUILD_ID%', i.buildId);
  const redirect = redirectScript(i.site.base);
  const notFound = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="${esc(`default-src 'self'; script-src ${sha(redirect)}; object-src 'none'; base-uri 'none'`)}">
    <title>${esc(i.site.title)}</title>
    <meta name="robots" content="noindex">
    <script>${redirect}</script>
  </head>
  <body>
    <p>Redirecting to <a href="${i.site.base}">${esc(i.site.title)}</a>…</p>
  </body>
</html>
`;
  const headers = `/*\n  Content-Security-Policy: ${csp}; frame-ancestors 'none'\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n${publishedTypes(i.site)}`;
  return { index, notFound, headers };
}
