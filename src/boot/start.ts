/**
 * The page documents' start script, loaded with `defer` by every page
 * document (output `pages`) after its inline boot script (page.ts): the whole
 * stylesheet and the app once the first frame is drawn, and on the not-found
 * document the address written into its text, as the app's not-found layout
 * does, so nothing changes when the app takes over.
 */
import { afterFirstFrame } from './head.ts';

declare const __APP_CSS__: string;
declare const __APP_ENTRY__: string;
declare const __APP_PRELOADS__: string[];
declare const __SITE_DATA__: string;

/**
 * The whole stylesheet, once the document is parsed and its first frame drawn:
 * the document inlines the rules its layout's pages use, so the page is styled
 * without it, and the app's own parts (the search popup, menus) need it only
 * once the app runs. Requested earlier, it arrived while the parser was still
 * inserting the article and restyled the whole document before the article's
 * last frame; on a repeat visit, whose whole document can be parsed before any
 * frame, it came from the cache within milliseconds of being requested and was
 * applied before that first frame, which then styled the whole document with
 * it. Loaded for print first, it holds no paint; it applies to the screen once
 * loaded.
 */
function loadStylesheet(): void {
  // The document links the stylesheet itself (a large site: no inline copy of the rules).
  if (!__APP_CSS__) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = __APP_CSS__;
  link.media = 'print';
  link.onload = () => {
    link.media = 'all';
  };
  document.head.appendChild(link);
}

/**
 * Starts the app once the first frame is drawn: its module, the modules it
 * imports at once and the site data, requested together. The page's text is
 * in the document and needs no script, so nothing the app loads or runs
 * competes with the first paint (on a slow device, evaluating the app before
 * the first frame delayed it). A hidden tab draws no frame: there it starts at once.
 */
function startApp(): void {
  // The first frame may come before the parser is done (the yield point after the article's first
  // block): the app starts on the whole document.
  afterFirstFrame(() =>
    whenParsed(() => {
      const add = (tag: 'link' | 'script', attrs: Record<string, string>) => {
        const el = document.createElement(tag);
        for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
        document.head.appendChild(el);
      };
      add('link', { rel: 'preload', href: __SITE_DATA__, as: 'fetch', crossorigin: 'anonymous' });
      for (const href of __APP_PRELOADS__) add('link', { rel: 'modulepreload', href });
      add('script', { type: 'module', src: __APP_ENTRY__ });
    }),
  );
}

/** Runs `fn` once the document is parsed. */
function whenParsed(fn: () => void): void {
  if (document.readyState !== 'loading') fn();
  else document.addEventListener('DOMContentLoaded', fn, { once: true });
}

afterFirstFrame(() => whenParsed(loadStylesheet));
startApp();
if (document.documentElement.dataset.notFound !== undefined) {
  whenParsed(() => {
    const slot = document.querySelector('[data-not-found-path]');
    if (slot) slot.textContent = location.pathname;
  });
}
