/**
 * `npm run bench`: builds the real content and synthetic sites (timed), then
 * measures the real site in Chromium (first-load transfer, time to content,
 * navigation, search, Lighthouse) and the synthetic ones (search and data at
 * scale), prints one table and writes bench/results.json. Budgets are
 * reported, not enforced, unless --strict. See cli.ts for the options.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { checkBudgets } from './budgets.ts';
import { flushDisk, timedBuild, type BuildRun } from './build.ts';
import { pageKeySet } from './classify.ts';
import { parseArgs } from './cli.ts';
import { runLighthouse } from './lighthouse.ts';
import { machine } from './machine.ts';
import { measureNavigation } from './navigation.ts';
import { benchPages, type BenchPages } from './pages.ts';
import { PROFILE_TEXT } from './profile.ts';
import { renderReport } from './report.ts';
import type { BenchResults, Section } from './results.ts';
import { measureAnswersFloor, measureKeystrokeFloor, measureSearch, measureTyping, READER_QUERIES } from './search.ts';
import { searchWord } from './search-word.ts';
import { relevanceFigures, relevanceTable } from './search-relevance.ts';
import { serveSite } from './site-server.ts';
import { writeEagerCopy, writeStaticPage } from './static-baseline.ts';
import { PEERS, type PeerBuild } from './peers.ts';
import { generateSite } from './synthetic-site.ts';
import { SEARCH_SESSION } from './vocabulary.ts';
import { measureTimeToContent } from './time-to-content.ts';
import { measureFirstLoad } from './transfer.ts';
import { measureAuthoring, type AuthoringSite } from './authoring.ts';

const started = performance.now();
const opts = parseArgs(process.argv.slice(2));
const has = (s: Section) => opts.only.includes(s);
const say = (m: string) => process.stderr.write(`› ${m}\n`);
const work = mkdtempSync(path.join(os.tmpdir(), 'voxcheck-bench-'));
const errors: string[] = [];

/** A built site the browser sections can serve. */
interface Built { label: string; pages: number; dist: string; content: string; info: BenchPages }

const pages = benchPages(opts.content);
const results: BenchResults = {
  date: new Date().toISOString(),
  machine: machine('not launched'),
  options: { quick: opts.quick, only: opts.only, content: opts.content, runs: opts.runs, buildCapSeconds: opts.buildCapSeconds },
  profile: PROFILE_TEXT,
  pages: { home: pages.home.path, default: pages.default.path, overview: pages.overview?.path ?? null, notFound: pages.notFound, count: pages.all.length },
  notMeasured: [],
  durationSeconds: 0,
};

/** Runs one section; an error is reported and the run goes on. */
async function section(name: string, fn: () => Promise<void>): Promise<void> {
  say(name);
  try {
    await fn();
  } catch (e) {
    const msg = e instanceof Error ? e.message.split('\n')[0]! : String(e);
    errors.push(`${name}: ${msg}`);
    results.notMeasured.push(`${name}: ${msg}`);
    (results.failedSections ??= []).push(name);
    say(`${name} failed: ${msg}`);
  }
}

// Builds first, alone on the machine, so their times are not disturbed by the browser.
say(`building the real content (${opts.content})`);
const realDist = path.join(work, 'real', 'dist');
// A few seconds each: repeated, and the median run kept, so one slow start-up does not decide the budget.
const realRuns: BuildRun[] = [];
for (let i = 0; i < (opts.quick ? 1 : 3); i++) {
  flushDisk();
  const b = await timedBuild('real', pages.all.length, path.resolve(opts.content), realDist, opts.buildCapSeconds);
  realRuns.push(b);
  if (!b.ok) break;
}
const realBuild: BuildRun = { ...realRuns.slice().sort((a, b) => a.seconds - b.seconds)[realRuns.length >> 1]!, runs: realRuns.map((b) => b.seconds) };
if (realRuns.every((b) => b.ok)) {
  // The same build with Tailwind's stylesheet and the app bundle made again (both are kept while what they read
  // stays the same): what the first build in a fresh clone, or after a change to the app's code, costs.
  flushDisk();
  const u = await timedBuild('real', pages.all.length, path.resolve(opts.content), realDist, opts.buildCapSeconds, { BUILD_CACHE: 'off' });
  if (u.ok) realBuild.uncachedSeconds = u.seconds;
}
if (realRuns.some((b) => !b.ok)) {
  console.error(`The real content did not build, so nothing can be measured:\n${realRuns.at(-1)!.output}\n\nTry --content tests/fixtures/site.`);
  rmSync(work, { recursive: true, force: true });
  process.exit(1);
}
const builds: BuildRun[] = [realBuild];
const synthetic: Built[] = [];
const wantSynthetic = has('build') || has('search') || has('transfer');
const sizes = has('build') ? opts.sizes : opts.sizes.slice(-1);
for (const n of wantSynthetic ? sizes : []) {
  say(`generating a synthetic site of ${n.toLocaleString('en-US')} pages`);
  const dir = path.join(work, `synthetic-${n}`);
  const genStart = performance.now();
  const gen = generateSite({ sourceDir: opts.content, outDir: dir, pages: n });
  const flushMs = flushDisk();
  say(`  generated in ${((performance.now() - genStart) / 1000).toFixed(1)} s; written to disk in ${flushMs === null ? '(no sync)' : `${(flushMs / 1000).toFixed(1)} s`}; building`);
  const b = await timedBuild(`synthetic-${n}`, gen.pages, gen.contentDir, path.join(dir, 'dist'), opts.buildCapSeconds);
  builds.push(b);
  if (b.ok) synthetic.push({ label: `synthetic ${n}`, pages: gen.pages, dist: path.join(dir, 'dist'), content: gen.contentDir, info: benchPages(gen.contentDir) });
  else results.notMeasured.push(`synthetic ${n.toLocaleString('en-US')}-page site: ${b.output.split('\n').at(-1)}`);
}
if (has('build')) results.build = builds;
const largest = synthetic.at(-1);

