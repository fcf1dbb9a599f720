import * as z from 'zod/mini';
import { PageRecord } from './page-record.ts';
import { SiteConfig } from './site-config.ts';
import { PageLink } from './site-data.ts';
import { LeadNode } from './lead.ts';
import { MarkdownSource } from '../markdown-source.ts';
import { unpackPage } from '../page-pack.ts';

/** dist/manifest.json: the site config and every page record, in one file (for tools; the app loads the split form in site-data.ts). */
export const Manifest = z.object({
  /** Changes with every build whose content or code changed; chunks carry the same id. */
  buildId: z.string(),
  site: SiteConfig,
  pages: z.array(PageRecord),
});
export type Manifest = z.infer<typeof Manifest>;

/** Intrinsic size of an image, so the page reserves its space before it loads. */
export const ImageSize = z.object({ width: z.number(), height: z.number() });

/** What every form of a page's data holds (a chunk, a chunk that names its Markdown, a page document's data). */
const pageFields = {
  /** The build the data belongs to. */
  buildId: z.string(),
  /** Page key, matching its record. */
  key: z.string(),
  /** Canonical path of the page. */
  path: z.string(),
  /** The page's record (§3), headers included. */
  record: PageRecord,
  /** The page's description: its front matter's, else the start of its lead paragraph. */
  description: z.optional(z.string()),
  /** Previous and next pages in reading order (front-matter overrides applied). */
  prev: z.optional(PageLink),
  next: z.optional(PageLink),
  /** True when the Markdown holds raw HTML (the raw-HTML pipeline is loaded only then). */
  html: z.boolean(),
  /** Sizes of the images the page shows, by src. */
  images: z.record(z.string(), ImageSize),
};

/** The opening blocks, which the single output's index.html paints before the app has loaded (manifest/lead.ts). */
const lead = z.optional(z.array(LeadNode));

/** One page's content, as the app uses it (dist/data/pages/<path>.json, its Markdown read from where ChunkRef says). */
export const Chunk = z.object({
  ...pageFields,
  /** Markdown body with site variables substituted. */
  markdown: z.string(),
  lead,
});
export type Chunk = z.infer<typeof Chunk>;

/**
 * A chunk as the build writes it: everything but the Markdown, which stays in
 * the page's published copy (`source` says where; src/shared/markdown-source.ts).
 * The dev server writes chunks with their Markdown inline (Chunk).
 */
export const ChunkRef = z.object({ ...pageFields, source: MarkdownSource, lead });
export type ChunkRef = z.infer<typeof ChunkRef>;

/** A chunk file: the Markdown inline or in the page's published copy; its repeated fields put back first (src/shared/page-pack.ts). */
export const ChunkFile = z.pipe(z.transform(unpackPage), z.union([Chunk, ChunkRef]));
export type ChunkFile = z.infer<typeof ChunkFile>;

/**
 * A page document's own data (output `pages`), in `<script type="application/json" id="__page">`:
 * the chunk without its Markdown, which the document already holds as HTML.
 */
export const StaticPage = z.object(pageFields);
export type StaticPage = z.infer<typeof StaticPage>;

/** Id of the element that holds a page document's StaticPage. */
export const STATIC_PAGE_ID = '__page';
