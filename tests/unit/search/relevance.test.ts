// The relevance set run against the local search engine, beside a MiniSearch baseline over the same page texts.
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { contentPages, miniSearchRanking, readRelevanceSet, relevanceTable, score, siteRanking, type RelevanceFigures } from '../../bench/search-relevance.ts';
import type { SearchPage } from '../../../manifest/search-index.ts';

const set = readRelevanceSet();
let pages: SearchPage[];
let site: RelevanceFigures;
let minisearch: RelevanceFigures;

beforeAll(async () => {
  const c = await contentPages(path.resolve(import.meta.dirname, '../../../content'));
  pages = c.pages;
  site = score('site', set, await siteRanking(pages, c.synonyms, set));
  minisearch = score('MiniSearch', set, miniSearchRanking(pages, set));
  console.log(relevanceTable({ site, minisearch }));
  for (const m of site.misses) console.log(`  site missed "${m.query}": ${m.got.join(', ') || '(nothing)'}`);
}, 120_000);

describe('relevance set', () => {
  it('holds at least 80 queries, 15 typos and 15 questions, each accepting pages that exist', () => {
    expect(set.length).toBeGreaterThanOrEqual(80);
    expect(set.filter((q) => q.kind === 'typo').length).toBeGreaterThanOrEqual(15);
    expect(set.filter((q) => q.kind === 'question').length).toBeGreaterThanOrEqual(15);
    const paths = new Set(pages.map((p) => p.path));
    for (const q of set) {
      expect(q.accept.length, q.query).toBeGreaterThan(0);
      for (const p of q.accept) expect(paths.has(p), `${q.query}: ${p}`).toBe(true);
    }
    expect(new Set(set.map((q) => q.query.toLowerCase())).size).toBe(set.length);
  });

  it("ranks every query the same with a large site's term lists (by length and end characters, not one list per length)", async () => {
    const c = await contentPages(path.resolve(import.meta.dirname, '../../../content'));
    const byEnd = await siteRanking(c.pages, c.synonyms, set, { wholeTermLists: false });
    const whole = await siteRanking(c.pages, c.synonyms, set, { wholeTermLists: true });
    expect(byEnd).toEqual(whole);
    expect(score('site', set, byEnd).at3).toBe(site.at3);
  }, 120_000);

  it('scores both engines over every query', () => {
    expect(site.queries).toBe(set.length);
    expect(minisearch.queries).toBe(set.length);
    expect(minisearch.at3).toBeGreaterThan(0);
  });

  it('finds an acceptable page in the top 3 for at least 95% of the queries, and not less often than MiniSearch', () => {
    expect(site.at3).toBeGreaterThanOrEqual(0.95);
    expect(site.at3).toBeGreaterThanOrEqual(minisearch.at3);
  });

  it('ranks the acceptable page at least as high as MiniSearch (mean reciprocal rank)', () => {
    expect(site.mrr).toBeGreaterThanOrEqual(minisearch.mrr);
  });
});
