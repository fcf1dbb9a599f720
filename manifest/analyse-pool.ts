/**
 * Markdown analysis, the bulk of a content build's work, spread over worker
 * threads: each worker parses a share of the pages in its own heap, so the
 * work runs on every core and the parser's short-lived garbage never reaches
 * the heap that holds the whole site.
 *
 * The pool is started before the pages are read, so the workers load their
 * code while the build reads the content, and pages are handed out as they
 * come. On a large site the workers do all the parsing (one per core). On a
 * smaller one that still takes a noticeable time, this thread parses too,
 * beside one worker fewer: the two share the pages, largest first.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { threadScript } from './ts-bundle.mjs';
import { analyseMarkdown, type AnalysisOptions, type MarkdownFacts } from './markdown.ts';
import type { AnalysisCache } from './analysis-cache.ts';

/** From this many pages the workers do all the parsing, one per core. */
export const WORKER_THRESHOLD = 400;
/**
 * Below this much Markdown (bytes) this thread parses alone. A worker costs
 * its start-up and, above all, its own warm-up: the parser runs several
 * times slower until V8 has compiled it, in each thread. For the real
 * content (430 KB) that doubled cost is about 0.4 s of CPU, which on a busy
 * machine took longer than the work it took off this thread.
 */
export const SHARED_MIN_BYTES = 1024 * 1024;
/** Most pages per message: few enough to balance the threads, many enough that messages cost little. */
const BATCH = 25;
/** Batches a worker holds at a time, so it never waits for this thread to hand it the next. */
const IN_FLIGHT = 2;

/** How a site's pages are analysed: worker threads, and whether this thread parses too. */
export interface PoolPlan {
  workers: number;
  here: boolean;
}

/** The plan for `pages` pages of `bytes` bytes of Markdown. */
/**
 * The young generation of a worker's heap, MB. Parsing Markdown makes many
 * short-lived objects; with V8's default size each worker of the dev
 * server's cold start on the 10,000-page site spent 9 of its 60 s in
 * garbage collection. A larger one scavenges less often: the pool analysed
 * the 10,000 pages in 35.0 and 35.8 s instead of 44.1 and 49.6 s
 * (alternated), for 60 to 90 MB more at the build's peak.
 */
const WORKER_YOUNG_GENERATION_MB = 64;

export function planFor(pages: number, bytes: number): PoolPlan {
  const cores = Math.min(availableParallelism(), 8);
  if (pages >= WORKER_THRESHOLD) return { workers: cores, here: false };
  if (bytes >= SHARED_MIN_BYTES && pages > 1 && cores > 1) return { workers: cores - 1, here: true };
  return { workers: 0, here: true };
}

interface Job {
  index: number;
  body: string;
}

/**
 * A running analysis: `add` hands over each page body as it is read,
 * `results` waits for every page's facts, in the order of their indexes.
 */
export class AnalysisPool {
  private readonly queue: Job[] = [];
  private readonly out: MarkdownFacts[] = [];
  private readonly workers: Worker[] = [];
  private readonly busy = new Map<Worker, number>();
  private added = 0;
  private finished = 0;
  private failed: Error | undefined;
  private wake: (() => void) | undefined;
  private readonly ready: Promise<void>;
  private batchBytes = Number.POSITIVE_INFINITY;
  private closing = false;
  private sharing = false;
  private each: ((index: number, facts: MarkdownFacts) => void) | undefined;
  /** Pages found in the cache, handed over when `results` is asked for (the caller is still reading then). */
  private readonly hits: Array<[number, MarkdownFacts]> = [];
  private readonly keys = new Map<number, string>();

  constructor(
    private readonly plan: PoolPlan,
    private readonly options: AnalysisOptions = {},
    private readonly cache?: AnalysisCache,
  ) {
    // A failed start is reported by `results`.
    this.ready = plan.workers > 0 ? this.start(plan.workers).catch((e: Error) => this.fail(e)) : Promise.resolve();
  }

