/**
 * The budgets of the performance and page-documents issues, checked against the figures. Pure:
 * results in, one row per budget out; a budget whose figure is missing is
 * neither passed nor failed (pass: null).
 */
import type { BenchResults } from './results.ts';
import { FAST_4G } from './profile.ts';

/** One budget and how the figure fares. */
export interface BudgetRow {
  /** Matches the id of the figure row it judges. */
  id: string;
  /** The budget in words, with its limit. */
  limit: string;
  /** The figure, in the unit of the limit. */
  value: number | null;
  pass: boolean | null;
  /** Why the figure is missing, when it is. */
  note?: string;
}

const KB = 1000;
const GB = 1e9;
/** Pages of the large synthetic site the scale budgets are about. */
export const SCALE_PAGES = 10_000;
/** Build time per page may grow this much from 1,000 to 10,000 pages and still count as linear (noise). */
export const LINEAR_TOLERANCE = 1.15;

const row = (id: string, limit: string, value: number | null | undefined, ok: (v: number) => boolean, note?: string): BudgetRow => ({
  id,
  limit,
  value: value ?? null,
  pass: value === null || value === undefined || Number.isNaN(value) ? null : ok(value),
  ...(value === null || value === undefined || Number.isNaN(value) ? { note: note ?? 'not measured' } : {}),
});

