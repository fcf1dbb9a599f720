/**
 * What the site publishes for search engines, feed readers and language
 * models, beside the app: each page's Markdown, llms.txt, llms-full.txt,
 * robots.txt, and, when the config names the deploy origin, sitemap.xml and
 * the Atom and RSS feeds. Files are returned, not written; a missing origin
 * is a warning, not an error.
 */
import type { SiteConfig } from '../src/shared/schemas/site-config.ts';
import { pageMarkdown } from '../src/shared/page-markdown.ts';
import { markdownPathOf, siteUrl } from '../src/shared/site-urls.ts';
import type { ContentError } from './errors.ts';
import { robotsTxt, sitemapXml } from './sitemap.ts';
import { ATOM_PATH, RSS_PATH, atomXml, feedPosts, rssXml } from './feeds.ts';
import { LLMS_FULL_PATH, LLMS_PATH, llmsFull, llmsSections, llmsTxt, type PublishedPage } from './llms.ts';

/** Addresses of the site-wide files, whichever of them a build writes. */
export const PUBLISHED_FILES = ['/robots.txt', '/sitemap.xml', ATOM_PATH, RSS_PATH, LLMS_PATH, LLMS_FULL_PATH] as const;

/** Generated files (path under dist/ -> text) and warnings about what was left out. */
export interface Published {
  /** The files, unless `emit` was given (then empty). */
  files: Map<string, string>;
  warnings: ContentError[];
}

/** Builds the published files for `pages`, handing each to `emit` when given; `configFile` names site.yml in warnings. */
export function publish(
  site: SiteConfig,
  pages: ReadonlyArray<PublishedPage>,
  configFile: string,
  emit?: (file: string, text: string) => void,
  /** True for a page whose Markdown copy is written already (as its analysis came back). */
  copied?: (path: string) => boolean,
): Published {
  const files = new Map<string, string>();
  const warnings: ContentError[] = [];
  const made = new Set<string>();
  const put = (address: string, text: string) => {
    made.add(address);
    if (emit) emit(address.slice(1), text);
    else files.set(address.slice(1), text);
  };

  for (const p of pages) if (!copied?.(p.record.path)) put(markdownPathOf(p.record.path), pageMarkdown(p.record, p.markdown, siteUrl(site, p.record.path)));

  const origin = site.origin;
  const feed = origin && site.feed ? { ...site, origin, feed: site.feed } : undefined;
  const posts = feed ? feedPosts(feed, pages) : [];
  if (feed && posts.length > 0) {
    put(ATOM_PATH, atomXml(feed, posts));
    put(RSS_PATH, rssXml(feed, posts));
  } else if (feed) {
    warnings.push({
      file: configFile,
      line: 0,
      message: `feed.include (${feed.feed.include.join(', ')}) matches no page, so no feed was built.`,
      fix: 'List the folders that hold the release notes and blog posts.',
    });
  }
  if (origin)
    put(
      '/sitemap.xml',
      sitemapXml(
        origin,
        pages.map((p) => p.record),
      ),
    );
  else {
    warnings.push({
      file: configFile,
      line: 0,
      message: `The site config names no origin, so no sitemap.xml${site.feed ? ' and no feeds were' : ' was'} built, and pages carry no canonical or Open Graph URL.`,
      fix: 'Add `origin: https://your.domain` (where the site is deployed) to the site config.',
    });
  }
  put('/robots.txt', robotsTxt(origin));

  const sections = llmsSections(site.sidebar, pages);
  const about = pages.find((p) => p.record.path === '/')?.record.frontmatter.description;
  const full = llmsFull(site, sections, about, made.has(ATOM_PATH));
  put(LLMS_PATH, llmsTxt(site, sections, about, made.has(ATOM_PATH), full.part));
  put(LLMS_FULL_PATH, full.text);
  return { files, warnings };
}

/**
 * Addresses the published files would take that something else already has:
 * two pages with one Markdown address, or a file of content/public on a
 * generated address. Reported as content errors before anything is written.
 */
export function checkPublishedPaths(
  pages: ReadonlyArray<{ record: { path: string }; file: string }>,
  publicFiles: ReadonlySet<string>,
  /** The file of content/public that answers at a site path, as errors name it. */
  publicFile: (sitePath: string) => string,
  errors: ContentError[],
): void {
  const owner = new Map<string, { path: string; file: string }>();
  for (const p of pages) {
    const md = markdownPathOf(p.record.path);
    const other = owner.get(md);
    // Two pages on one path are reported as such already.
    if (other && other.path !== p.record.path) {
      errors.push({ file: p.file, line: 1, message: `The Markdown of this page would be served at ${md}, like that of ${other.file}.`, fix: 'Give one of the pages another permalink.' });
    } else if (!other) owner.set(md, { path: p.record.path, file: p.file });
    if (publicFiles.has(md))
      errors.push({ file: p.file, line: 1, message: `The Markdown of this page is served at ${md}, where ${publicFile(md)} also is.`, fix: `Remove or rename ${publicFile(md)}.` });
  }
  for (const f of PUBLISHED_FILES) {
    if (publicFiles.has(f))
      errors.push({
        file: publicFile(f),
        line: 1,
        message: `${f} is generated by the build, and this file would replace it.`,
        fix: 'Remove the file; the build writes it from the content and the site config.',
      });
  }
}
