/**
 * A page's lead (the opening blocks, see manifest/lead.ts) rendered by the
 * app while the full body is parsed: the same elements index.html's boot
 * script painted, so the text on screen stays where it is from the first
 * paint to the full page.
 */
import { createElement, type ReactNode } from 'react';
import type { LeadNode } from '../shared/schemas/lead.ts';
import { PROSE_CLASSES } from '../shared/prose-classes.ts';
import { MarkdownLink } from '../markdown/MarkdownLink.tsx';

const TAGS = new Set(['p', 'ul', 'ol', 'li', 'code', 'strong', 'em', 'del', 'br']);

function render(n: LeadNode, key: number): ReactNode {
  if (typeof n === 'string') return n;
  const [tag, attrs, ...children] = n;
  if (tag === 'a') {
    // MarkdownLink adds the new-tab note and the download attribute itself, as it does in the body.
    const kids = children.filter((c) => !(Array.isArray(c) && c[0] === 'span'));
    return (
      <MarkdownLink key={key} href={attrs?.href ?? ''}>
        {kids.map(render)}
      </MarkdownLink>
    );
  }
  if (!TAGS.has(tag)) return null;
  return createElement(tag, { key, ...(tag === 'ol' && attrs?.start ? { start: Number(attrs.start) } : {}) }, ...children.map(render));
}

/** The lead in the Markdown container, marked busy (the rest of the page is on its way); null when the page has none. */
export function Lead({ nodes }: { nodes: LeadNode[] | undefined }) {
  if (!nodes?.length) return null;
  return (
    <div className={PROSE_CLASSES} aria-busy="true">
      {nodes.map(render)}
    </div>
  );
}
