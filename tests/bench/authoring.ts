/**
 * The author's loop: the real dev server (`scripts/dev.ts` in its own
 * process, as `npm run dev` starts it) and a real Chromium tab, with no
 * reload from the harness. Measures dev start to a rendered page, a
 * Markdown edit to its new text visible in the open tab (and how far the
 * scroll position moved), and a src/ edit to the reloaded page.
 *
 * Times are wall-clock: the edit's start is taken in this process right
 * before the file is written, its end in the page (epoch time of the
 * mutation that brought the new text), so no round trip to the browser is
 * counted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { VIEWPORT } from './tab.ts';

/** VitePress 1.6.4 on the same machine, from the issue (not re-measured). */
export const VITEPRESS = {
  editMedianMs: 105,
  editMaxMs: 301,
  start10kSeconds: 9.4,
  edit10kMedianMs: 45,
};

export interface DevStart {
  site: string;
  pages: number;
  /** 'cold': no cache; 'cache': the cache of an earlier run, one page edited since; 'n/a': whatever the run found. */
  cache: 'cold' | 'cache' | 'n/a';
  /** Process start to the page's h1 rendered by the app, s. */
  seconds: number;
  /** Pages analysed at start, as the server printed. */
  analysed: number | null;
}

export interface EditFigures {
  site: string;
  pages: number;
  runs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
  /** Largest distance between the scroll position before and after an edit, px. */
  maxScrollDriftPx: number;
  /** Edits that reloaded the tab (must be 0). */
  reloads: number;
  /** Each edit's time (ms) and scroll position before and after (px), in order. */
  each: Array<{ ms: number; before: number; after: number }>;
}

export interface Authoring {
  starts: DevStart[];
  edits: EditFigures[];
  /** A src/ edit to the reloaded page showing its h1, ms. */
  srcReloadMs: number | null;
}

const root = path.resolve(import.meta.dirname, '../..');

interface Running {
  child: ChildProcess;
  url: string;
  analysed: number | null;
  output: string[];
  stop(): Promise<void>;
}

/** Starts `npm run dev`'s program on a free port; resolves once it prints its address. */
function startDev(content: string, cacheDir: string): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/run-ts.mjs'), 'scripts/dev.ts', '--port', '0', '--content', content, '--cache', cacheDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    let buffer = '';
    const stop = (): Promise<void> =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      });
    // The address comes first; with the cache of an earlier run, the counts follow once the content is checked.
    const running: Running = { child, url: '', analysed: null, output, stop };
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (t: string) => output.push(t));
    child.stdout.on('data', (t: string) => {
      buffer += t;
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        output.push(line);
        const counts = /(\d+) pages compiled, (\d+) analysed/.exec(line);
        if (counts) running.analysed = Number(counts[2]);
        const m = /^Dev server at (http:\/\/[^/]+)\//.exec(line);
        if (m) {
          running.url = m[1]!;
          resolve(running);
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`the dev server stopped (code ${code}): ${output.join('').slice(-400)}`)));
  });
}

/** The app's h1 (not the static shell's) is on screen. */
async function rendered(page: Page, h1: string, timeout: number): Promise<void> {
  await page.waitForFunction(
    (text) => !document.querySelector('[data-static-shell]') && [...document.querySelectorAll('main h1')].some((h) => h.textContent?.trim() === text),
    h1,
    { timeout, polling: 'raf' },
  );
}

/** Starts the dev server and opens the page in a new tab; the time is process start to the rendered h1. */
async function timedStart(browser: Browser, o: { content: string; cacheDir: string; path: string; h1: string }): Promise<{ dev: Running; page: Page; seconds: number }> {
  const started = performance.now();
  const dev = await startDev(o.content, o.cacheDir);
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(`${dev.url}${o.path}`);
  await rendered(page, o.h1, 180_000);
  const seconds = (performance.now() - started) / 1000;
  // Not timed: the server's own count of the pages it analysed.
  for (let i = 0; i < 1200 && dev.analysed === null; i++) await page.waitForTimeout(100);
  return { dev, page, seconds };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Edits the page's Markdown `runs` times and times each edit to its text in the open tab. */
async function measureEdits(page: Page, file: string, runs: number, gapMs: number): Promise<Omit<EditFigures, 'site' | 'pages'>> {
  const original = readFileSync(file, 'utf8');
  const times: number[] = [];
  let drift = 0;
  let reloads = 0;
  const each: EditFigures['each'] = [];
  try {
    // The page complete first (not busy, its height the same for 10 frames): its h1 shows before its
    // body is rendered in slices, and a position taken from a page still short was 0 px, where no edit
    // can move the reader. A string, for the reason given below.
    const settled = await page.evaluate(`new Promise((resolve) => {
      const until = performance.now() + 30000;
      let height = -1;
      let same = 0;
      const step = () => {
        const h = document.documentElement.scrollHeight;
        same = h === height && !document.querySelector('main [aria-busy="true"]') ? same + 1 : 0;
        height = h;
        if (same >= 10 || performance.now() > until) resolve(same >= 10);
        else requestAnimationFrame(step);
      };
      step();
    })`);
    if (!settled) throw new Error('The page was still changing 30 s after its h1 showed.');
    // Halfway down the page (at most 1,500 px): an edit above the reader must not move what they read.
    // Instant (the site's CSS scrolls smoothly), and settled before the first edit.
    const target = await page.evaluate(() => Math.round(Math.min(1500, (document.documentElement.scrollHeight - innerHeight) / 2)));
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), target);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, target);
    await page.waitForTimeout(300);
    await page.evaluate(() => ((window as { benchDocument?: boolean }).benchDocument = true));
    for (let i = 0; i < runs; i++) {
      const marker = `Edited sentence number ${i} ${Math.random().toString(36).slice(2, 8)}.`;
      const before = await page.evaluate(() => window.scrollY);
      // Resolves in the page with the epoch time of the first frame that shows the marker.
      // A string, not a function: a function is sent as the text the bundler made of it, whose helpers would not exist in the page.
      await page.evaluate(`(() => {
        const m = ${JSON.stringify(marker)};
        window.seenAt = new Promise((resolve) => {
          const obs = new MutationObserver(() => {
            if (!document.querySelector('main')?.textContent?.includes(m)) return;
            resolve(performance.timeOrigin + performance.now());
            obs.disconnect();
          });
          obs.observe(document.body, { childList: true, subtree: true, characterData: true });
        });
      })()`);
      // The sentence goes into the body's first paragraph, above where the reader is.
      const edited = original.replace(/\n\n(?=[A-Za-z])/, `\n\n${marker} `);
      const t0 = performance.timeOrigin + performance.now();
      writeFileSync(file, edited);
      const seen = await page.evaluate(() => (window as { seenAt?: Promise<number> }).seenAt!);
      times.push(seen - t0);
      // The scroll position once the update has settled.
      await page.waitForTimeout(gapMs);
      if (!(await page.evaluate(() => (window as { benchDocument?: boolean }).benchDocument === true))) reloads++;
      const after = await page.evaluate(() => window.scrollY);
      each.push({ ms: Math.round(times.at(-1)!), before, after });
      drift = Math.max(drift, Math.abs(after - before));
    }
  } finally {
    writeFileSync(file, original);
  }
  const sorted = times.slice().sort((a, b) => a - b);
  return { runs, medianMs: percentile(sorted, 50), p95Ms: percentile(sorted, 95), maxMs: sorted.at(-1)!, maxScrollDriftPx: drift, reloads, each };
}