/** Every budget row for the results. */
export function checkBudgets(r: BenchResults): BudgetRow[] {
  const rows: BudgetRow[] = [];
  for (const t of r.transfer ?? []) {
    rows.push(row(`transfer:${t.label}:critical-js`, '≤ 160 KB', t.criticalJs / KB, (v) => v <= 160));
    rows.push(row(`transfer:${t.label}:depth`, '≤ 2', t.depth, (v) => v <= 2));
    if (t.label === 'default') rows.push(row('transfer:default:total', '≤ 220 KB', t.total / KB, (v) => v <= 220));
  }
  const ttc = r.timeToContent;
  if (ttc) {
    rows.push(row('ttc:ratio-cold', '≤ 1.15 x static', ttc.ratioCold, (v) => v <= 1.15));
    // The whole article, not only its title and lead (the page-documents issue).
    if (ttc.wholeCold) rows.push(row('ttc:ratio-whole', '≤ 1.15 x static', ttc.ratioWholeCold, (v) => v <= 1.15));
    rows.push(row('ttc:ratio-warm', '≤ 1.2 x static', ttc.ratioWarm, (v) => v <= 1.2));
  }
  const nav = r.navigation;
  if (nav) {
    rows.push(row('nav:prefetched', '< 50 ms', nav.prefetched.median, (v) => v < 50));
    rows.push(row('nav:not-fetched', `≤ ${FAST_4G.latencyMs + 50} ms (1 RTT + 50)`, nav.notFetched.median, (v) => v <= FAST_4G.latencyMs + 50));
  }
  if (r.search) {
    const big = r.search.find((s) => s.sitePages >= SCALE_PAGES);
    const why = `no ${SCALE_PAGES.toLocaleString('en-US')}-page site was searched`;
    rows.push(row(`search:${SCALE_PAGES}:bytes`, '≤ 300 KB', big ? big.bytesToFirst.total / KB : null, (v) => v <= 300, why));
    rows.push(row(`search:${SCALE_PAGES}:keystroke`, '< 30 ms', big?.perKeystroke.median, (v) => v < 30, why));
  }
  if (r.searchTyping) {
    // Judged under the CPU slowdown; the run without it is printed beside it.
    const real = r.searchTyping.find((t) => t.site === 'real' && t.cpuSlowdown !== 1);
    const big = r.searchTyping.find((t) => t.sitePages >= SCALE_PAGES);
    // One frame at 60 Hz for the usual keystroke; the slow tail may not be felt as a stall.
    const why = 'no keystroke of the real site changed the results with its files loaded';
    rows.push(row('search:real:keystroke:median', '≤ 16 ms', real?.perKeystroke.median, (v) => v <= 16, real ? why : 'the real site was not typed on'));
    rows.push(row('search:real:keystroke:p95', '≤ 50 ms', real?.perKeystroke.p95, (v) => v <= 50, real ? why : 'the real site was not typed on'));
    rows.push(row(`search:${SCALE_PAGES}:session`, '≤ 300 KB', big ? big.bytes.total / KB : null, (v) => v <= 300, `no ${SCALE_PAGES.toLocaleString('en-US')}-page site was typed on`));
  }
  if (r.relevance) {
    // Beside the baseline a docs site would get for free: the site's own engine must not lose to it.
    const { site, minisearch } = r.relevance;
    rows.push(row('relevance:success@3', `≥ 0.95 and ≥ MiniSearch (${minisearch.at3.toFixed(3)})`, site.at3, (v) => v >= 0.95 && v >= minisearch.at3));
    rows.push(row('relevance:mrr', `≥ MiniSearch (${minisearch.mrr.toFixed(3)})`, site.mrr, (v) => v >= minisearch.mrr));
  }
  if (r.build) {
    const real = r.build.find((b) => b.site === 'real');
    rows.push(row('build:real:seconds', '< 3 s', real?.ok ? real.seconds : null, (v) => v < 3));
    const big = r.build.find((b) => b.pages >= SCALE_PAGES);
    const why = big && !big.ok ? big.output.split('\n').at(-1) : `no ${SCALE_PAGES.toLocaleString('en-US')}-page build`;
    rows.push(row(`build:${SCALE_PAGES}:seconds`, '< 60 s', big?.ok ? big.seconds : null, (v) => v < 60, why));
    rows.push(row(`build:${SCALE_PAGES}:memory`, '< 1.5 GB', big?.ok && big.peakTreeRss !== null ? big.peakTreeRss / GB : null, (v) => v < 1.5, why));
    rows.push(row(`build:${SCALE_PAGES}:dist`, '≤ 400 MB', big?.ok && typeof big.distBytes === 'number' ? big.distBytes / 1e6 : null, (v) => v <= 400, why));
    // Linear growth: the largest synthetic build's time per page against the next smaller one's.
    const [small, large] = r.build.filter((b) => b.site !== 'real').slice(-2);
    const growth = small?.ok && large?.ok ? large.seconds / large.pages / (small.seconds / small.pages) : null;
    const whyGrowth = small && large ? `a synthetic build failed: ${[small, large].find((b) => !b.ok)?.output.split('\n').at(-1)}` : 'needs two synthetic builds';
    rows.push(row('build:growth', `time per page ratio ≤ ${LINEAR_TOLERANCE}`, growth, (v) => v <= LINEAR_TOLERANCE, whyGrowth));
  }
  if (r.scale || r.transfer) {
    const base = r.transfer?.find((t) => t.label === 'default');
    const big = r.scale?.find((s) => s.sitePages >= SCALE_PAGES);
    const data = (t: { bytes: { manifest: number; chunk: number; search: number } }) => t.bytes.manifest + t.bytes.chunk + t.bytes.search;
    rows.push(row('scale:data-ratio', '≤ 3 x real site', base && big ? data(big) / data(base) : null, (v) => v <= 3, `needs the real default page and a ${SCALE_PAGES.toLocaleString('en-US')}-page site`));
  }
  for (const l of r.lighthouse ?? []) {
    const id = `lighthouse:${l.path}`;
    rows.push(row(`${id}:performance`, '≥ 98', l.performance, (v) => v >= 98, l.error));
    rows.push(row(`${id}:accessibility`, '= 100', l.accessibility, (v) => v === 100, l.error));
    rows.push(row(`${id}:best-practices`, '≥ 96', l.bestPractices, (v) => v >= 96, l.error));
    rows.push(row(`${id}:seo`, '= 100', l.seo, (v) => v === 100, l.error));
    // Lighthouse shows CLS to three decimals; "0" is what it shows as 0.000.
    rows.push(row(`${id}:cls`, '0 (< 0.0005)', l.cls, (v) => v < 0.0005, l.error));
  }
  if (r.authoring) {
    const a = r.authoring;
    const start = (large: boolean, cache: string) => a.starts.find((s) => (s.pages >= SCALE_PAGES) === large && s.cache === cache)?.seconds;
    const edit = (large: boolean) => a.edits.find((e) => (e.pages >= SCALE_PAGES) === large);
    rows.push(row('authoring:real:start:cache', '≤ 3 s', start(false, 'cache'), (v) => v <= 3));
    rows.push(row('authoring:large:start:cache', '≤ 10 s', start(true, 'cache'), (v) => v <= 10, `needs a ${SCALE_PAGES.toLocaleString('en-US')}-page site`));
    rows.push(row('authoring:large:start:cold', '≤ 60 s', start(true, 'cold'), (v) => v <= 60, `needs a ${SCALE_PAGES.toLocaleString('en-US')}-page site`));
    rows.push(row('authoring:real:edit:median', '≤ 100 ms', edit(false)?.medianMs, (v) => v <= 100));
    rows.push(row('authoring:real:edit:p95', '≤ 300 ms', edit(false)?.p95Ms, (v) => v <= 300));
    rows.push(row('authoring:large:edit:median', '≤ 200 ms', edit(true)?.medianMs, (v) => v <= 200, `needs a ${SCALE_PAGES.toLocaleString('en-US')}-page site`));
    for (const e of a.edits) rows.push(row(`authoring:${e.pages >= SCALE_PAGES ? 'large' : 'real'}:scroll`, '≤ 50 px, no reload', e.reloads > 0 ? Number.POSITIVE_INFINITY : e.maxScrollDriftPx, (v) => v <= 50));
  }
  return rows;
}
