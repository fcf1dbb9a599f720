/**
 * The inline boot script of a page document (output `pages`): the page's
 * text is in the document already, so all it does before the first paint is
 * choose the colour scheme and the font hold, and hold the sidebar back
 * until the article is drawn. The rest (the whole stylesheet, the app's
 * start, the not-found document's address) is in a script file the document
 * loads with `defer` (start.ts): the same in every document, it is one cached
 * file rather than a copy in each of a large site's documents.
 */
import { afterParsedFrame, applyTheme, settleFonts } from './head.ts';
import { SIDEBAR_LATER_CLASS } from '../shared/sidebar.ts';

/**
 * The sidebar comes after the article in the document, and the parser
 * usually inserts the rest of the article and the whole sidebar in one task:
 * the frame that showed the article's last part also styled and laid out the
 * sidebar's visible links. Its links are laid out in the next frame instead:
 * the class comes off once the document is parsed and drawn. In a hidden tab
 * that is at once.
 */
function holdSidebar(): void {
  const root = document.documentElement;
  root.classList.add(SIDEBAR_LATER_CLASS);
  afterParsedFrame(() => root.classList.remove(SIDEBAR_LATER_CLASS));
}

applyTheme();
// The first paint waits for the fonts only when they can come in time (cached, or a fast connection); on
// a first visit over a slow one the page is painted at once in the fallback face, which then stays.
settleFonts();
holdSidebar();
