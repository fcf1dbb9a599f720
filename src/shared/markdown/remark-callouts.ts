/**
 * Callouts: a blockquote that starts with `[!TIP]`, `[!WARNING]`, `[!DANGER]`
 * or `[!DETAILS]` (an optional title may follow on the same line) becomes a
 * titled callout box, or a <details> element. The compiler rewrites
 * `::: tip Title` blocks into this form, so the client needs no parser
 * extension. Used by the app and by the compiler (so slugs agree).
 */

/** Kinds of callout and their default titles. */
export const CALLOUT_TITLES = {
  tip: 'Tip',
  warning: 'Warning',
  danger: 'Danger',
  details: 'Details',
} as const;
export type CalloutKind = keyof typeof CALLOUT_TITLES;

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
}

const MARKER = /^\[!(TIP|WARNING|DANGER|DETAILS)\][ \t]*([^\n]*)\n?/i;

function convert(node: MdNode): void {
  const first = node.children?.[0];
  const text = first?.type === 'paragraph' ? first.children?.[0] : undefined;
  if (!first || !text || text.type !== 'text' || typeof text.value !== 'string') return;
  const m = MARKER.exec(text.value);
  if (!m) return;
  const kind = m[1]!.toLowerCase() as CalloutKind;
  const title = m[2]!.trim() || CALLOUT_TITLES[kind];
  text.value = text.value.slice(m[0].length);
  if (text.value === '') first.children!.shift();
  if (first.children!.length === 0) node.children!.shift();
  const isDetails = kind === 'details';
  node.data = {
    hName: isDetails ? 'details' : 'aside',
    hProperties: { className: ['callout', `callout-${kind}`] },
  };
  const heading: MdNode = {
    type: 'paragraph',
    data: { hName: isDetails ? 'summary' : 'p', hProperties: { className: ['callout-title'] } },
    children: [{ type: 'text', value: title }],
  };
  node.children!.unshift(heading);
}

function walk(node: MdNode): void {
  for (const child of node.children ?? []) {
    if (child.type === 'blockquote') convert(child);
    walk(child);
  }
}

/** The remark plugin. */
export default function remarkCallouts() {
  return (tree: MdNode) => walk(tree);
}
