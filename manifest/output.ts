/**
 * Atomic output: everything is written into a staging folder beside dist/,
 * which then replaces dist/ by rename. A build that fails never touches dist/.
 * Files are written through a FileWriter.
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** Creates a fresh staging folder next to `distDir`, optionally seeded with its current contents. */
export function createStage(distDir: string, seed: boolean): string {
  const stage = `${distDir}.staging-${process.pid}`;
  rmSync(stage, { recursive: true, force: true });
  if (seed && existsSync(distDir)) cpSync(distDir, stage, { recursive: true });
  else mkdirSync(stage, { recursive: true });
  return stage;
}

/** A file to write (`data`) or to copy (`source`), by absolute path. */
type Job = [file: string, data: string | Uint8Array | null, source: string | null];
type WriteFailure = { message: string; code?: string; path?: string };

/**
 * A writer thread: writes each batch of files it is sent, counts it in the
 * shared counters (batches of its lane, KB of all lanes: read without the
 * event loop), and answers with the first failure (or null).
 */
const WRITER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { copyFileSync, mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const counts = new Int32Array(workerData.counts);
const dirs = new Set();
parentPort.on('message', ({ jobs, kb }) => {
  let failure = null;
  for (const [file, data, source] of jobs) {
    try {
      const dir = path.dirname(file);
      if (!dirs.has(dir)) {
        mkdirSync(dir, { recursive: true });
        dirs.add(dir);
      }
      if (source === null) writeFileSync(file, data);
      else copyFileSync(source, file);
    } catch (e) {
      failure ??= { message: e.message, code: e.code, path: e.path };
    }
  }
  parentPort.postMessage(failure);
  Atomics.add(counts, 0, kb);
  Atomics.add(counts, 1 + workerData.lane, 1);
});
`;
/** Writer threads: creating files and folders is the kernel's work, which threads on several cores do side by side. */
const THREADS = Math.min(availableParallelism(), 4);
/** SITE_WRITER_THREADS=0 writes every file on the build's thread (the bench builds the largest site both ways). */
const WRITER_THREADS = process.env.SITE_WRITER_THREADS !== '0';
/**
 * Files written in this thread before the writer threads start. The real
 * content writes about 1,500: threads would cost their start-up and, on two
 * busy cores, wait for a core at the end; a large site writes tens of thousands.
 */
const THREADS_FROM = 2000;
/** Files per batch handed to a thread. */
const BATCH_FILES = 64;
/** A batch is handed over sooner when its files reach this size (KB). */
const BATCH_KB = 1024;
/** Batches a thread holds at a time. */
const IN_FLIGHT = 2;
/** KB handed to the threads and not yet written, past which this thread writes files itself: bounds the memory held. */
const IN_FLIGHT_KB = 16 * 1024;

interface Lane {
  worker: Worker;
  /** Batches sent. */
  sent: number;
  /** Batches answered (their failures read). */
  answered: number;
}

/**
 * Writes files under a folder, on writer threads beside this one when there
 * are many: a large site writes tens of thousands of files, each a create
 * and a write that would otherwise hold up the build. The first files are
 * written at once; after that, files go to the threads in batches while the
 * build goes on computing, and when the threads are busy this thread writes
 * the file itself, so it does not wait and no text is held for long (text
 * held in a queue outlives the young generation, and the heap grows with
 * it). Files are distinct; a file written again waits for everything asked
 * before it. `flush` returns once all is written and throws the first
 * failure; `close` flushes and stops the threads.
 */
export class FileWriter {
  private readonly lanes: Lane[] = [];
  /** [0]: KB written by the threads; [1 + lane]: batches written by that lane. */
  private readonly counts = new Int32Array(new SharedArrayBuffer(4 * (1 + THREADS)));
  private batch: Job[] = [];
  private batchBytes = 0;
  private sentKb = 0;
  private files = 0;
  private readonly seen = new Set<string>();
  /** Folders this thread has made. */
  private readonly dirs = new Set<string>();
  private failure: WriteFailure | undefined;
  private waiting: Array<() => void> = [];

  constructor(private readonly root: string) {}

  /** Writes `data` to `rel` (relative to the root), creating its folders. */
  write(rel: string, data: string | Uint8Array): void {
    this.add([path.join(this.root, rel), data, null], data.length);
  }

  /** Copies the file `source` to `rel`. */
  copy(rel: string, source: string): void {
    this.add([path.join(this.root, rel), null, source], 0);
  }

  /** Waits for every write asked so far; throws the first that failed. */
  async flush(): Promise<void> {
    this.handOver();
    if (this.lanes.some((l) => l.answered < l.sent)) await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.failure) throw Object.assign(new Error(this.failure.message), { code: this.failure.code, path: this.failure.path });
  }

  /** Flushes, then stops the writer threads (even when a write failed). */
  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await Promise.all(this.lanes.splice(0).map((l) => l.worker.terminate()));
    }
  }

  private add(job: Job, size: number): void {
    // A file written again: everything asked before it lands first.
    if (this.seen.has(job[0])) this.barrier();
    this.seen.add(job[0]);
    if (!WRITER_THREADS || this.files++ < THREADS_FROM) return this.writeHere(job);
    if (this.lanes.length === 0) this.start();
    this.batch.push(job);
    this.batchBytes += size;
    if (this.batch.length >= BATCH_FILES || this.batchBytes >= BATCH_KB * 1024) this.handOver();
  }

  /** Sends the batch to the least busy thread, or writes it here when every thread has enough. */
  private handOver(): void {
    if (this.batch.length === 0) return;
    const kb = Math.ceil(this.batchBytes / 1024);
    let lane: Lane | undefined;
    let least = IN_FLIGHT;
    for (const [i, l] of this.lanes.entries()) {
      const busy = l.sent - Atomics.load(this.counts, 1 + i);
      if (busy < least) [lane, least] = [l, busy];
    }
    const jobs = this.batch;
    this.batch = [];
    this.batchBytes = 0;
    if (!lane || this.sentKb - Atomics.load(this.counts, 0) + kb > IN_FLIGHT_KB) {
      for (const job of jobs) this.writeHere(job);
      return;
    }
    if (lane.answered === lane.sent) lane.worker.ref();
    lane.sent++;
    this.sentKb += kb;
    lane.worker.postMessage({ jobs, kb });
  }

  private writeHere([file, data, source]: Job): void {
    const dir = path.dirname(file);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    if (source === null) writeFileSync(file, data!);
    else copyFileSync(source, file);
  }

  /** Writes the batch here and waits until the threads have written all they were sent. */
  private barrier(): void {
    for (const job of this.batch.splice(0)) this.writeHere(job);
    this.batchBytes = 0;
    for (const [i, lane] of this.lanes.entries()) {
      for (let n = Atomics.load(this.counts, 1 + i); n < lane.sent; n = Atomics.load(this.counts, 1 + i)) Atomics.wait(this.counts, 1 + i, n, 100);
    }
  }

  private start(): void {
    for (let i = 0; i < THREADS; i++) {
      const lane: Lane = { worker: new Worker(WRITER_THREAD, { eval: true, workerData: { counts: this.counts.buffer, lane: i } }), sent: 0, answered: 0 };
      lane.worker.unref();
      lane.worker.on('message', (failure: WriteFailure | null) => {
        if (failure) this.failure ??= failure;
        if (++lane.answered < lane.sent) return;
        // Nothing left to write: the thread no longer keeps the process alive.
        lane.worker.unref();
        this.settle();
      });
      lane.worker.on('error', (e) => {
        this.failure ??= { message: `A file writer thread stopped: ${e.message}` };
        lane.answered = lane.sent;
        Atomics.store(this.counts, 1 + i, lane.sent);
        this.settle();
      });
      this.lanes.push(lane);
    }
  }

  /** Wakes `flush` once every thread has answered for all it was sent. */
  private settle(): void {
    if (this.lanes.some((l) => l.answered < l.sent)) return;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

/** Replaces `distDir` with `stage` by two renames; the old tree is removed afterwards. */
export function commitStage(stage: string, distDir: string): void {
  const old = `${distDir}.old-${process.pid}`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(distDir)) renameSync(distDir, old);
  renameSync(stage, distDir);
  rmSync(old, { recursive: true, force: true });
}

/** Removes a staging folder after a failed build. */
export function discardStage(stage: string): void {
  rmSync(stage, { recursive: true, force: true });
}
