/**
 * /llms.txt and /llms-full.txt: the site for language models and other
 * programs. llms.txt is a Markdown index (the site, then one list per top
 * sidebar group: each page's title linked to its Markdown, and its one-line
 * summary); llms-full.txt is every page's Markdown in the same order, up
 * to LLMS_FULL_MAX_BYTES: on a very large site it holds the pages that fit
 * and says so, and llms.txt still links every page's Markdown.
 */
import type { PageRecord } from '../src/shared/schemas/page-record.ts';
import type { SiteConfig, SidebarItem } from '../src/shared/schemas/site-config.ts';
import { readingOrder } from '../src/shared/sidebar.ts';
import { markdownUrl, siteUrl } from '../src/shared/site-urls.ts';
import { pageMarkdown } from '../src/shared/page-markdown.ts';
import { ATOM_PATH } from './feeds.ts';

export const LLMS_PATH = '/llms.txt';
export const LLMS_FULL_PATH = '/llms-full.txt';

/**
 * The most llms-full.txt holds, in bytes. One file of a site's whole text is
 * for a program to read at once; past this (some 2.5 million tokens) no
 * model takes it whole, and at 10,000 pages it weighed 77 MB of every
 * deploy. The pages past it are still one link each in llms.txt.
 */
export const LLMS_FULL_MAX_BYTES = 10 * 1024 * 1024;

/** A page with its final Markdown body. */
export interface PublishedPage {
  record: PageRecord;
  markdown: string;
}

/** Pages in llms order: the home page, one section per top sidebar group in sidebar order, then the pages no group lists. */
export function llmsSections(sidebar: ReadonlyArray<SidebarItem>, pages: ReadonlyArray<PublishedPage>): Array<{ title: string; pages: PublishedPage[] }> {
  const byPath = new Map(pages.filter((p) => p.record.frontmatter.layout !== 'not-found').map((p) => [p.record.path, p]));
  const listed = new Set<string>();
  const sections: Array<{ title: string; pages: PublishedPage[] }> = [];
  const take = (paths: string[]) =>
    paths.flatMap((p) => {
      const page = byPath.get(p);
      if (!page || listed.has(p)) return [];
      listed.add(p);
      return [page];
    });
  const home = take(['/']);
  if (home.length) sections.push({ title: 'Start here', pages: home });
  const loose: string[] = [];
  for (const item of sidebar) {
    if (typeof item === 'string') loose.push(item);
    else sections.push({ title: item.title, pages: take(readingOrder(item.children)) });
  }
  const rest = take([...loose, ...[...byPath.keys()].filter((p) => !listed.has(p) && !loose.includes(p))]);
  return [...sections.filter((s) => s.pages.length > 0), ...(rest.length ? [{ title: 'Other pages', pages: rest }] : [])];
}

/** One line of text: a summary never breaks the list it sits in. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** How much of the site llms-full.txt holds, when not all of it. */
export interface LlmsFullExtent {
  pages: number;
  of: number;
}

/** The opening both files share: the site's name, its description, and where the rest is. */
function opening(site: SiteConfig, about: string | undefined, feed: boolean, part: LlmsFullExtent | null): string {
  const notes = [
    `- Every page is also served as Markdown: its address with index.md in place of a trailing slash, or .md in place of .html.`,
    part
      ? `- The first ${part.pages.toLocaleString('en-US')} of the ${part.of.toLocaleString('en-US')} pages in one file (the site is larger than one file holds): ${siteUrl(site, LLMS_FULL_PATH)}. ${siteUrl(site, LLMS_PATH)} links every page.`
      : `- The whole site in one file: ${siteUrl(site, LLMS_FULL_PATH)}`,
    ...(feed ? [`- Release notes and blog posts as a feed: ${siteUrl(site, ATOM_PATH)}`] : []),
  ];
  return [`# ${site.title}`, `> ${oneLine(site.description)}`, ...(about ? [oneLine(about)] : []), notes.join('\n')].join('\n\n');
}

const SEPARATOR = '\n\n---\n\n';

/**
 * Every page's Markdown, in the order of llms.txt, as far as LLMS_FULL_MAX_BYTES
 * (`maxBytes`) allows; `part` says how many pages it holds when not all.
 */
export function llmsFull(
  site: SiteConfig,
  sections: ReturnType<typeof llmsSections>,
  about: string | undefined,
  feed: boolean,
  maxBytes = LLMS_FULL_MAX_BYTES,
): { text: string; part: LlmsFullExtent | null } {
  const all = sections.flatMap((s) => s.pages);
  // Room for the longest opening (the one that says the file is partial).
  let used = Buffer.byteLength(opening(site, about, feed, { pages: all.length, of: all.length })) + 1;
  const texts: string[] = [];
  for (const p of all) {
    const text = pageMarkdown(p.record, p.markdown, siteUrl(site, p.record.path)).trimEnd();
    const bytes = Buffer.byteLength(text) + SEPARATOR.length;
    if (used + bytes > maxBytes) break;
    used += bytes;
    texts.push(text);
  }
  const part = texts.length < all.length ? { pages: texts.length, of: all.length } : null;
  const closing = part ? [`${all.length - texts.length} more pages are not in this file: see ${siteUrl(site, LLMS_PATH)} for the Markdown of each.`] : [];
  return { text: `${[opening(site, about, feed, part), ...texts, ...closing].join(SEPARATOR)}\n`, part };
}

/** The index: a link to each page's Markdown with its summary. */
export function llmsTxt(site: SiteConfig, sections: ReturnType<typeof llmsSections>, about: string | undefined, feed: boolean, part: LlmsFullExtent | null = null): string {
  const lists = sections.map(
    (s) =>
      `## ${s.title}\n\n` +
      s.pages
        .map(({ record }) => {
          const summary = record.frontmatter.description ? `: ${oneLine(record.frontmatter.description)}` : '';
          return `- [${oneLine(record.title)}](${markdownUrl(site, record.path)})${summary}`;
        })
        .join('\n'),
  );
  return `${[opening(site, about, feed, part), ...lists].join('\n\n')}\n`;
}
