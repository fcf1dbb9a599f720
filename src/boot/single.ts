/**
 * The inline boot script of index.html in the `single` output, where one
 * document answers for every page. Before the app bundle has arrived it
 * works out the page's chunk from the address (or from the 404 redirect's
 * parameter), asks for it, and paints the page's title, and the default
 * layout's lead, into the static shell, in the same place and with the same
 * classes the app will use. The app reuses the request (window.__boot) and
 * validates the data; this script trusts nothing but strings and the few
 * tags and attributes the build's leads hold.
 *
 * After a 404 redirect it takes the chunk from the browser's cache, where
 * 404.html's request has just put it, as long as it is of this document's
 * build; otherwise (another build, nothing cached, an error other than a
 * 404) it asks the network, past the cache.
 */
import { applyTheme, settleFonts } from './head.ts';
import { chunkUrl, looksCanonical } from '../shared/paths.ts';
import { REDIRECT_PARAM } from '../shared/spa-redirect.ts';
import { PROSE_CLASSES } from '../shared/prose-classes.ts';

type Lead = string | [string, Record<string, unknown> | null, ...Lead[]];
interface BootChunk {
  buildId?: unknown;
  lead?: unknown;
  record?: { title?: unknown; frontmatter?: Record<string, unknown> };
}

const LEAD_TAGS = new Set(['p', 'ul', 'ol', 'li', 'a', 'code', 'strong', 'em', 'del', 'br', 'span']);
const LEAD_ATTRS = new Set(['href', 'target', 'rel', 'download', 'start', 'class']);

/** One lead node as DOM; throws on any tag, attribute or address the build does not emit. */
function leadNode(n: Lead): Node {
  if (typeof n === 'string') return document.createTextNode(n);
  if (!Array.isArray(n) || !LEAD_TAGS.has(n[0])) throw new Error('lead');
  const e = document.createElement(n[0]);
  for (const [k, v] of Object.entries(n[1] ?? {})) {
    const bad = !LEAD_ATTRS.has(k) || typeof v !== 'string' || (k === 'class' && v !== 'sr-only') || (k === 'href' && /^[a-z][a-z0-9+.-]*:/i.test(v) && !/^(https?|mailto):/i.test(v));
    if (bad) throw new Error('lead');
    e.setAttribute(k, v);
  }
  for (let j = 2; j < n.length; j++) e.appendChild(leadNode(n[j] as Lead));
  return e;
}

/** The home layout's hero, as HomeLayout renders it. */
function paintHome(main: Element, fm: Record<string, unknown>, title: string): void {
  const w = document.createElement('div');
  w.className = 'home mx-auto max-w-5xl px-5 py-10';
  const s = document.createElement('section');
  s.className = 'hero text-center';
  if (typeof fm.heroImage === 'string') {
    const i = document.createElement('img');
    i.className = 'hero-image mx-auto';
    i.src = fm.heroImage;
    i.alt = typeof fm.heroAlt === 'string' ? fm.heroAlt : '';
    i.width = 480;
    i.height = 320;
    s.appendChild(i);
  }
  const t = document.createElement('h1');
  t.id = 'hero-title';
  t.className = 'page-title mt-6 text-4xl font-bold';
  t.textContent = typeof fm.heroText === 'string' ? fm.heroText : title;
  s.appendChild(t);
  w.appendChild(s);
  main.appendChild(w);
}

/** The default or overview layout's title and lead. */
function paintArticle(main: Element, shell: Element, d: BootChunk, layout: string, title: string): void {
  const overview = /-overview$/.test(layout);
  shell.classList.add('has-sidebar');
  const a = document.createElement('article');
  a.setAttribute('aria-busy', 'true');
  a.className = overview ? `page overview overview-${layout} mx-auto max-w-4xl px-5 py-8 lg:px-8` : 'page mx-auto max-w-3xl px-5 py-8 lg:px-8';
  const h = document.createElement('h1');
  h.className = 'page-title';
  h.textContent = title;
  a.appendChild(h);
  if (!overview && Array.isArray(d.lead) && d.lead.length) {
    try {
      const p = document.createElement('div');
      p.className = PROSE_CLASSES;
      for (const n of d.lead as Lead[]) p.appendChild(leadNode(n));
      a.appendChild(p);
    } catch {
      // A lead this script does not trust is left out; the app renders the page.
    }
  }
  main.appendChild(a);
}

/** An answer other than 2xx, by its status (a 404 means no such page: not asked for again). */
class HttpStatus extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

function boot(): void {
  const l = location;
  let p = l.pathname;
  const q = new URLSearchParams(l.hash.slice(1)).get(REDIRECT_PARAM) ?? new URLSearchParams(l.search).get(REDIRECT_PARAM);
  if (q && q.charAt(0) === '/' && q.charAt(1) !== '/') p = q.split(/[?#]/)[0]!;
  p = decodeURI(p);
  if (!looksCanonical(p)) return;
  const url = chunkUrl(p);
  const build = document.querySelector<HTMLMetaElement>('meta[name=build-id]')?.content;
  const get = (cache: RequestCache) =>
    fetch(url, { credentials: 'same-origin', cache }).then((r) => {
      if (!r.ok) throw new HttpStatus(r.status);
      return r.json() as Promise<BootChunk>;
    });
  const chunk = q
    ? get('force-cache')
        .then((d) => {
          if (!d || d.buildId !== build) throw new Error('another build');
          return d;
        })
        .catch((e: { status?: number }) => {
          if (e && e.status === 404) throw e;
          return get('no-cache');
        })
    : get('default');
  (window as { __boot?: unknown }).__boot = { path: p, chunk };
  chunk
    .then((d) => {
      const shell = document.querySelector('#root>[data-static-shell]');
      const main = shell?.querySelector('.shell-main');
      const fm = d?.record?.frontmatter;
      const title = d?.record?.title;
      if (!shell || !main || !fm || typeof title !== 'string') return;
      if (fm.home) return paintHome(main, fm, title);
      const layout = typeof fm.layout === 'string' ? fm.layout : 'default';
      if (layout !== 'default' && !/-overview$/.test(layout)) return;
      paintArticle(main, shell, d, layout, title);
    })
    .catch(() => {});
}

applyTheme();
try {
  boot();
} catch {
  // The app starts without the head start.
}
settleFonts();
