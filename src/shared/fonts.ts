/**
 * Self-hosted Open Sans files as served, with their weights. Semibold text
 * uses the 700 face (one font file less on every first load). The boot script
 * of every document holds this list: the npm files they are copied from are
 * the build's business (FONT_SOURCES in scripts/html.ts).
 */
export const FONT_FILES = [
  { file: 'open-sans-400.woff2', weight: 400 },
  { file: 'open-sans-700.woff2', weight: 700 },
] as const;

/** The web font's family name, as src/styles/app.css declares it. */
export const FONT_FAMILY = 'Open Sans';

/**
 * The class on <html> of a document whose first paint came before the web
 * font: the stylesheet then names only the fallback faces, for as long as
 * the document is open (src/styles/app.css).
 */
export const FALLBACK_FONT_CLASS = 'font-fallback';

/** Where the fonts are served. */
export const FONT_URLS = FONT_FILES.map((f) => `/assets/fonts/${f.file}`);

/**
 * The longest wait (ms) from the document's request to its first byte for
 * which the first paint waits for the fonts. Chromium holds the first frame
 * for a font preloaded before <body> exists, but at most 100 ms after <body>
 * is parsed. That wait holds at least one round trip; when it is longer than
 * the hold, a font requested now cannot arrive in time, the page is painted in
 * the fallback face anyway and the hold only delays it.
 */
export const FONT_HOLD_MAX_WAIT_MS = 100;

/**
 * The longest round trip (ms, the browser's estimate in navigator.connection)
 * on which a first visit's paint waits for the fonts: fetching them takes at
 * least one, and Chromium holds the first frame at most about 100 ms.
 */
export const FONT_HOLD_MAX_RTT_MS = 75;

/** Storage key and value noting that this site's faces loaded once (they are in the cache). Named after the files, so new files mean a new note. */
export const FONTS_CACHED_KEY = 'fonts-cached';
export const FONTS_CACHED_VALUE = FONT_FILES.map((f) => f.file).join(' ');
