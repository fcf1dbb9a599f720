/**
 * Lighthouse (the npm package) on the same Chromium, mobile preset
 * (simulated throttling, Moto G Power screen): the four category scores and
 * the cumulative layout shift of a page, as Lighthouse reports them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser.ts';

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

/** Runs Lighthouse on each URL in turn (one Chromium, reused). */
export async function runLighthouse(origin: string, paths: string[]): Promise<LighthouseScores[]> {
  const chrome = await launchForLighthouse();
  const out: LighthouseScores[] = [];
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
      out.push({
        path: p,
        performance: pct(cats.performance?.score),
        accessibility: pct(cats.accessibility?.score),
        bestPractices: pct(cats['best-practices']?.score),
        seo: pct(cats.seo?.score),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? null,
        failing,
        ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
        warnings: lhr.runWarnings,
      });
    }
  } finally {
    chrome.proc.kill();
    await new Promise((r) => setTimeout(r, 300));
    rmSync(chrome.dir, { recursive: true, force: true });
  }
  return out;
}
