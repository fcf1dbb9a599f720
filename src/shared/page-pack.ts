/**
 * A page's data as the build writes it into its chunk and its page document,
 * without the fields that repeat others: its record's path, regular path and
 * key (the page's own path and key), and its description when it is the front
 * matter's. packPage leaves them out; unpackPage puts them back before the
 * data is validated (ChunkFile, and the page document's data in
 * src/app/takeover.ts). Each field comes back exactly: a record always has a
 * path, a regular path and a key, and a page's description is its front
 * matter's whenever the front matter has one. At 10,000 pages the repeats were
 * about 5 MB of the built site.
 */
import type { PageRecord } from './schemas/page-record.ts';

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `page` without its repeats, for JSON.stringify. */
export function packPage(page: { path: string; key: string; description?: string | undefined; record: PageRecord }): Loose {
  const { record, ...rest } = page;
  const r: Loose = { ...record };
  if (r.path === page.path) delete r.path;
  if (r.regularPath === page.path) delete r.regularPath;
  if (r.key === page.key) delete r.key;
  const out: Loose = { ...rest, record: r };
  if (page.description !== undefined && page.description === record.frontmatter.description) delete out.description;
  return out;
}

/** Parsed JSON with the repeats packPage left out put back; anything else is returned as it is, for the schema to judge. */
export function unpackPage(json: unknown): unknown {
  if (!isObject(json) || !isObject(json.record)) return json;
  const r: Loose = { ...json.record };
  r.path ??= json.path;
  r.regularPath ??= json.path;
  r.key ??= json.key;
  const out: Loose = { ...json, record: r };
  const fmDescription = isObject(r.frontmatter) ? r.frontmatter.description : undefined;
  if (out.description === undefined && typeof fmDescription === 'string') out.description = fmDescription;
  return out;
}
