/**
 * The relevance set (tests/search/relevance.json) run against the site's
 * local search engine and against a MiniSearch baseline over the same page
 * texts: success@1, success@3 and mean reciprocal rank for each. Used by the
 * unit test (which holds the budgets) and by the bench (which prints the table).
 *
 * The site's index is built in this process from the content, written to a
 * temporary folder and served by the site's own static server, so the engine
 * reads it exactly as the browser does (fetch, gzip shards, zod checks).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { compileContent } from '../../manifest/compile.ts';
import { writeSearchIndex, type SearchPage } from '../../manifest/search-index.ts';
import { createLocalEngine } from '../../src/search/local-engine.ts';
import { MAX_GROUPS } from '../../src/search/engine.ts';
import { startServer } from '../../scripts/serve.mjs';

/** One query of the set. */
export interface RelevanceQuery {
  query: string;
  kind: 'typo' | 'question' | 'task' | 'error' | 'product' | 'partial';
  /** Paths of the pages that answer it. */
  accept: string[];
}

/** One engine's figures on the set. */
export interface RelevanceFigures {
  engine: string;
  queries: number;
  /** Share of queries whose first result is acceptable. */
  at1: number;
  /** Share of queries with an acceptable page among the first three. */
  at3: number;
  /** Mean of 1 / rank of the first acceptable page (0 when none in the first MAX_GROUPS). */
  mrr: number;
  /** Queries with no acceptable page among the first three, with what came first. */
  misses: Array<{ query: string; got: string[] }>;
}

export const RELEVANCE_FILE = path.resolve(import.meta.dirname, '../search/relevance.json');

export function readRelevanceSet(file = RELEVANCE_FILE): RelevanceQuery[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { queries: RelevanceQuery[] }).queries;
}

/** Scores ranked page lists against the set (each list cut at MAX_GROUPS, as the box shows). */
export function score(engine: string, set: ReadonlyArray<RelevanceQuery>, ranked: ReadonlyArray<ReadonlyArray<string>>): RelevanceFigures {
  let at1 = 0;
  let at3 = 0;
  let rr = 0;
  const misses: RelevanceFigures['misses'] = [];
  set.forEach((q, i) => {
    const list = ranked[i]!.slice(0, MAX_GROUPS);
    const rank = list.findIndex((p) => q.accept.includes(p));
    if (rank === 0) at1++;
    if (rank >= 0 && rank < 3) at3++;
    else misses.push({ query: q.query, got: list.slice(0, 3) });
    if (rank >= 0) rr += 1 / (rank + 1);
  });
  const n = set.length;
  return { engine, queries: n, at1: at1 / n, at3: at3 / n, mrr: rr / n, misses };
}

/** MiniSearch as a docs site would set it up: title and text fields, fuzzy 0.2, prefix, title boost 2. */
export function miniSearchRanking(pages: ReadonlyArray<SearchPage>, set: ReadonlyArray<RelevanceQuery>): string[][] {
  const ms = new MiniSearch<{ id: number; title: string; text: string }>({ fields: ['title', 'text'], storeFields: [] });
  ms.addAll(pages.map((p, id) => ({ id, title: p.title, text: p.sections.map((s) => `${s.title}\n${s.text}`).join('\n') })));
  return set.map((q) => ms.search(q.query, { fuzzy: 0.2, prefix: true, boost: { title: 2 } }).map((r) => pages[r.id as number]!.path));
}

/** Compiles `contentDir` and returns its search pages and the site config's synonyms. */
export async function contentPages(contentDir: string): Promise<{ pages: SearchPage[]; synonyms: string[][] }> {
  const r = await compileContent({ contentDir, emit: () => undefined });
  return { pages: r.search, synonyms: r.manifest.site.search.synonyms };
}

/** Runs the set against the site's engine over an index of `pages`, served from a temporary folder. */
export async function siteRanking(pages: ReadonlyArray<SearchPage>, synonyms: string[][], set: ReadonlyArray<RelevanceQuery>, layout: { wholeTermLists?: boolean } = {}): Promise<string[][]> {
  const out = mkdtempSync(path.join(tmpdir(), 'search-relevance-'));
  const server = await startServer({ root: out, port: 0 });
  try {
    writeSearchIndex(out, pages, undefined, { synonyms, ...layout });
    const engine = await createLocalEngine(`${server.url}/search/`);
    const ranked: string[][] = [];
    for (const q of set) ranked.push((await engine.search(q.query)).map((g) => g.path));
    return ranked;
  } finally {
    await server.close();
    rmSync(out, { recursive: true, force: true });
  }
}

/** Both engines' figures on the set, site first. */
export async function relevanceFigures(contentDir: string, set = readRelevanceSet()): Promise<{ site: RelevanceFigures; minisearch: RelevanceFigures }> {
  const { pages, synonyms } = await contentPages(contentDir);
  const site = score('site', set, await siteRanking(pages, synonyms, set));
  const minisearch = score('MiniSearch', set, miniSearchRanking(pages, set));
  return { site, minisearch };
}

/** The figures as a small table, one engine per row. */
export function relevanceTable(f: { site: RelevanceFigures; minisearch: RelevanceFigures }): string {
  const row = (r: RelevanceFigures) => `| ${r.engine.padEnd(10)} | ${r.at1.toFixed(3)}     | ${r.at3.toFixed(3)}     | ${r.mrr.toFixed(3)} |`;
  return [`Relevance set: ${f.site.queries} queries`, '| engine     | success@1 | success@3 | MRR   |', '|------------|-----------|-----------|-------|', row(f.site), row(f.minisearch)].join('\n');
}
