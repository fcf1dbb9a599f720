// Budget rows (tests/bench/budgets.ts): pass, fail, and not measured.
import { describe, expect, it } from 'vitest';
import { checkBudgets } from './budgets.ts';
import type { BuildRun } from './build.ts';
import type { BenchResults } from './results.ts';
import type { RelevanceFigures } from './search-relevance.ts';
import type { TypingFigures } from './search.ts';
import { spread } from './stats.ts';

const base: BenchResults = {
  date: '',
  machine: { os: '', cpu: '', cores: 2, memory: 0, node: '', chromium: '', commit: null },
  options: { quick: false, only: [], content: 'content', runs: 5, buildCapSeconds: 240 },
  profile: '',
  pages: { home: '/', default: '/a/', overview: null, notFound: '/x/', count: 67 },
  notMeasured: [],
  durationSeconds: 0,
};
const relevance = (engine: string, at3: number, mrr: number): RelevanceFigures => ({ engine, queries: 80, at1: mrr - 0.1, at3, mrr, misses: [] });
const typing = (site: string, sitePages: number, keys: number[], totalBytes: number, cpuSlowdown = 4): TypingFigures & { sitePages: number } => ({
  site,
  sitePages,
  queries: ['q'],
  cpuSlowdown,
  passes: 1,
  bytes: { search: totalBytes, js: 0, other: 0, total: totalBytes },
  requests: 1,
  keystrokes: keys.map((ms) => ({ query: 'q', key: 'x', ms, filesReady: true })),
  perKeystroke: spread(keys),
});
const build = (site: string, pages: number, seconds: number, ok = true): BuildRun => ({ site, pages, seconds, reported: null, peakTreeRss: 1e9, peakProcess: 1e9, output: ok ? '' : 'Stopped after 240 s', ok });

describe('budgets', () => {
  it('judges build time, memory and linear growth', () => {
    const rows = checkBudgets({ ...base, build: [build('real', 67, 2.5), build('synthetic-1000', 1000, 10), build('synthetic-10000', 10_000, 120)] });
    const get = (id: string) => rows.find((r) => r.id === id);
    expect(get('build:real:seconds')?.pass).toBe(true);
    expect(get('build:10000:seconds')?.pass).toBe(false);
    expect(get('build:10000:memory')).toMatchObject({ value: 1, pass: true });
    expect(get('build:growth')).toMatchObject({ value: 1.2, pass: false });
  });

  it('leaves a budget without its figure unjudged, saying why', () => {
    const rows = checkBudgets({ ...base, build: [build('real', 67, 2.5), build('synthetic-10000', 10_000, 240, false)] });
    expect(rows.find((r) => r.id === 'build:10000:seconds')).toMatchObject({ pass: null, note: 'Stopped after 240 s' });
  });

  it('holds success@3 to 0.95 and to MiniSearch, and MRR to MiniSearch', () => {
    const judge = (site: RelevanceFigures, minisearch: RelevanceFigures) => {
      const rows = checkBudgets({ ...base, relevance: { site, minisearch } });
      return [rows.find((r) => r.id === 'relevance:success@3')?.pass, rows.find((r) => r.id === 'relevance:mrr')?.pass];
    };
    expect(judge(relevance('site', 0.96, 0.85), relevance('MiniSearch', 0.9, 0.8))).toEqual([true, true]);
    // Above MiniSearch is not enough: 0.95 is the floor.
    expect(judge(relevance('site', 0.94, 0.85), relevance('MiniSearch', 0.9, 0.8))).toEqual([false, true]);
    // Above the floor is not enough either, nor an MRR below the baseline's.
    expect(judge(relevance('site', 0.96, 0.79), relevance('MiniSearch', 0.97, 0.8))).toEqual([false, false]);
    expect(checkBudgets(base).some((r) => r.id.startsWith('relevance:'))).toBe(false);
  });

  it('holds the real keystrokes to a frame at the median and 50 ms at the 95th percentile, and the session to 300 KB', () => {
    const fast = Array.from({ length: 40 }, (_, i) => 5 + (i % 10));
    const rows = checkBudgets({ ...base, searchTyping: [typing('real', 74, fast, 50_000), typing('synthetic 10000', 10_001, fast, 280_000)] });
    const get = (id: string) => rows.find((r) => r.id === id);
    expect(get('search:real:keystroke:median')).toMatchObject({ value: 9.5, pass: true });
    expect(get('search:real:keystroke:p95')).toMatchObject({ value: 14, pass: true });
    expect(get('search:10000:session')).toMatchObject({ value: 280, pass: true });
    // A slow tail fails the 95th percentile without moving the median.
    const tail = [...fast.slice(0, 36), 60, 70, 80, 90];
    const slow = checkBudgets({ ...base, searchTyping: [typing('real', 74, tail, 50_000), typing('synthetic 10000', 10_001, fast, 301_000)] });
    expect(slow.find((r) => r.id === 'search:real:keystroke:median')?.pass).toBe(true);
    expect(slow.find((r) => r.id === 'search:real:keystroke:p95')).toMatchObject({ value: 70, pass: false });
    expect(slow.find((r) => r.id === 'search:10000:session')?.pass).toBe(false);
  });

  it('judges the keystrokes typed under the CPU slowdown, not the run without it printed beside them', () => {
    const fast = Array.from({ length: 40 }, (_, i) => 5 + (i % 10));
    const slow = fast.map((ms) => ms * 8);
    // The unslowed run first: the judged figure is still the slowed one's.
    const rows = checkBudgets({ ...base, searchTyping: [typing('real', 74, fast, 50_000, 1), typing('real', 74, slow, 50_000)] });
    expect(rows.find((r) => r.id === 'search:real:keystroke:median')).toMatchObject({ value: 76, pass: false });
  });

  it('says why a keystroke budget is not judged', () => {
    const rows = checkBudgets({ ...base, searchTyping: [typing('real', 74, [], 50_000)] });
    expect(rows.find((r) => r.id === 'search:real:keystroke:median')).toMatchObject({ pass: null, note: 'no keystroke of the real site changed the results with its files loaded' });
    expect(rows.find((r) => r.id === 'search:10000:session')).toMatchObject({ pass: null, note: 'no 10,000-page site was typed on' });
  });
});
