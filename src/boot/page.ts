/**
 * The inline boot script of a page document (output `pages`): the page's
 * text is in the document already, so all it does is choose the colour
 * scheme and the font hold before the first paint. On the not-found
 * document it also writes the address into the text, as the app's
 * not-found layout does, so nothing changes when the app takes over.
 */
import { applyTheme, holdFonts } from './head.ts';

applyTheme();
holdFonts();
if (document.documentElement.dataset.notFound !== undefined) {
  document.addEventListener('DOMContentLoaded', () => {
    const slot = document.querySelector('[data-not-found-path]');
    if (slot) slot.textContent = location.pathname;
  });
}