/** Edits a src/ file and times it to the reloaded page's h1; the file is restored afterwards. */
async function measureSrcReload(page: Page, h1: string): Promise<number> {
  const file = path.join(root, 'src/app/App.tsx');
  const original = readFileSync(file, 'utf8');
  try {
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    const t0 = performance.now();
    writeFileSync(file, `${original}\n// ${Date.now()}\n`);
    await reloaded;
    await rendered(page, h1, 60_000);
    return performance.now() - t0;
  } finally {
    writeFileSync(file, original);
  }
}

export interface AuthoringSite {
  label: string;
  pages: number;
  content: string;
  page: { path: string; h1: string; file: string };
}

/**
 * Runs the authoring measurements: the real site (start with whatever cache
 * there is, edits, a src/ edit), then the large site (cold start, start with
 * the cache after one page was edited, edits).
 */
export async function measureAuthoring(browser: Browser, o: { real: AuthoringSite; large?: AuthoringSite; work: string; runs: number; say: (m: string) => void }): Promise<Authoring> {
  const out: Authoring = { starts: [], edits: [], srcReloadMs: null };
  const real = o.real;
  {
    const cacheDir = path.join(o.work, 'dev-cache-real');
    // A first run fills the cache, as an author's earlier session would have.
    const warm = await timedStart(browser, { content: real.content, cacheDir, path: real.page.path, h1: real.page.h1 });
    out.starts.push({ site: real.label, pages: real.pages, cache: 'cold', seconds: warm.seconds, analysed: warm.dev.analysed });
    await warm.page.context().close();
    await warm.dev.stop();
    const s = await timedStart(browser, { content: real.content, cacheDir, path: real.page.path, h1: real.page.h1 });
    out.starts.push({ site: real.label, pages: real.pages, cache: 'cache', seconds: s.seconds, analysed: s.dev.analysed });
    try {
      o.say(`  ${real.label}: ${o.runs} edits of ${real.page.file}`);
      out.edits.push({ site: real.label, pages: real.pages, ...(await measureEdits(s.page, path.join(real.content, real.page.file), o.runs, 400)) });
      o.say('  src/ edit');
      out.srcReloadMs = await measureSrcReload(s.page, real.page.h1);
      // The restore rebuilds once more; let it finish before the server stops.
      await s.page.waitForTimeout(1500);
    } finally {
      await s.page.context().close();
      await s.dev.stop();
    }
  }
  if (o.large) {
    const large = o.large;
    const cacheDir = path.join(o.work, 'dev-cache-large');
    o.say(`  ${large.label}: cold start`);
    const cold = await timedStart(browser, { content: large.content, cacheDir, path: large.page.path, h1: large.page.h1 });
    out.starts.push({ site: large.label, pages: large.pages, cache: 'cold', seconds: cold.seconds, analysed: cold.dev.analysed });
    await cold.page.context().close();
    await cold.dev.stop();
    // One page changed while the server was stopped.
    const file = path.join(large.content, large.page.file);
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(/\n\n(?=[A-Za-z])/, '\n\nA sentence written while the server was stopped. '));
    o.say(`  ${large.label}: start with the cache`);
    const s = await timedStart(browser, { content: large.content, cacheDir, path: large.page.path, h1: large.page.h1 });
    writeFileSync(file, original);
    out.starts.push({ site: large.label, pages: large.pages, cache: 'cache', seconds: s.seconds, analysed: s.dev.analysed });
    try {
      await s.page.waitForTimeout(1000);
      o.say(`  ${large.label}: ${o.runs} edits`);
      out.edits.push({ site: large.label, pages: large.pages, ...(await measureEdits(s.page, file, o.runs, 400)) });
    } finally {
      await s.page.context().close();
      await s.dev.stop();
    }
  }
  return out;
}
