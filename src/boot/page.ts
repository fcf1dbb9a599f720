/**
 * The inline boot script of a page document (output `pages`): the page's
 * text is in the document already, so all it does before the first paint is
 * choose the colour scheme and the font hold. The rest (the whole stylesheet,
 * the app's start, the not-found document's address) is in a script file the
 * document loads with `defer` (start.ts): the same in every document, it is
 * one cached file rather than a copy in each of a large site's documents.
 */
import { applyTheme, settleFonts } from './head.ts';

applyTheme();
// The first paint waits for the fonts only when they can come in time (cached, or a fast connection); on
// a first visit over a slow one the page is painted at once in the fallback face, which then stays.
settleFonts();
