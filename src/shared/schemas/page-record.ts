import * as z from 'zod/mini';
import { FrontMatter } from './front-matter.ts';

/** A heading of a page, as listed in the sidebar. */
export const Header = z.object({
  /** 2 for h2, 3 for h3. */
  level: z.int(),
  title: z.string(),
  /** The id rehype-slug gives the heading on the client. */
  slug: z.string(),
});
export type Header = z.infer<typeof Header>;

/** One page of the site, as the spec (§3 Page record) defines it. */
export const PageRecord = z.object({
  title: z.string(),
  frontmatter: FrontMatter,
  /** Address that follows the file: guides/ivr.md -> /guides/ivr.html, guides/index.md -> /guides/. */
  regularPath: z.string(),
  /** File path relative to content/. */
  relativePath: z.string(),
  /** Stable identifier of the page. */
  key: z.string(),
  /** Canonical address: the permalink, or else the regular path. */
  path: z.string(),
  /** h2 and h3 headings in document order. */
  headers: z.array(Header),
  /** Date of the last change, as text. */
  lastUpdated: z.string(),
  /** Last git commit touching the file (ms since epoch); its mtime outside git. */
  lastUpdatedTimestamp: z.number(),
});
export type PageRecord = z.infer<typeof PageRecord>;