  private async start(count: number): Promise<void> {
    const script = await threadScript(new URL('./analyse-worker-main.ts', import.meta.url));
    for (let i = 0; i < count; i++) {
      const w = new Worker(script, { workerData: { options: this.options }, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
      this.busy.set(w, 0);
      w.on('message', (m: { ids: number[]; facts: MarkdownFacts[] }) => {
        m.facts.forEach((f, i) => this.done(m.ids[i]!, f));
        this.finished += m.ids.length;
        this.busy.set(w, this.busy.get(w)! - 1);
        this.pump();
        this.notify();
      });
      w.on('error', (e) => this.fail(e));
      w.on('exit', (code) => code !== 0 && !this.closing && this.fail(new Error(`A Markdown analysis worker stopped with code ${code}.`)));
      this.workers.push(w);
    }
    this.pump();
  }

  /**
   * Queues one page body. When the workers parse alone, a worker takes it as
   * soon as a batch is full; when this thread parses too, the pages are shared
   * out once all are known (`results`).
   */
  add(index: number, body: string): void {
    this.added++;
    if (this.cache) {
      const key = this.cache.keyOf(body);
      const kept = this.cache.get(key);
      if (kept) {
        this.hits.push([index, kept]);
        return;
      }
      this.keys.set(index, key);
    }
    this.queue.push({ index, body });
    if (!this.plan.here && this.queue.length >= BATCH) this.pump();
  }

  /** Every page's facts, once every added body is analysed; this thread parses too when the plan says so. */
  async results(): Promise<MarkdownFacts[]> {
    // What is left is handed out largest first, so no thread ends with a long page while the other waits.
    this.queue.sort((a, b) => b.body.length - a.body.length);
    const threads = this.plan.workers + (this.plan.here ? 1 : 0);
    const left = this.queue.reduce((n, j) => n + j.body.length, 0);
    // Small enough batches that the threads end together, on a small site too.
    this.batchBytes = Math.max(4096, left / Math.max(1, threads * 6));
    this.sharing = true;
    for (const [index, facts] of this.hits.splice(0)) {
      this.finished++;
      this.done(index, facts);
    }
    this.pump();
    while (this.finished < this.added) {
      if (this.failed) throw this.failed;
      const job = this.plan.here ? this.queue.shift() : undefined;
      if (job) {
        this.done(job.index, analyseMarkdown(job.body, this.options));
        this.finished++;
        // Lets the workers' answers in (each hands its worker the next batch).
        await new Promise((resolve) => setImmediate(resolve));
      } else {
        await new Promise<void>((resolve) => (this.wake = resolve));
      }
    }
    if (this.failed) throw this.failed;
    this.cache?.save();
    return this.out;
  }

  /**
   * Calls `each` with every page's facts as they come, those that came already first; it runs on this
   * thread while the workers go on with the rest (the build writes what a page alone decides meanwhile).
   */
  onFacts(each: (index: number, facts: MarkdownFacts) => void): void {
    this.out.forEach((f, i) => each(i, f));
    this.each = each;
  }

  private done(index: number, facts: MarkdownFacts): void {
    this.out[index] = facts;
    const key = this.keys.get(index);
    if (key !== undefined) this.cache!.put(key, facts);
    try {
      this.each?.(index, facts);
    } catch (e) {
      this.fail(e as Error);
    }
  }

  /** Stops the workers. */
  async close(): Promise<void> {
    this.closing = true;
    await this.ready;
    await Promise.all(this.workers.splice(0).map((w) => w.terminate()));
  }

  /** Hands each free worker a batch from the queue. */
  private pump(): void {
    if (this.plan.here && !this.sharing) return;
    for (const w of this.workers) {
      while (this.busy.get(w)! < IN_FLIGHT && this.queue.length > 0) {
        const ids: number[] = [];
        const bodies: string[] = [];
        let bytes = 0;
        while (this.queue.length > 0 && ids.length < BATCH && (ids.length === 0 || bytes < this.batchBytes)) {
          const job = this.queue.shift()!;
          ids.push(job.index);
          bodies.push(job.body);
          bytes += job.body.length;
        }
        this.busy.set(w, this.busy.get(w)! + 1);
        w.postMessage({ ids, bodies });
      }
    }
  }

  private fail(e: Error): void {
    this.failed ??= e;
    this.notify();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/** Analyses every body, in order; `workers` overrides the automatic choice (0 = in this thread). */
export async function analyseAll(bodies: readonly string[], workers?: number): Promise<MarkdownFacts[]> {
  const plan =
    workers === undefined
      ? planFor(
          bodies.length,
          bodies.reduce((n, b) => n + b.length, 0),
        )
      : { workers, here: workers === 0 };
  const pool = new AnalysisPool(plan);
  try {
    bodies.forEach((b, i) => pool.add(i, b));
    return await pool.results();
  } finally {
    await pool.close();
  }
}
