/**
 * Atomic output: everything is written into a staging folder beside dist/,
 * which then replaces dist/ by rename. A build that fails never touches dist/.
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

/** Writes text files and copies files into `dir`. */
export function writeInto(dir: string, files: ReadonlyMap<string, string | Uint8Array>, copies: ReadonlyMap<string, string> = new Map()): void {
  for (const [rel, text] of files) {
    const abs = path.join(dir, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
  for (const [rel, src] of copies) {
    const abs = path.join(dir, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    copyFileSync(src, abs);
  }
}

/** A file to write (`data`) or to copy (`source`), by absolute path. */
type Job = [file: string, data: string | Uint8Array | null, source: string | null];
type WriteFailure = { message: string; code?: string; path?: string };

/**
 * A writer thread: writes each batch of files it is sent, counts it done in
 * the shared counter of its lane (read without the event loop), and answers
 * with the first failure (or null).
 */
const WRITER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { copyFileSync, mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const done = new Int32Array(workerData.done);
const dirs = new Set();
parentPort.on('message', (jobs) => {
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
  Atomics.add(done, workerData.lane, 1);
});
`;
/** Writer threads: creating files and folders is the kernel's work, which several threads do side by side. */
const THREADS = Math.min(availableParallelism(), 4);
/** Files waiting before the threads are started: a small output is written by this thread alone. */
const THREADS_FROM = 256;
/** Files per batch handed to a thread. */
const BATCH_FILES = 64;
/** Batches a thread holds at a time: enough to keep it busy, few enough that this thread can take the rest. */
const IN_FLIGHT = 8;
/** Bytes waiting for a thread past which this thread writes them itself: bounds the memory held. */
const HOLD_BYTES = 64 * 1024 * 1024;

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
 * and a write that would otherwise hold up the build. `write` queues a file;
 * the threads take batches of the queue while the build goes on computing,
 * and this thread writes some itself when too much is waiting and when it
 * flushes, so it never just waits. Files are distinct; a file written again
 * waits for everything asked before it. `flush` returns once all is written
 * and throws the first failure; `close` flushes and stops the threads.
 */
export class FileWriter {
  private queue: Job[] = [];
  /** Index of the first job of `queue` not yet taken. */
  private head = 0;
  private queuedBytes = 0;
  private readonly seen = new Set<string>();
  /** Folders this thread has made. */
  private readonly dirs = new Set<string>();
  private readonly lanes: Lane[] = [];
  /** Batches each lane has written, counted by its thread. */
  private readonly done = new Int32Array(new SharedArrayBuffer(4 * THREADS));
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

  /** Hands waiting files to threads that have room: for long computations between writes. */
  pump(): void {
    for (const [i, lane] of this.lanes.entries()) {
      while (lane.sent - Atomics.load(this.done, i) < IN_FLIGHT && this.queue.length - this.head >= BATCH_FILES) this.send(lane, BATCH_FILES);
    }
  }

  /** Waits for every write asked so far; throws the first that failed. */
  async flush(): Promise<void> {
    // What is left is shared: the threads take batches while this thread writes files one by one.
    while (this.head < this.queue.length) {
      for (const [i, lane] of this.lanes.entries()) {
        if (lane.sent - Atomics.load(this.done, i) < 2 && this.queue.length - this.head > BATCH_FILES) this.send(lane, BATCH_FILES);
      }
      this.writeHere(this.take()!);
    }
    this.reset();
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
    this.queue.push(job);
    this.queuedBytes += size;
    if (this.lanes.length === 0 && this.queue.length - this.head >= THREADS_FROM) this.start();
    this.pump();
    while (this.queuedBytes > HOLD_BYTES) this.writeHere(this.take()!);
  }

  private take(): Job | undefined {
    const job = this.queue[this.head];
    if (!job) return undefined;
    this.queue[this.head++] = undefined as never;
    this.queuedBytes -= job[1]?.length ?? 0;
    return job;
  }

  /** Drops the taken part of the queue. */
  private reset(): void {
    if (this.head < this.queue.length) return;
    this.queue = [];
    this.head = 0;
  }

  private send(lane: Lane, count: number): void {
    const jobs: Job[] = [];
    for (let job = this.take(); job; job = jobs.length < count ? this.take() : undefined) jobs.push(job);
    if (jobs.length === 0) return;
    if (lane.answered === lane.sent) lane.worker.ref();
    lane.sent++;
    lane.worker.postMessage(jobs);
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

  /** Writes everything queued here and waits until the threads have written theirs. */
  private barrier(): void {
    for (let job = this.take(); job; job = this.take()) this.writeHere(job);
    this.reset();
    for (const [i, lane] of this.lanes.entries()) {
      for (let n = Atomics.load(this.done, i); n < lane.sent; n = Atomics.load(this.done, i)) Atomics.wait(this.done, i, n, 100);
    }
  }

  private start(): void {
    for (let i = 0; i < THREADS; i++) {
      const lane: Lane = { worker: new Worker(WRITER_THREAD, { eval: true, workerData: { done: this.done.buffer, lane: i } }), sent: 0, answered: 0 };
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
        Atomics.store(this.done, i, lane.sent);
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
