/**
 * Timed builds: `scripts/build.ts` run as `npm run build` runs it
 * (scripts/run-ts.mjs, in the project folder), with CONTENT_DIR and DIST_DIR pointing at the site to
 * build. Wall time from spawn to exit, and the peak memory of the process
 * tree (the build and Tailwind's CLI).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { processTree, watchMemory } from './process-memory.ts';

/** One build. */
export interface BuildRun {
  /** Which site: real, or synthetic-<pages>. */
  site: string;
  pages: number;
  /** Wall time of the whole command, s. */
  seconds: number;
  /** The time the build printed about itself ("in 2.3 s"), s; null when it printed none. */
  reported: number | null;
  /** The search index's build time the build printed ("Search index: N pages in X ms."), ms; null when it printed none. */
  searchIndexMs?: number | null;
  /** Peak of the summed resident memory of the process tree, bytes (null off Linux). */
  peakTreeRss: number | null;
  /** Largest single process's own peak (VmHWM), bytes. */
  peakProcess: number | null;
  /** What the build printed last (its "Built N pages" line, or the error). */
  output: string;
  ok: boolean;
  /** Bytes of every file the build wrote (what a static host stores), null when it failed. */
  distBytes?: number | null;
  /** Wall times of every run when the build was repeated (the figures above are the median run's), s. */
  runs?: number[];
  /** Wall time of one more run with nothing kept from the last build used (`BUILD_CACHE=off`), s. */
  uncachedSeconds?: number;
}

/**
 * Writes what the page cache holds for the disk (`sync`) and returns the
 * time that took, ms (null where there is no `sync` command). Called before
 * each timed build: the bench writes a generated site of up to 10,000 pages
 * just before building it, and an author's content has long been on disk, so
 * the build should not also pay for the kernel writing the generator's files.
 */
export function flushDisk(): number | null {
  const started = performance.now();
  const r = spawnSync('sync', { stdio: 'ignore' });
  return r.error || r.status !== 0 ? null : performance.now() - started;
}

/** What `npm run build` runs. */
const RUN_TS = path.resolve('scripts/run-ts.mjs');

/**
 * Builds `contentDir` into `distDir`. A build still running after
 * `capSeconds` is stopped (its processes, by pid) so the bench stays within
 * its time; it then counts as failed.
 */
export function timedBuild(
  site: string,
  pages: number,
  contentDir: string,
  distDir: string,
  capSeconds = Number.POSITIVE_INFINITY,
  env: Record<string, string> = {},
): Promise<BuildRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [RUN_TS, 'scripts/build.ts'], {
      env: { ...process.env, ...env, CONTENT_DIR: contentDir, DIST_DIR: distDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const mem = watchMemory(child.pid!);
    let stopped = false;
    const cap = Number.isFinite(capSeconds)
      ? setTimeout(() => {
          stopped = true;
          for (const pid of processTree(child.pid!).reverse()) {
            try {
              process.kill(pid, 'SIGKILL');
            } catch {
              /* already gone */
            }
          }
        }, capSeconds * 1000)
      : undefined;
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(cap);
      if (stopped) out += `\nStopped after ${capSeconds} s (the bench's cap for one build).`;
      const seconds = (performance.now() - started) / 1000;
      const peak = mem.stop();
      const lines = out.trim().split('\n');
      resolve({
        site,
        pages,
        seconds,
        reported: code === 0 ? Number(/ in ([\d.]+) s\.?\s*$/.exec(out.trim())?.[1] ?? Number.NaN) || null : null,
        searchIndexMs: code === 0 ? searchIndexMs(out) : null,
        peakTreeRss: peak.treeRss,
        peakProcess: peak.largestProcess,
        output: code === 0 && !stopped ? (lines.at(-1) ?? '') : lines.slice(-25).join('\n'),
        ok: code === 0 && !stopped,
        distBytes: code === 0 && !stopped ? folderBytes(distDir) : null,
      });
    });
  });
}

/** The search index's build time from the build's output, ms; null when the line is missing. */
export function searchIndexMs(output: string): number | null {
  const m = /^Search index: \d+ pages in ([\d.]+) ms\.$/m.exec(output);
  return m ? Number(m[1]) : null;
}

/** Total size of the files under `dir`. */
export function folderBytes(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) total += statSync(path.join(e.parentPath, e.name)).size;
  }
  return total;
}
