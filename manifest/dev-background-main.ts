/**
 * The dev compiler's background thread: writes what no open page waits for
 * (each page's Markdown copy, manifest.json, the search index, llms.txt,
 * the sitemap and the feeds) once the changes have settled, so that an
 * edit's chunk is never queued behind them. It keeps its own copy of every
 * page's record, Markdown and search terms, updated by messages.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { SiteConfig } from '../src/shared/schemas/site-config.ts';
import type { PageRecord } from '../src/shared/schemas/page-record.ts';
import type { Manifest } from '../src/shared/schemas/manifest.ts';
import { pageMarkdown } from '../src/shared/page-markdown.ts';
import { markdownPathOf, siteUrl } from '../src/shared/site-urls.ts';
import { publish } from './publishing.ts';
import type { Section } from './markdown.ts';
import type { SectionTerms } from './search-terms.ts';
import { searchIndexData, updateSearchIndex, writeSearchIndex, type SearchIndexData, type SearchPage } from './search-index.ts';

/** One page as the background writes need it. */
export interface BackgroundPage {
  record: PageRecord;
  markdown: string;
  sections: Section[];
  terms: SectionTerms;
  /** Changes whenever the search entries may have. */
  searchKey: string;
}

export type BackgroundMessage = { type: 'update'; site?: { config: SiteConfig; file: string }; upsert: BackgroundPage[]; remove: string[]; buildId: string } | { type: 'flush'; id: number };

const { outDir, cacheDir, delayMs } = workerData as { outDir: string; cacheDir: string; delayMs: number };
const pages = new Map<string, BackgroundPage>();
let site: { config: SiteConfig; file: string } | undefined;
let buildId = 'dev';
const markdownDirty = new Set<string>();
const removed = new Set<string>();
let dirty = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let writing: Promise<void> = Promise.resolve();
const searchKeyFile = path.join(cacheDir, 'search-key.txt');
/** What the search index on disk was written from: each page as indexed, in page-number order (gaps where pages were removed). */
let search: { synonyms: string; pages: Map<string, BackgroundPage>; order: Array<BackgroundPage | undefined>; data?: SearchIndexData | undefined } | undefined;

function put(file: string, text: string): void {
  const abs = path.join(outDir, file);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(`${abs}.tmp`, text);
  renameSync(`${abs}.tmp`, abs);
}

function write(): void {
  if (!dirty || !site) return;
  dirty = false;
  const config = site.config;
  for (const p of removed) if (!pages.has(p)) rmSync(path.join(outDir, markdownPathOf(p).slice(1)), { force: true });
  removed.clear();
  for (const p of markdownDirty) {
    const page = pages.get(p);
    if (page) put(markdownPathOf(p).slice(1), pageMarkdown(page.record, page.markdown, siteUrl(config, p)));
  }
  markdownDirty.clear();
  const list = [...pages.values()].sort((a, b) => a.record.path.localeCompare(b.record.path));
  const manifest: Manifest = { buildId, site: config, pages: list.map((p) => p.record) };
  put('manifest.json', JSON.stringify(manifest));
  const published = publish(
    config,
    list.map((p) => ({ record: p.record, markdown: p.markdown })),
    site.file,
  );
  for (const [file, text] of published.files) if (!file.endsWith('.md')) put(file, text);
  writeSearch(config, list);
}

/** A page as the index takes it. */
const searchPage = (p: BackgroundPage): SearchPage => ({ path: p.record.path, title: p.record.title, sections: p.sections, terms: p.terms });

/** The cache key of an index written from `pages` in this order (page numbers) with `synonyms`. */
function searchKeyOf(synonyms: unknown, pages: ReadonlyArray<BackgroundPage | undefined>): string {
  return createHash('sha1')
    .update(JSON.stringify(synonyms ?? []))
    .update('\n')
    .update(pages.map((p) => (p ? `${p.record.path}\0${p.searchKey}` : '')).join('\n'))
    .digest('hex');
}

/**
 * Writes the search index: the whole of it at the start (unless the cache of
 * an earlier run has it as it is) and when the synonyms change; after that
 * only the files of the pages that changed (`updateSearchIndex`).
 */
function writeSearch(config: SiteConfig, list: BackgroundPage[]): void {
  const synonyms = config.search.synonyms;
  const synonymsKey = JSON.stringify(synonyms ?? []);
  const saveKey = (pages: ReadonlyArray<BackgroundPage | undefined>) => {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(searchKeyFile, searchKeyOf(synonyms, pages));
  };
  if (search && search.synonyms === synonymsKey) {
    const upsert = list.filter((p) => search!.pages.get(p.record.path)?.searchKey !== p.searchKey);
    const remove = [...search.pages.keys()].filter((p) => !pages.has(p));
    if (upsert.length === 0 && remove.length === 0) return;
    // What the files on disk were written from (the cache's, in path order, no gaps), indexed again in memory the first time a change needs it.
    search.data ??= searchIndexData(
      outDir,
      search.order.flatMap((p) => (p ? [searchPage(p)] : [])),
    );
    if (search.data) {
      const data = search.data;
      updateSearchIndex(outDir, data, { upsert: upsert.map(searchPage), remove }, { synonyms });
      for (const p of remove) search.pages.delete(p);
      for (const p of upsert) search.pages.set(p.record.path, p);
      search.order = data.pages.map((p) => (p ? search!.pages.get(p.path) : undefined));
      saveKey(search.order);
      return;
    }
  }
  // The cache of an earlier run: its index is the one these pages and synonyms would write.
  const before = existsSync(searchKeyFile) ? readFileSync(searchKeyFile, 'utf8') : '';
  if (!search && before === searchKeyOf(synonyms, list) && existsSync(path.join(outDir, 'search', 'index.json'))) {
    search = { synonyms: synonymsKey, pages: new Map(list.map((p) => [p.record.path, p])), order: list };
    return;
  }
  // As the production build (build-content.ts) does: a query for one member finds the others in dev too.
  const r = writeSearchIndex(outDir, list.map(searchPage), undefined, { synonyms, keep: true });
  search = { synonyms: synonymsKey, pages: new Map(list.map((p) => [p.record.path, p])), order: list, data: r.data };
  saveKey(list);
}

function schedule(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    writing = writing.then(write).catch((e: unknown) => console.error('Writing the search index and the site-wide files failed:', e));
  }, delayMs);
}

parentPort!.on('message', (m: BackgroundMessage) => {
  if (m.type === 'update') {
    if (m.site) site = m.site;
    buildId = m.buildId;
    for (const p of m.remove) {
      pages.delete(p);
      removed.add(p);
    }
    for (const p of m.upsert) {
      pages.set(p.record.path, p);
      markdownDirty.add(p.record.path);
    }
    dirty = true;
    schedule();
  } else {
    clearTimeout(timer);
    writing = writing.then(write).catch((e: unknown) => console.error(e));
    void writing.then(() => parentPort!.postMessage({ type: 'flushed', id: m.id }));
  }
});
