/**
 * A page's lead: its opening paragraphs and lists as a small element tree,
 * which index.html's boot script paints under the title before the app's
 * code has arrived. The first screen of text then shows one round trip after
 * index.html, instead of after the app and its Markdown pipeline have loaded
 * and run; the app's own render of the same blocks, later, lays out the same.
 *
 * Only plain blocks go in (paragraphs and lists of text, links, emphasis and
 * inline code), in the form the app renders them; the lead stops at the
 * first block of another kind (a heading, a code block, an image, a table,
 * a callout, raw HTML) and once it holds LEAD_TEXT characters of text. The
 * tree is data, not HTML: the boot script builds it with createElement and
 * checks every tag and attribute again.
 */
import type { LeadNode } from '../src/shared/schemas/lead.ts';
import { EXTERNAL_LINK, FILE_LINK, NEW_TAB_NOTE } from '../src/shared/link-kinds.ts';

/** Text enough for the first screen of a phone and of a desktop window. */
export const LEAD_TEXT = 1200;

type Hast = { type: string; tagName?: string; value?: string; properties?: Record<string, unknown>; children?: Hast[]; position?: { end: { offset?: number } } };

const BLOCKS = new Set(['p', 'ul', 'ol']);
const INLINE = new Set(['a', 'code', 'strong', 'em', 'del', 'br']);

/** True for an href the app renders as a plain link (no script, no data URL). */
const safeHref = (h: string) => !/^[a-z][a-z0-9+.-]*:/i.test(h) || /^(https?|mailto):/i.test(h);

function convert(n: Hast, inList: boolean): LeadNode | null {
  if (n.type === 'text') return n.value ?? '';
  if (n.type !== 'element') return null;
  const tag = n.tagName ?? '';
  const props = n.properties ?? {};
  if (tag === 'li' ? !inList : !INLINE.has(tag) && !BLOCKS.has(tag)) return null;
  // Task lists (checkboxes) and classes are the app's business: not in a lead.
  if (props.className !== undefined) return null;
  const attrs: Record<string, string> = {};
  const extra: LeadNode[] = [];
  if (tag === 'a') {
    const href = typeof props.href === 'string' ? props.href : '';
    if (!safeHref(href) || props.title !== undefined) return null;
    attrs.href = href;
    if (!href.startsWith('#') && EXTERNAL_LINK.test(href)) {
      attrs.target = '_blank';
      attrs.rel = 'noopener noreferrer';
      extra.push(['span', { class: 'sr-only' }, NEW_TAB_NOTE]);
    } else if (!href.startsWith('#') && FILE_LINK.test(href.replace(/[?#].*$/, ''))) attrs.download = '';
  } else if (tag === 'ol' && typeof props.start === 'number') attrs.start = String(props.start);
  const kids: LeadNode[] = [];
  for (const c of n.children ?? []) {
    const k = convert(c, tag === 'ul' || tag === 'ol');
    if (k === null) return null;
    kids.push(k);
  }
  return [tag, Object.keys(attrs).length ? attrs : null, ...kids, ...extra];
}

const textOf = (n: LeadNode): number => (typeof n === 'string' ? n.trim().length : n.slice(2).reduce<number>((s, c) => s + textOf(c as LeadNode), 0));

/**
 * The lead of a page from its HTML tree (heading ids applied, raw HTML not
 * rendered). `stopAt`: source offset of the first raw HTML, which the lead
 * must not reach (the app renders that through its raw-HTML pipeline).
 */
export function leadOf(root: Hast, stopAt = Infinity): LeadNode[] {
  const out: LeadNode[] = [];
  let text = 0;
  for (const n of root.children ?? []) {
    if (n.type === 'text' && !(n.value ?? '').trim()) continue;
    if (n.type !== 'element' || !BLOCKS.has(n.tagName ?? '')) break;
    if ((n.position?.end.offset ?? Infinity) > stopAt) break;
    const block = convert(n, false);
    if (block === null) break;
    out.push(block);
    text += textOf(block);
    if (text >= LEAD_TEXT) break;
  }
  return out;
}

/** Longest description taken from a lead paragraph (search snippets show about this much). */
export const DESCRIPTION_CHARS = 160;

/** A description from the lead's first paragraph: its text, cut at a word within DESCRIPTION_CHARS. */
export function leadDescription(lead: ReadonlyArray<LeadNode>): string | undefined {
  const textOf = (n: LeadNode): string =>
    typeof n === 'string'
      ? n
      : n[0] === 'span'
        ? ''
        : n
            .slice(2)
            .map((c) => textOf(c as LeadNode))
            .join('');
  const first = lead.find((n) => typeof n !== 'string' && n[0] === 'p');
  const text = first ? textOf(first).replace(/\s+/g, ' ').trim() : '';
  if (!text) return undefined;
  if (text.length <= DESCRIPTION_CHARS) return text;
  const cut = text.slice(0, DESCRIPTION_CHARS - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_CHARS / 2)).replace(/[\s,;:.]+$/, '')}…`;
}
