/**
 * The inline boot script of a page document (output `pages`): the page's
 * text is in the document already, so all it does is choose the colour
 * scheme and the font hold before the first paint. On the not-found
 * document it also writes the address into the text, as the app's
 * not-found layout does, so nothing changes when the app takes over.
 */
import { applyTheme, holdFonts, keepFirstPaintFace } from './head.ts';

declare const __APP_CSS__: string;

/**
 * The whole stylesheet: the document inlines only the rules its layout's
 * first screen needs. Loaded for print first, it does not hold the first paint;
 * opened at an #anchor, the page is shown from the middle, which the
 * inline rules do not cover, so there it holds the paint (blocking=render)
 * and nothing moves when it arrives.
 */
function loadStylesheet(): void {
  // The document links the stylesheet itself (a large site: no inline copy of the rules).
  if (!__APP_CSS__) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = __APP_CSS__;
  if (location.hash.length > 1) link.setAttribute('blocking', 'render');
  else {
    // A stylesheet for another medium does not hold the paint (Chromium holds it for any other
    // stylesheet of the head, even one a script adds); it applies to the screen once loaded.
    link.media = 'print';
    link.onload = () => {
      link.media = 'all';
    };
  }
  document.head.appendChild(link);
}

applyTheme();
loadStylesheet();
// The first paint waits for the fonts only on a fast connection, where they can come in time; on a
// slow one the page is painted at once in the fallback face, which then stays (keepFirstPaintFace).
holdFonts();
keepFirstPaintFace();
if (document.documentElement.dataset.notFound !== undefined) {
  document.addEventListener('DOMContentLoaded', () => {
    const slot = document.querySelector('[data-not-found-path]');
    if (slot) slot.textContent = location.pathname;
  });
}
