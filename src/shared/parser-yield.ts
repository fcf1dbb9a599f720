/**
 * A page document's parser yield point: an empty inline script after the
 * article's first block. Chromium's HTML parser may stop at a script's end
 * and let a frame be drawn before it goes on, so on a slow device the header,
 * the h1 and the opening text are painted before the rest of a long page is
 * parsed and laid out, as a plain HTML page streams. An empty script runs
 * nothing (and needs no Content-Security-Policy hash); the app removes it
 * when it adopts the article, so the article's DOM is the one it renders.
 */
export const PARSER_YIELD_ATTR = 'data-parser-yield';

/**
 * The id of a page document's yield point. The document's head holds
 * `<link rel="expect" href="#…" blocking="render">` for it (for the main
 * element when there is none): Chromium draws no frame before the element is
 * parsed. Without it, a frame drawn where the parser happened to stop (a slow
 * or busy device, a connection that delivers the document in pieces) showed
 * the header with only some of its tools, and the next frame moved its links:
 * a layout shift. The first frame holds the whole header and first screen.
 */
export const FIRST_SCREEN_ID = 'first-screen';

/** Removes the yield points under `root` (a parsed article body). */
export function removeParserYields(root: ParentNode): void {
  for (const el of root.querySelectorAll(`script[${PARSER_YIELD_ATTR}]`)) el.remove();
}
