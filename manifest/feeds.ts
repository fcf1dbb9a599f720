/**
 * The release feed in two formats, Atom (/atom.xml) and RSS 2.0 (/rss.xml):
 * the pages under the feed's path prefixes (release notes, blog posts),
 * newest first, each with its summary and its whole text as HTML.
 */
import path from 'node:path';
import type { PageRecord } from '../src/shared/schemas/page-record.ts';
import type { FeedConfig, SiteConfig } from '../src/shared/schemas/site-config.ts';
import { ATOM_PATH, RSS_PATH, isFeedPost, markdownUrl } from '../src/shared/site-urls.ts';
import { postHtml } from './post-html.ts';
import { el, escapeXml, isoDate, rfc822Date } from './xml.ts';

export { ATOM_PATH, RSS_PATH };

/** A page of the feed with what both formats need. */
export interface FeedPost {
  record: PageRecord;
  url: string;
  /** Publication time, ms. */
  published: number;
  /** Last change, ms: the later of publication and the file's last commit. */
  updated: number;
  summary: string;
  html: string;
}

/**
 * When a post was published: its front-matter `date`; else a YYYYMM that
 * starts the file name (releases/202004.md, blogs/202004_multitest.md), read
 * as the 1st of that month; else the file's last change.
 */
export function postDate(record: PageRecord): number {
  const d = record.frontmatter.date;
  if (d) return Date.parse(`${d}T00:00:00Z`);
  const m = /^(\d{4})(0[1-9]|1[0-2])(?!\d)/.exec(path.posix.basename(record.relativePath));
  if (m) return Date.UTC(Number(m[1]), Number(m[2]) - 1, 1);
  return record.lastUpdatedTimestamp;
}

/** The posts of the feed, newest first (then by path, so the order is stable). */
export function feedPosts(site: SiteConfig & { origin: string; feed: FeedConfig }, pages: ReadonlyArray<{ record: PageRecord; markdown: string }>): FeedPost[] {
  return pages
    .filter((p) => isFeedPost(site, p.record.path) && p.record.frontmatter.layout !== 'not-found')
    .map((p) => {
      const published = postDate(p.record);
      return {
        record: p.record,
        url: `${site.origin}${p.record.path}`,
        published,
        updated: Math.max(published, p.record.lastUpdatedTimestamp),
        summary: p.record.frontmatter.description ?? '',
        html: postHtml(p.markdown, site.origin),
      };
    })
    .sort((a, b) => b.published - a.published || a.record.path.localeCompare(b.record.path));
}

/** The Atom 1.0 document. */
export function atomXml(site: SiteConfig & { origin: string; feed: FeedConfig }, posts: ReadonlyArray<FeedPost>): string {
  const o = site.origin;
  const updated = posts.reduce((t, p) => Math.max(t, p.updated), 0);
  const entries = posts.map((p) =>
    [
      '  <entry>',
      `    ${el('title', p.record.title)}`,
      `    ${el('id', p.url)}`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(p.url)}"/>`,
      `    <link rel="alternate" type="text/markdown" href="${escapeXml(markdownUrl(site, p.record.path))}"/>`,
      `    ${el('published', isoDate(p.published))}`,
      `    ${el('updated', isoDate(p.updated))}`,
      p.summary ? `    ${el('summary', p.summary)}` : '',
      `    <content type="html">${escapeXml(p.html)}</content>`,
      '  </entry>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  ${el('title', site.feed.title)}`,
    `  ${el('subtitle', site.feed.description ?? site.description)}`,
    `  ${el('id', `${o}${ATOM_PATH}`)}`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${o}${ATOM_PATH}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${o}/`)}"/>`,
    `  ${el('updated', isoDate(updated))}`,
    `  <author>${el('name', site.feed.author ?? site.title)}</author>`,
    ...(site.image ? [`  ${el('logo', `${o}${site.image.src}`)}`] : []),
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** The RSS 2.0 document (with the content module for the whole text). */
export function rssXml(site: SiteConfig & { origin: string; feed: FeedConfig }, posts: ReadonlyArray<FeedPost>): string {
  const o = site.origin;
  const updated = posts.reduce((t, p) => Math.max(t, p.updated), 0);
  const items = posts.map((p) =>
    [
      '    <item>',
      `      ${el('title', p.record.title)}`,
      `      ${el('link', p.url)}`,
      `      <guid isPermaLink="true">${escapeXml(p.url)}</guid>`,
      `      ${el('pubDate', rfc822Date(p.published))}`,
      `      ${el('description', p.summary)}`,
      `      ${el('content:encoded', p.html)}`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '  <channel>',
    `    ${el('title', site.feed.title)}`,
    `    ${el('link', `${o}/`)}`,
    `    ${el('description', site.feed.description ?? site.description)}`,
    '    <language>en</language>',
    `    ${el('lastBuildDate', rfc822Date(updated))}`,
    `    <atom:link rel="self" type="application/rss+xml" href="${escapeXml(`${o}${RSS_PATH}`)}"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
