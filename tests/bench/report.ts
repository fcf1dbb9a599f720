/**
 * Turns the results into the printed report: one row per figure (section,
 * page, figure, value, unit), with the budget and PASS/FAIL beside the
 * figures that have one, then the longest request chains and what could not
 * be measured. Pure.
 */
import { VITEPRESS } from './authoring.ts';
import type { BudgetRow } from './budgets.ts';
import { CATEGORIES } from './classify.ts';
import { PROFILE_TEXT } from './profile.ts';
import type { BenchResults } from './results.ts';
import type { Spread } from './stats.ts';
import { formatTable, num } from './table.ts';

/** A figure as printed. */
interface Figure { id?: string; section: string; page: string; figure: string; value: string; unit: string }

const kb = (b: number) => num(b / 1000, 1);
const ms = (s: Spread) => (s.n === 0 ? '–' : `${num(s.median)} (${num(s.min)}–${num(s.max)})`);
const LABELS: Record<string, string> = { html: 'HTML', js: 'JS', css: 'CSS', fonts: 'fonts', manifest: 'data: manifest/routes', chunk: 'data: page chunk', search: 'data: search', images: 'images', other: 'other' };

/** Every figure of the results, in section order. */
export function figures(r: BenchResults): Figure[] {
  const f: Figure[] = [];
  const add = (x: Figure) => f.push(x);
  for (const b of r.build ?? []) {
    const key = b.site === 'real' ? 'real' : String(b.pages);
    const page = b.site === 'real' ? `real content (${b.pages} pages)` : `synthetic ${b.pages.toLocaleString('en-US')} pages`;
    const times = b.runs && b.runs.length > 1 ? `, median of ${b.runs.length}` : '';
    add({ id: `build:${key}:seconds`, section: 'build', page, figure: b.ok ? `wall time (npm run build: Node start-up, loading the build script, build${times})` : 'wall time (FAILED or stopped)', value: num(b.seconds, 1), unit: 's' });
    if (b.reported !== null) add({ section: 'build', page, figure: 'time the build prints (after start-up)', value: num(b.reported, 1), unit: 's' });
    if (b.uncachedSeconds !== undefined) add({ section: 'build', page, figure: 'wall time with nothing kept from the last build (BUILD_CACHE=off: Tailwind and the app bundle made again, as after a change to the app)', value: num(b.uncachedSeconds, 1), unit: 's' });
    if (typeof b.searchIndexMs === 'number') add({ id: `build:${key}:search-index`, section: 'build', page, figure: 'search index build (the time the build prints)', value: num(b.searchIndexMs), unit: 'ms' });
    add({ id: `build:${key}:memory`, section: 'build', page, figure: 'peak memory, process tree', value: num(b.peakTreeRss === null ? null : b.peakTreeRss / 1e9, 2), unit: 'GB' });
    if (b.site !== 'real') add({ section: 'build', page, figure: 'time per page', value: num((b.seconds / b.pages) * 1000, 1), unit: 'ms' });
    if (b.distBytes !== undefined && b.distBytes !== null) add({ id: `build:${key}:dist`, section: 'build', page, figure: 'dist/ size (every file written)', value: num(b.distBytes / 1e6, 1), unit: 'MB' });
  }
  const syn = (r.build ?? []).filter((b) => b.site !== 'real').slice(-2);
  if (syn.length === 2) add({ id: 'build:growth', section: 'build', page: `${syn[1]!.pages.toLocaleString('en-US')} vs ${syn[0]!.pages.toLocaleString('en-US')} pages`, figure: 'time per page ratio', value: '', unit: 'x' });
  if (syn.length === 2 && syn.every((b) => b.ok && b.peakTreeRss !== null)) add({ section: 'build', page: `${syn[1]!.pages.toLocaleString('en-US')} vs ${syn[0]!.pages.toLocaleString('en-US')} pages`, figure: 'peak memory ratio (pages ratio in brackets)', value: `${num(syn[1]!.peakTreeRss! / syn[0]!.peakTreeRss!, 2)} (${num(syn[1]!.pages / syn[0]!.pages, 0)})`, unit: 'x' });
  for (const t of r.transfer ?? []) {
    const page = `${t.label} ${t.path}`;
    for (const c of CATEGORIES) if (t.bytes[c] > 0 || ['js', 'css', 'fonts', 'manifest', 'chunk'].includes(c)) add({ section: 'transfer', page, figure: LABELS[c]!, value: kb(t.bytes[c]), unit: 'KB gzip' });
    add({ section: 'transfer', page, figure: `service worker / workers (${t.backgroundRequests} requests)`, value: kb(t.background), unit: 'KB gzip' });
    add({ id: `transfer:${t.label}:total`, section: 'transfer', page, figure: 'whole first load (page + workers)', value: kb(t.total), unit: 'KB gzip' });
    add({ section: 'transfer', page, figure: 'requests by the page', value: num(t.requests), unit: 'count' });
    add({ id: `transfer:${t.label}:critical-js`, section: 'transfer', page, figure: 'JS requested before h1 painted', value: kb(t.criticalJs), unit: 'KB gzip' });
    add({ id: `transfer:${t.label}:depth`, section: 'transfer', page, figure: 'request depth after index.html (to h1)', value: num(t.depth), unit: 'requests' });
    if (t.redirected) add({ section: 'transfer', page, figure: 'request depth as served (after 404.html)', value: num(t.depthServed), unit: 'requests' });
    add({ section: 'transfer', page, figure: 'request depth, whole first load', value: num(t.depthAll), unit: 'requests' });
  }
  for (const s of r.scale ?? []) {
    const page = `synthetic ${s.sitePages.toLocaleString('en-US')}, default page`;
    add({ section: 'scale', page, figure: 'first-load data (manifest/routes + chunk + search)', value: kb(s.bytes.manifest + s.bytes.chunk + s.bytes.search), unit: 'KB gzip' });
    add({ section: 'scale', page, figure: 'whole first load', value: kb(s.total), unit: 'KB gzip' });
  }
  if (r.scale?.length || r.transfer?.length) add({ id: 'scale:data-ratio', section: 'scale', page: 'largest synthetic / real', figure: 'first-load data ratio', value: '', unit: 'x' });
  const t = r.timeToContent;
  if (t) {
    const page = t.path;
    add({ section: 'ttc', page, figure: 'app, cold deep link, from the link (404.html)', value: ms(t.cold), unit: 'ms' });
    add({ section: 'ttc', page, figure: 'app, cold, from index.html start', value: ms(t.coldFromIndex), unit: 'ms' });
    add({ section: 'ttc', page: t.staticUrl, figure: 'static HTML, cold', value: ms(t.staticCold), unit: 'ms' });
    add({ id: 'ttc:ratio-cold', section: 'ttc', page, figure: 'app / static, cold', value: num(t.ratioCold, 2), unit: 'x' });
    if (t.wholeCold) {
      // How the runs' last parts were read: by Element Timing, or (none of their elements painted) the frame after.
      const read = (sources: readonly string[] | undefined) => (sources ? `${sources.filter((s) => s === 'element-timing').length} of ${sources.length} runs read by Element Timing` : 'read by the frame after');
      add({ section: 'ttc', page, figure: `app, cold: whole article painted (its last part parsed and painted; ${read(t.wholeSources?.app)})`, value: ms(t.wholeCold), unit: 'ms' });
      if (t.parsedCold) {
        add({ section: 'ttc', page, figure: 'app, cold: whole document parsed, next frame (sidebar after the article)', value: ms(t.parsedCold), unit: 'ms' });
        add({ section: 'ttc', page: t.staticUrl, figure: 'static HTML, cold: whole document parsed, next frame', value: ms(t.staticParsedCold), unit: 'ms' });
      }
      add({ section: 'ttc', page: t.staticUrl, figure: `static HTML, cold: whole article painted (${read(t.wholeSources?.static)})`, value: ms(t.staticWholeCold), unit: 'ms' });
      add({ id: 'ttc:ratio-whole', section: 'ttc', page, figure: 'app / static, cold, whole article', value: num(t.ratioWholeCold, 2), unit: 'x' });
      const pr = t.pairedWholeCold;
      if (pr && pr.n > 0) add({ section: 'ttc', page, figure: 'app / static, cold, whole article, each round on its own (the loads of a round back to back): median (min–max)', value: `${num(pr.median, 2)} (${num(pr.min, 2)}–${num(pr.max, 2)})`, unit: 'x' });
    }
    const e = r.timeToContentEager;
    if (e?.wholeCold) {
      const copy = 'copy, every section laid out';
      add({ section: 'ttc', page: e.path, figure: `${copy}, cold: whole article painted`, value: ms(e.wholeCold), unit: 'ms' });
      add({ section: 'ttc', page: e.staticUrl, figure: 'static HTML, cold: whole article painted (same section)', value: ms(e.staticWholeCold), unit: 'ms' });
      add({ section: 'ttc', page: e.path, figure: `${copy} / static, cold, whole article`, value: num(e.ratioWholeCold, 2), unit: 'x' });
    }
    add({ section: 'ttc', page, figure: 'app, repeat visit, from the link', value: ms(t.warm), unit: 'ms' });
    add({ section: 'ttc', page, figure: 'app, repeat visit, from index.html start', value: ms(t.warmFromIndex), unit: 'ms' });
    add({ section: 'ttc', page: t.staticUrl, figure: 'static HTML, repeat visit', value: ms(t.staticWarm), unit: 'ms' });
    add({ id: 'ttc:ratio-warm', section: 'ttc', page, figure: 'app / static, repeat visit', value: num(t.ratioWarm, 2), unit: 'x' });
  }
  const n = r.navigation;
  if (n) {
    const pre = n.hops.filter((h) => h.kind === 'prefetched');
    add({ id: 'nav:not-fetched', section: 'navigation', page: `${n.hops.filter((h) => h.kind === 'not-fetched').length} clicks`, figure: 'click -> h1, page not fetched', value: ms(n.notFetched), unit: 'ms' });
    add({ id: 'nav:prefetched', section: 'navigation', page: `${pre.length} clicks`, figure: 'click -> h1, after hover/in view', value: ms(n.prefetched), unit: 'ms' });
    add({ section: 'navigation', page: `${pre.length} clicks`, figure: 'data prefetched before the click', value: `${n.prefetchedHits} of ${pre.length}`, unit: 'clicks' });
  }
  for (const s of r.search ?? []) {
    const page = `${s.sitePages.toLocaleString('en-US')} pages, "${s.query}"`;
    const big = s.sitePages >= 10_000 ? '10000' : String(s.sitePages);
    add({ id: `search:${big}:bytes`, section: 'search', page, figure: 'transferred until first result', value: kb(s.bytesToFirst.total), unit: 'KB gzip' });
    add({ section: 'search', page, figure: '  of which search index/runtime', value: kb(s.bytesToFirst.search), unit: 'KB gzip' });
    add({ section: 'search', page, figure: '  of which app JS', value: kb(s.bytesToFirst.js), unit: 'KB gzip' });
    add({ section: 'search', page, figure: 'requests until first result', value: num(s.requestsToFirst), unit: 'count' });
    add({ section: 'search', page, figure: 'first letter -> first result shown', value: num(s.msToFirst), unit: 'ms' });
    add({ section: 'search', page, figure: 'first keystroke (loads the engine)', value: num(s.keystrokes[0]?.ms), unit: 'ms' });
    add({ id: `search:${big}:keystroke`, section: 'search', page, figure: 'per keystroke after the first', value: ms(s.perKeystroke), unit: 'ms' });
    add({ section: 'search', page, figure: 'results for the whole word', value: num(s.results), unit: 'options' });
  }
  for (const t of r.searchTyping ?? []) {
    const key = (t.site === 'real' ? 'real' : t.sitePages >= 10_000 ? '10000' : String(t.sitePages)) + (t.cpuSlowdown === 1 ? ':no-slowdown' : '');
    const page = `${t.sitePages.toLocaleString('en-US')} pages, ${t.queries.length} queries${t.passes > 1 ? `, typed ${t.passes} times` : ''}${t.cpuSlowdown === 1 ? ', no CPU slowdown' : ''}`;
    const counted = `${t.perKeystroke.n} of ${t.keystrokes.length}`;
    add({ id: `search:${key}:session`, section: 'search', page, figure: `transferred for the ${t.passes > 1 ? 'first pass' : 'session'} (from "/")`, value: kb(t.bytes.total), unit: 'KB gzip' });
    add({ section: 'search', page, figure: '  of which search index/runtime', value: kb(t.bytes.search), unit: 'KB gzip' });
    add({ section: 'search', page, figure: `requests for the ${t.passes > 1 ? 'first pass' : 'session'}`, value: num(t.requests), unit: 'count' });
    add({ section: 'search', page, figure: `keystrokes counted (UI changed, no request meanwhile${t.passes > 1 ? ', last pass' : ''})`, value: counted, unit: 'keys' });
    add({ id: `search:${key}:keystroke:median`, section: 'search', page, figure: 'per keystroke, files loaded: median (min–max)', value: ms(t.perKeystroke), unit: 'ms' });
    add({ id: `search:${key}:keystroke:p95`, section: 'search', page, figure: 'per keystroke, files loaded: 95th percentile', value: num(t.perKeystroke.p95), unit: 'ms' });
  }
  if (r.keystrokeFloor) add({ section: 'search', page: 'bare field, same queries', figure: 'per keystroke: median (min–max), the browser alone', value: ms(r.keystrokeFloor), unit: 'ms' });
  if (r.keystrokeFloorNoSlowdown) add({ section: 'search', page: 'bare field, same queries, no CPU slowdown', figure: 'per keystroke: median (min–max), the browser alone', value: ms(r.keystrokeFloorNoSlowdown), unit: 'ms' });
  if (r.answersFloor) add({ section: 'search', page: 'the app\'s answers written into the page\'s box, no app', figure: 'per keystroke: median (min–max), 95th percentile ' + num(r.answersFloor.p95), value: ms(r.answersFloor), unit: 'ms' });
  if (r.relevance) {
    const { site, minisearch } = r.relevance;
    const page = `site (${site.queries} queries)`;
    add({ section: 'relevance', page, figure: 'success@1', value: num(site.at1, 3), unit: 'share' });
    add({ id: 'relevance:success@3', section: 'relevance', page, figure: 'success@3', value: num(site.at3, 3), unit: 'share' });
    add({ id: 'relevance:mrr', section: 'relevance', page, figure: 'mean reciprocal rank', value: num(site.mrr, 3), unit: '' });
    const base = 'MiniSearch (fuzzy 0.2, prefix, title x2)';
    add({ section: 'relevance', page: base, figure: 'success@1', value: num(minisearch.at1, 3), unit: 'share' });
    add({ section: 'relevance', page: base, figure: 'success@3', value: num(minisearch.at3, 3), unit: 'share' });
    add({ section: 'relevance', page: base, figure: 'mean reciprocal rank', value: num(minisearch.mrr, 3), unit: '' });
  }
  for (const l of r.lighthouse ?? []) {
    const id = `lighthouse:${l.path}`;
    add({ id: `${id}:performance`, section: 'lighthouse', page: l.path, figure: 'performance', value: num(l.performance), unit: 'score' });
    add({ id: `${id}:accessibility`, section: 'lighthouse', page: l.path, figure: 'accessibility', value: num(l.accessibility), unit: 'score' });
    add({ id: `${id}:best-practices`, section: 'lighthouse', page: l.path, figure: 'best practices', value: num(l.bestPractices), unit: 'score' });
    add({ id: `${id}:seo`, section: 'lighthouse', page: l.path, figure: 'SEO', value: num(l.seo), unit: 'score' });
    add({ id: `${id}:cls`, section: 'lighthouse', page: l.path, figure: 'cumulative layout shift', value: num(l.cls, 4), unit: '' });
    add({ section: 'lighthouse', page: l.path, figure: 'largest contentful paint (simulated)', value: num(l.lcpMs), unit: 'ms' });
    if (l.performanceRuns.length > 1) {
      add({ section: 'lighthouse', page: l.path, figure: `performance, each of ${l.performanceRuns.length} runs (scores above: medians)`, value: l.performanceRuns.map((v) => num(v)).join(', '), unit: 'score' });
    }
    const tbt = l.tbtRuns.filter((v): v is number => v !== null);
    if (tbt.length) add({ section: 'lighthouse', page: l.path, figure: 'total blocking time (simulated), median (min–max)', value: `${num(l.tbtMs)} (${num(Math.min(...tbt))}–${num(Math.max(...tbt))})`, unit: 'ms' });
  }
  if (r.authoring) {
    const a = r.authoring;
    const key = (pages: number) => (pages >= 10_000 ? 'large' : 'real');
    const site = (label: string, pages: number) => `${label} (${pages.toLocaleString('en-US')} pages)`;
    for (const s of a.starts) {
      const how = s.cache === 'cold' ? 'no cache' : s.cache === 'cache' ? `cache of an earlier run, ${s.analysed ?? '?'} page(s) analysed` : '';
      add({ id: `authoring:${key(s.pages)}:start:${s.cache}`, section: 'authoring', page: site(s.site, s.pages), figure: `dev start to rendered page (${how})`, value: num(s.seconds, 1), unit: 's' });
    }
    for (const e of a.edits) {
      const page = site(e.site, e.pages);
      add({ id: `authoring:${key(e.pages)}:edit:median`, section: 'authoring', page, figure: `Markdown edit to new text in the open tab, median of ${e.runs}`, value: num(e.medianMs), unit: 'ms' });
      add({ id: `authoring:${key(e.pages)}:edit:p95`, section: 'authoring', page, figure: 'Markdown edit to new text, 95th percentile', value: num(e.p95Ms), unit: 'ms' });
      add({ section: 'authoring', page, figure: 'Markdown edit to new text, slowest', value: num(e.maxMs), unit: 'ms' });
      add({ id: `authoring:${key(e.pages)}:scroll`, section: 'authoring', page, figure: `scroll position moved by an edit, most (reloads: ${e.reloads})`, value: num(e.maxScrollDriftPx), unit: 'px' });
    }
    add({ section: 'authoring', page: 'real', figure: 'src/ edit to the reloaded page', value: num(a.srcReloadMs), unit: 'ms' });
    // The anchor: VitePress on the same machine, from the issue (not re-measured).
    const vp = 'VitePress 1.6.4 (issue, not re-measured)';
    add({ section: 'authoring', page: vp, figure: 'edit to new text in the open tab, median (67 pages)', value: num(VITEPRESS.editMedianMs), unit: 'ms' });
    add({ section: 'authoring', page: vp, figure: 'edit to new text, slowest (67 pages)', value: num(VITEPRESS.editMaxMs), unit: 'ms' });
    add({ section: 'authoring', page: vp, figure: 'start to rendered page (10,000 pages)', value: num(VITEPRESS.start10kSeconds, 1), unit: 's' });
    add({ section: 'authoring', page: vp, figure: 'edit to new text, median (10,000 pages)', value: num(VITEPRESS.edit10kMedianMs), unit: 'ms' });
  }
  for (const p of r.peers ?? []) {
    const b = p.build;
    add({ section: 'peers', page: b.name, figure: b.ok ? 'build of the same pages, wall time' : `build FAILED: ${b.output}`, value: num(b.seconds, 1), unit: 's' });
    if (b.distBytes !== null) add({ section: 'peers', page: b.name, figure: 'dist/ size (every file written)', value: num(b.distBytes / 1e6, 1), unit: 'MB' });
    const l = p.firstLoad;
    if (l) {
      const page = `${b.name}, default ${l.path}`;
      for (const c of ['html', 'js', 'css', 'fonts'] as const) add({ section: 'peers', page, figure: LABELS[c]!, value: kb(l.bytes[c]), unit: 'KB gzip' });
      add({ section: 'peers', page, figure: 'whole first load', value: kb(l.total), unit: 'KB gzip' });
      add({ section: 'peers', page, figure: 'requests by the page', value: num(l.requests), unit: 'count' });
      add({ section: 'peers', page, figure: 'JS requested before h1 painted', value: kb(l.criticalJs), unit: 'KB gzip' });
    }
    const t = p.timeToContent;
    if (t) {
      const page = `${b.name}, ${t.path}`;
      add({ section: 'peers', page, figure: 'cold deep link to h1 painted', value: ms(t.cold), unit: 'ms' });
      add({ section: 'peers', page: t.staticUrl, figure: 'static HTML, cold', value: ms(t.staticCold), unit: 'ms' });
      add({ section: 'peers', page, figure: 'peer / static, cold', value: num(t.ratioCold, 2), unit: 'x' });
      add({ section: 'peers', page, figure: 'repeat visit to h1 painted', value: ms(t.warm), unit: 'ms' });
      add({ section: 'peers', page, figure: 'peer / static, repeat visit', value: num(t.ratioWarm, 2), unit: 'x' });
    }
  }
  return f;
}

