/** Picks pages for browser tests from the manifest, so the tests follow the content instead of naming it. */
import type { Manifest } from '../../src/shared/schemas/manifest.ts';
import type { PageRecord } from '../../src/shared/schemas/page-record.ts';

/** The default-layout page with the most h2/h3 headers (long enough to scroll). */
export function longPage(m: Manifest): PageRecord {
  return [...m.pages].filter((p) => (p.frontmatter.layout ?? 'default') === 'default' && !p.frontmatter.home && !p.frontmatter.readingShow).sort((a, b) => b.headers.length - a.headers.length)[0]!;
}

/** A page with the reading-progress bar. */
export function readingPage(m: Manifest): PageRecord {
  return m.pages.find((p) => p.frontmatter.readingShow === 'top')!;
}

/** A default page without the reading-progress bar, other than `not`. */
export function plainPage(m: Manifest, not?: string): PageRecord {
  return m.pages.find((p) => (p.frontmatter.layout ?? 'default') === 'default' && !p.frontmatter.home && !p.frontmatter.readingShow && p.path !== not && p.headers.length > 0)!;
}
