/**
 * The Markdown of a page as readers and machines get it: served beside the
 * page (see markdownPathOf), gathered into llms-full.txt, and copied by the
 * "Copy page" button. One function, so all three are the same text.
 */
import type { PageRecord } from './schemas/page-record.ts';
import { markdownHash, type MarkdownSource } from './markdown-source.ts';

/** A front-matter link list (home features, overview choices) as a Markdown list. */
function linkList(items: ReadonlyArray<{ title: string; link: string; text: string }>): string {
  return items.map((i) => `- [${i.title}](${i.link}): ${i.text}`).join('\n');
}

/** The parts of a page's Markdown document that come before its body. */
function partsBefore(record: PageRecord, url: string): string[] {
  const fm = record.frontmatter;
  const parts = [`# ${record.title}`];
  if (fm.description) parts.push(`> ${fm.description.replace(/\s*\n\s*/g, ' ')}`);
  parts.push(`Web page: ${url}`);
  if (record.lastUpdated) parts.push(`Last updated: ${record.lastUpdated}`);
  if (fm.tagline) parts.push(fm.tagline);
  if (fm.features?.length) parts.push(linkList(fm.features.map((f) => ({ title: f.title, link: f.link, text: f.details }))));
  return parts;
}

/**
 * A page as one Markdown document: its title as the h1, the description as a
 * quote, the page's address (`url`, see siteUrl) and last update, then what
 * the page shows (the home page's tagline and features, the body, an
 * overview's choices).
 */
export function pageMarkdown(record: PageRecord, body: string, url: string): string {
  const parts = partsBefore(record, url);
  const trimmed = body.trim();
  if (trimmed) parts.push(trimmed);
  const choices = record.frontmatter.choices;
  if (choices?.length) parts.push(linkList(choices.map((c) => ({ title: c.title, link: c.link, text: c.description }))));
  return `${parts.join('\n\n')}\n`;
}

/**
 * Where `body` lies in the page's Markdown document (pageMarkdown): the build
 * keeps a page's Markdown once, in that document, and the chunk says where to
 * find it. The document holds the body trimmed; what the trim took is kept in
 * `before` and `after`, so the body comes back exactly.
 */
export function markdownSourceOf(record: PageRecord, body: string, url: string): MarkdownSource {
  // After the parts before it and the blank lines that join them.
  const start = partsBefore(record, url).reduce((n, part) => n + part.length + 2, 0);
  const trimmed = body.trim();
  const at = body.indexOf(trimmed);
  const before = body.slice(0, at);
  const after = body.slice(at + trimmed.length);
  return { start, length: trimmed.length, hash: markdownHash(body), ...(before ? { before } : {}), ...(after ? { after } : {}) };
}
