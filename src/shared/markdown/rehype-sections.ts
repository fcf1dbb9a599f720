/**
 * A rehype plugin that puts each h2 of a page body, with the blocks that
 * follow it up to the next h2, in a `<section class="page-section">`; what
 * comes before the first h2 (the lead) stays as it is. Both renderers use it
 * (the build's static HTML and the app's Markdown component), so an
 * article's DOM is the same whichever wrote it.
 *
 * The sections let the stylesheet leave the layout and painting of a long
 * page's later parts until they come near the window (content-visibility,
 * under LAZY_SECTIONS_ATTR), so the first screen of a page document is drawn
 * without waiting for the rest of the article to be laid out.
 */
import type { Element, Root, RootContent } from 'hast';

/** Class of a section made here. */
export const PAGE_SECTION_CLASS = 'page-section';

/**
 * On a body's container: its sections are laid out as they come near the
 * window (content-visibility). A page document's article and the app's
 * adoption of it have it until the browser is idle after the takeover (then
 * every section is laid out: src/lib/settle-sections.ts); a body the app
 * renders itself does not (its render
 * is already sliced, and a return to it by Back restores a scroll position
 * that needs every section's real height).
 */
export const LAZY_SECTIONS_ATTR = 'data-lazy-sections';

/** True for the opening tag's element of a section: an h2. */
const opensSection = (n: RootContent): n is Element => n.type === 'element' && n.tagName === 'h2';

/** Groups the top-level nodes of `tree` into sections (see above); nested content is left as it is. */
export function sectionize(tree: Root): void {
  const out: RootContent[] = [];
  let section: Element | null = null;
  for (const node of tree.children) {
    if (opensSection(node)) {
      section = { type: 'element', tagName: 'section', properties: { className: [PAGE_SECTION_CLASS] }, children: [] };
      out.push(section);
    }
    if (section) section.children.push(node as Element['children'][number]);
    else out.push(node);
  }
  tree.children = out;
}

/** The plugin: `unified().use(rehypeSections)`. */
export default function rehypeSections() {
  return sectionize;
}