/** The whole printed report. */
export function renderReport(r: BenchResults, budgets: readonly BudgetRow[]): string {
  const byId = new Map(budgets.map((b) => [b.id, b]));
  const rows = figures(r).map((x) => {
    const b = x.id ? byId.get(x.id) : undefined;
    const value = x.value === '' && b ? num(b.value, 2) : x.value;
    return [x.section, x.page, x.figure, value, x.unit, b?.limit ?? '', b ? (b.pass === null ? 'n/a' : b.pass ? 'PASS' : 'FAIL') : ''];
  });
  const out = [
    `Emulated device: ${PROFILE_TEXT}. Cold = fresh browser context (empty cache, no service worker). Transfer: one cold load per page; times: median (min–max) of ${r.options.runs} runs or clicks; search: 4x CPU only. 1 KB = 1,000 bytes.`,
    '',
    formatTable(['Section', 'Page', 'Figure', 'Value', 'Unit', 'Budget', 'Result'], rows),
  ];
  const chains = (r.transfer ?? []).map((t) => `  ${t.label}: ${t.chain.join(' -> ')}`);
  if (chains.length) out.push('', 'Longest request chain before the h1 (after index.html):', ...chains);
  const missing = budgets.filter((b) => b.pass === null).map((b) => `  ${b.id}: ${b.note ?? 'not measured'}`);
  const notes = [...r.notMeasured.map((m) => `  ${m}`), ...missing];
  if (notes.length) out.push('', 'Not measured:', ...notes);
  const lh = (r.lighthouse ?? []).filter((l) => l.failing.length || l.warnings.length || l.error);
  for (const l of lh) out.push('', `Lighthouse ${l.path}:`, ...(l.error ? [`  error: ${l.error}`] : []), ...l.failing.map((x) => `  lost points: ${x}`), ...l.warnings.map((w) => `  warning: ${w}`));
  const judged = budgets.filter((b) => b.pass !== null);
  // A failed section's budgets have no rows at all: say so, or the count reads as if nothing was missed.
  const failed = r.failedSections?.length ? ` ${r.failedSections.length} section(s) failed, their budgets not judged: ${r.failedSections.join('; ')}.` : '';
  out.push('', `Budgets: ${judged.filter((b) => b.pass).length} pass, ${judged.filter((b) => !b.pass).length} fail, ${budgets.length - judged.length} not measured.${failed} Run took ${num(r.durationSeconds)} s.`);
  return out.join('\n');
}
