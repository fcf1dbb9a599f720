/**
 * Lighthouse (the npm package) on the same Chromium, mobile preset
 * (simulated throttling, Moto G Power screen): the four category scores and
 * the cumulative layout shift of a page, as Lighthouse reports them.
 *
 * Each page is audited several times, the pages taking turns, and the
 * performance score is the median of its runs, as Lighthouse's own
 * documentation advises for its variability: it follows the total blocking
 * time, which Lighthouse simulates from the tasks of one load on this
 * machine, and ten single runs on one home page and one build gave 92 to
 * 100. Every run's performance score is kept and printed; the other
 * categories are the lowest of the runs (lighthouse-runs.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser.ts';
import { combineRuns } from './lighthouse-runs.ts';

/** Scores 0-100 (null when Lighthouse could not score the category). */
export interface LighthouseScores {
  path: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  /** Cumulative layout shift (unitless). */
  cls: number | null;
  /** Largest contentful paint under simulated mobile throttling, ms. */
  lcpMs: number | null;
  /** Total blocking time under simulated mobile throttling, ms. */
  tbtMs: number | null;
  /** The performance score of each run, in order (the figures above are the medians of the runs). */
  performanceRuns: Array<number | null>;
  /** The total blocking time of each run, ms. */
  tbtRuns: Array<number | null>;
  /** Audits that lost points in the four categories (id: title). */
  failing: string[];
  /** Lighthouse's runtime error, when the run failed. */
  error?: string;
  /** Lighthouse's warnings about the run. */
  warnings: string[];
}

/** A Chromium with a DevTools port for Lighthouse to drive. */
async function launchForLighthouse(): Promise<{ port: number; proc: ChildProcess; dir: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-lh-'));
  const proc = spawn(await chromiumPath(), [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${dir}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not open a DevTools port: ${err.slice(-500)}`)), 20_000);
    proc.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err.slice(-500)}`)));
  });
  return { port, proc, dir };
}

/**
 * Runs `fn` with Lighthouse's trace-engine noise kept off the terminal: it
 * prints a LanternError stack for insights it cannot compute on a page that
 * redirects, although the run and its scores are fine.
 */
async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (!args.some((a) => /LanternError|missing metric scores/.test(String(a)))) original(...args);
  };
  try {
    return await fn();
  } finally {
    console.error = original;
  }
}

const pct = (s: number | null | undefined) => (s === null || s === undefined ? null : Math.round(s * 100));

/** Runs per page, unless the caller says. */
export const LIGHTHOUSE_RUNS = 5;

/** Runs Lighthouse `runs` times on each URL, the URLs taking turns (a fresh Chromium per round); one combined result per URL. */
export async function runLighthouse(origin: string, paths: string[], runs = LIGHTHOUSE_RUNS): Promise<LighthouseScores[]> {
  const each = new Map<string, LighthouseScores[]>(paths.map((p) => [p, []]));
  for (let i = 0; i < runs; i++) {
    for (const [p, scores] of await runOnce(origin, paths)) each.get(p)!.push(scores);
  }
  return paths.map((p) => combineRuns(each.get(p)!));
}

/** One round: Lighthouse on each URL in turn, in one Chromium. */
async function runOnce(origin: string, paths: string[]): Promise<Array<[string, LighthouseScores]>> {
  const chrome = await launchForLighthouse();
  const out: Array<[string, LighthouseScores]> = [];
  try {
    for (const p of paths) {
      const result = await quietly(() =>
        lighthouse(origin + p, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          formFactor: 'mobile',
          throttlingMethod: 'simulate',
        }),
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${p}.`);
      const cats = lhr.categories;
      const failing = Object.values(cats).flatMap((c) =>
        c.id === 'performance'
          ? []
          : c.auditRefs.filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1).map((r) => `${r.id}: ${lhr.audits[r.id]!.title}`),
      );
      const performance = pct(cats.performance?.score);
      const tbtMs = lhr.audits['total-blocking-time']?.numericValue ?? null;
      out.push([p, {
        path: p,
        performance,
        accessibility: pct(cats.accessibility?.score),
        bestPractices: pct(cats['best-practices']?.score),
        seo: pct(cats.seo?.score),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
        tbtMs,
        performanceRuns: [performance],
        tbtRuns: [tbtMs],
        failing,
        ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
        warnings: lhr.runWarnings,
      }]);
    }
  } finally {
    chrome.proc.kill();
    await new Promise((r) => setTimeout(r, 300));
    rmSync(chrome.dir, { recursive: true, force: true });
  }
  return out;
}