const browser: Browser = await launchBrowser();
results.machine = machine(browser.version());
const server = await serveSite(realDist);
const pageKeys = pageKeySet(pages.all.map((p) => p.path));

if (has('transfer')) {
  await section('transfer: first loads of the real site', async () => {
    const list = [
      { label: 'home', path: pages.home.path, h1: pages.home.h1 },
      { label: 'default', path: pages.default.path, h1: pages.default.h1 },
      ...(pages.overview ? [{ label: 'overview', path: pages.overview.path, h1: pages.overview.h1 }] : []),
      { label: '404', path: pages.notFound, h1: undefined },
    ];
    if (!pages.overview) results.notMeasured.push('transfer: the content has no overview-layout page');
    results.transfer = [];
    for (const p of list) {
      try {
        results.transfer.push(await measureFirstLoad(browser, server, { ...p, pageKeys }));
      } catch (e) {
        results.notMeasured.push(`transfer, ${p.label}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  });
  await section('transfer: first load of the synthetic sites', async () => {
    results.scale = [];
    for (const s of synthetic) {
      const srv = await serveSite(s.dist);
      try {
        const keys = pageKeySet(s.info.all.map((p) => p.path));
        const load = await measureFirstLoad(browser, srv, { label: `default @${s.pages}`, path: s.info.default.path, h1: s.info.default.h1, pageKeys: keys });
        results.scale.push({ ...load, sitePages: s.pages });
      } finally {
        await srv.close();
      }
    }
  });
}

if (has('ttc')) {
  await section(`time to content (${opts.runs} runs)`, async () => {
    const staticUrl = await writeStaticPage(browser, server, realDist, pages.default.path, pages.default.h1);
    results.timeToContent = await measureTimeToContent(browser, server, { path: pages.default.path, h1: pages.default.h1, staticUrl, runs: opts.runs });
  });
  await section(`time to content, every section laid out with the first screen (${opts.runs} runs)`, async () => {
    const eagerUrl = writeEagerCopy(realDist, pages.default.path);
    results.timeToContentEager = await measureTimeToContent(browser, server, { path: eagerUrl, h1: pages.default.h1, staticUrl: results.timeToContent!.staticUrl, runs: opts.runs, worker: false });
  });
}

if (has('navigation')) {
  await section('navigation', async () => {
    results.navigation = await measureNavigation(browser, server, { start: pages.default, pages: pages.all, runs: opts.runs });
  });
}

if (has('search')) {
  await section('search', async () => {
    results.search = [];
    const real = await measureSearch(browser, server, { site: 'real', startPath: pages.default.path, startH1: pages.default.h1, query: searchWord(opts.content) });
    results.search.push({ ...real, sitePages: pages.all.length });
    if (largest) {
      const srv = await serveSite(largest.dist);
      try {
        const s = await measureSearch(browser, srv, { site: largest.label, startPath: largest.info.default.path, startH1: largest.info.default.h1, query: searchWord(largest.content) });
        results.search.push({ ...s, sitePages: largest.pages });
      } finally {
        await srv.close();
      }
    }
  });
}

if (has('search')) {
  await section('search: readers\' queries typed on the real site, then again once loaded', async () => {
    // The second pass finds every file the queries need already loaded: its keystrokes are the client's work alone.
    const t = await measureTyping(browser, server, { site: 'real', startPath: pages.default.path, startH1: pages.default.h1, queries: READER_QUERIES, passes: 2 });
    (results.searchTyping ??= []).push({ ...t, sitePages: pages.all.length });
  });
  await section('search: the same, without the CPU slowdown (this machine as it is)', async () => {
    const t = await measureTyping(browser, server, { site: 'real', startPath: pages.default.path, startH1: pages.default.h1, queries: READER_QUERIES, passes: 2, cpu: false });
    (results.searchTyping ??= []).push({ ...t, sitePages: pages.all.length });
  });
  await section('search: the same keystrokes in a bare field (what the browser alone costs)', async () => {
    results.keystrokeFloor = await measureKeystrokeFloor(browser, server, realDist, READER_QUERIES);
    results.keystrokeFloorNoSlowdown = await measureKeystrokeFloor(browser, server, realDist, READER_QUERIES, false);
  });
  await section('search: the same answers written into the page\'s box without the app (what showing them costs the browser)', async () => {
    results.answersFloor = await measureAnswersFloor(browser, server, { startPath: pages.default.path, startH1: pages.default.h1, queries: READER_QUERIES });
  });
  if (largest) {
    await section(`search: a session of ${SEARCH_SESSION.length} queries on the ${largest.pages.toLocaleString('en-US')}-page site`, async () => {
      const srv = await serveSite(largest.dist);
      try {
        const queries = SEARCH_SESSION.map((q) => q.typed);
        const t = await measureTyping(browser, srv, { site: largest.label, startPath: largest.info.default.path, startH1: largest.info.default.h1, queries, passes: 1 });
        (results.searchTyping ??= []).push({ ...t, sitePages: largest.pages });
      } finally {
        await srv.close();
      }
    });
  }
}

if (has('authoring')) {
  await section('authoring: the dev server and a Chromium tab', async () => {
    // Copies: the measurement edits the Markdown (and puts it back).
    const realContent = path.join(work, 'authoring-real');
    cpSync(path.resolve(opts.content), realContent, { recursive: true });
    const real: AuthoringSite = { label: 'real', pages: pages.all.length, content: realContent, page: pages.default };
    const size = opts.sizes.at(-1)!;
    const have = synthetic.find((s) => s.pages === size);
    const content = have?.content ?? generateSite({ sourceDir: opts.content, outDir: path.join(work, `authoring-${size}`), pages: size }).contentDir;
    const info = have?.info ?? benchPages(content);
    const large: AuthoringSite = { label: `synthetic ${size.toLocaleString('en-US')}`, pages: info.all.length, content, page: info.default };
    results.authoring = await measureAuthoring(browser, { real, large, work, runs: opts.quick ? 10 : 20, say });
  });
}

if (has('peers')) {
  for (const peer of PEERS) {
    await section(`peers: the same pages built by ${peer.key} (${opts.runs} runs)`, async () => {
      let built: PeerBuild;
      try {
        built = await peer.build(realDist, path.join(work, peer.key));
      } catch (e) {
        results.notMeasured.push(`peers: ${peer.key} could not be installed: ${e instanceof Error ? e.message : String(e)}`);
        return;
      }
      const figures: NonNullable<BenchResults['peers']>[number] = { build: built };
      (results.peers ??= []).push(figures);
      if (!built.ok) {
        results.notMeasured.push(`peers: ${built.name} did not build: ${built.output}`);
        return;
      }
      // The same bare file as the site's own figure is measured against, served beside the peer's pages.
      const staticUrl = results.timeToContent?.staticUrl ?? (await writeStaticPage(browser, server, realDist, pages.default.path, pages.default.h1));
      cpSync(path.join(realDist, staticUrl), path.join(built.dist, staticUrl));
      const srv = await serveSite(built.dist);
      try {
        figures.firstLoad = await measureFirstLoad(browser, srv, { label: 'default', path: pages.default.path, h1: pages.default.h1, pageKeys });
        figures.timeToContent = await measureTimeToContent(browser, srv, { path: pages.default.path, h1: pages.default.h1, staticUrl, runs: opts.runs, worker: false });
      } finally {
        await srv.close();
      }
    });
  }
}

await browser.close();

if (has('lighthouse')) {
  await section('lighthouse', async () => {
    results.lighthouse = await runLighthouse(server.url, [pages.home.path, pages.default.path]);
  });
}
await server.close();

// The relevance set, the site's engine beside MiniSearch over the same page texts: a few seconds in Node, so every run has it.
await section('relevance set', async () => {
  results.relevance = await relevanceFigures(opts.content);
});

results.durationSeconds = (performance.now() - started) / 1000;
const budgets = checkBudgets(results);
console.log(renderReport(results, budgets));
if (results.relevance) console.log(`\n${relevanceTable(results.relevance)}`);
mkdirSync(path.dirname(path.resolve(opts.out)), { recursive: true });
writeFileSync(opts.out, `${JSON.stringify({ ...results, budgets, errors }, null, 2)}\n`);
console.log(`\nWrote ${opts.out}.`);
if (opts.keep) console.log(`Kept the synthetic sites and builds in ${work}.`);
else rmSync(work, { recursive: true, force: true });
if (opts.strict && (errors.length > 0 || budgets.some((b) => b.pass === false))) process.exit(1);
