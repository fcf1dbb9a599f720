/** sitemap.xml and robots.txt, from the page records. */
import type { PageRecord } from '../src/shared/schemas/page-record.ts';
import { el, isoDate } from './xml.ts';

/** Pages that belong in the sitemap: every canonical page but a not-found page. */
export function sitemapPages(records: ReadonlyArray<PageRecord>): PageRecord[] {
  return records.filter((r) => r.frontmatter.layout !== 'not-found');
}

/** The sitemap: each page's canonical URL with its last change (the file's last commit). */
export function sitemapXml(origin: string, records: ReadonlyArray<PageRecord>): string {
  const urls = sitemapPages(records).map((r) => `  <url>${el('loc', `${origin}${r.path}`)}${el('lastmod', isoDate(r.lastUpdatedTimestamp))}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled (the app needs its data files to render); names the sitemap when there is one. */
export function robotsTxt(origin: string | undefined): string {
  const lines = ['User-agent: *', 'Allow: /'];
  if (origin) lines.push('', `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join('\n')}\n`;
}
