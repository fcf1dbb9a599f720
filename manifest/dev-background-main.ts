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
import { writeSearchIndex } from './search-index.ts';

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
  // The synonyms are written into the index's entry file: a change of them in site.yml alone writes it again.
  const synonyms = config.search.synonyms;
  const key = createHash('sha1')
    .update(JSON.stringify(synonyms))
    .update('\n')
    .update(list.map((p) => `${p.record.path}\0${p.searchKey}`).join('\n'))
    .digest('hex');
  const before = existsSync(searchKeyFile) ? readFileSync(searchKeyFile, 'utf8') : '';
  if (key !== before || !existsSync(path.join(outDir, 'search', 'index.json'))) {
    writeSearchIndex(
      outDir,
      list.map((p) => ({ path: p.record.path, title: p.record.title, sections: p.sections, terms: p.terms })),
      undefined,
      // As the production build (build-content.ts) does: a query for one member finds the others in dev too.
      { synonyms },
    );
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(searchKeyFile, key);
  }
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
