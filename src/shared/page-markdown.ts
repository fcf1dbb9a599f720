/**
 * The Markdown of a page as readers and machines get it: served beside the
 * page (see markdownPathOf), gathered into llms-full.txt, and copied by the
 * "Copy page" button. One function, so all three are the same text.
 */
import type { PageRecord } from './schemas/page-record.ts';

/** A front-matter link list (home features, overview choices) as a Markdown list. */
function linkList(items: ReadonlyArray<{ title: string; link: string; text: string }>): string {
  return items.map((i) => `- [${i.title}](${i.link}): ${i.text}`).join('\n');
}

/**
 * A page as one Markdown document: its title as the h1, the description as a
 * quote, the page's address (`url`, see siteUrl) and last update, then what
 * the page shows (the home page's tagline and features, the body, an
 * overview's choices).
 */
export function pageMarkdown(record: PageRecord, body: string, url: string): string {
  const fm = record.frontmatter;
  const parts = [`# ${record.title}`];
  if (fm.description) parts.push(`> ${fm.description.replace(/\s*\n\s*/g, ' ')}`);
  parts.push(`Web page: ${url}`);
  if (record.lastUpdated) parts.push(`Last updated: ${record.lastUpdated}`);
  if (fm.tagline) parts.push(fm.tagline);
  if (fm.features?.length) parts.push(linkList(fm.features.map((f) => ({ title: f.title, link: f.link, text: f.details }))));
  if (body.trim()) parts.push(body.trim());
  if (fm.choices?.length) parts.push(linkList(fm.choices.map((c) => ({ title: c.title, link: c.link, text: c.description }))));
  return `${parts.join('\n\n')}\n`;
}
