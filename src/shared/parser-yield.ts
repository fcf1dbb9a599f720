/**
 * A page document's parser yield point: an empty inline script after the
 * article's first block, `<script id="first-screen"></script>`. Chromium's
 * HTML parser may stop at a script's end and let a frame be drawn before it
 * goes on, so on a slow device the header, the h1 and the opening text are
 * painted before the rest of a long page is parsed and laid out, as a plain
 * HTML page streams. An empty script runs nothing (and needs no
 * Content-Security-Policy hash); the app removes it when it adopts the
 * article, so the article's DOM is the one it renders.
 *
 * It is also the earliest point of the first frame: the document's head holds
 * `<link rel="expect" href="#first-screen" blocking="render">` (for the main
 * element when there is no yield point), and Chromium draws no frame before
 * that element is parsed. Without it, a frame drawn where the parser happened
 * to stop (a slow or busy device, a connection that delivers the document in
 * pieces) showed the header with only some of its tools, and the next frame
 * moved its links: a layout shift.
 */
export const FIRST_SCREEN_ID = 'first-screen';

/** Removes the yield points under `root` (a parsed article body). */
export function removeParserYields(root: ParentNode): void {
  for (const el of root.querySelectorAll(`script#${FIRST_SCREEN_ID}`)) el.remove();
}
