/**
 * Atomic output: everything is written into a staging folder beside dist/,
 * which then replaces dist/ by rename. A build that fails never touches dist/.
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
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

/** The writer thread: writes each batch of files it is sent, in order, and answers with the first failure. */
const WRITER_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { copyFileSync, mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const written = new Int32Array(workerData);
const dirs = new Set();
parentPort.on('message', ({ files, kb }) => {
  let failure = null;
  for (const [file, data, source] of files) {
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
  Atomics.add(written, 0, kb);
  Atomics.notify(written, 0);
  parentPort.postMessage(failure);
});
`;
/** Files per message to the writer thread. */
const BATCH_FILES = 64;
/** A message is sent sooner when its files reach this size (KB). */
const BATCH_KB = 1024;
/** KB sent to the writer thread and not yet written, past which `write` waits: bounds the memory held. */
const WRITE_AHEAD_KB = 64 * 1024;

type WriteFailure = { message: string; code?: string; path?: string };

/**
 * Writes files under a folder on a thread of their own: `write` returns at
 * once, and the thread creates the folders and writes the files in the order
 * they were asked for while the build goes on computing (a large site writes
 * tens of thousands of files). `flush` waits for every write so far and
 * throws the first failure; `close` flushes and stops the thread.
 */
export class FileWriter {
  private worker: Worker | undefined;
  private files: Array<[string, string | Uint8Array | null, string | null]> = [];
  private batchBytes = 0;
  private sentKb = 0;
  /** KB the writer thread has written, which it counts up itself (so `write` can wait for it without the event loop). */
  private readonly written = new Int32Array(new SharedArrayBuffer(4));
  private unanswered = 0;
  private failure: WriteFailure | undefined;
  private idle: Array<() => void> = [];

  constructor(private readonly root: string) {}

  /** Writes `data` to `rel` (relative to the root), creating its folders. */
  write(rel: string, data: string | Uint8Array): void {
    this.files.push([path.join(this.root, rel), data, null]);
    this.batchBytes += data.length;
    if (this.files.length >= BATCH_FILES || this.batchBytes >= BATCH_KB * 1024) this.send();
  }

  /** Copies the file `source` to `rel`. */
  copy(rel: string, source: string): void {
    this.files.push([path.join(this.root, rel), null, source]);
    if (this.files.length >= BATCH_FILES) this.send();
  }

  /** Waits for every write asked so far; throws the first that failed. */
  async flush(): Promise<void> {
    this.send();
    if (this.unanswered > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.failure) throw Object.assign(new Error(this.failure.message), { code: this.failure.code, path: this.failure.path });
  }

  /** Flushes, then stops the writer thread (even when a write failed). */
  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await this.worker?.terminate();
      this.worker = undefined;
    }
  }

  private send(): void {
    if (this.files.length === 0) return;
    const kb = Math.ceil(this.batchBytes / 1024);
    this.thread().postMessage({ files: this.files, kb });
    this.files = [];
    this.batchBytes = 0;
    this.sentKb += kb;
    if (this.unanswered++ === 0) this.worker!.ref();
    // Too much waiting to be written: wait here until the thread catches up.
    for (let done = Atomics.load(this.written, 0); this.sentKb - done > WRITE_AHEAD_KB; done = Atomics.load(this.written, 0)) {
      Atomics.wait(this.written, 0, done, 1000);
    }
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(WRITER_THREAD, { eval: true, workerData: this.written.buffer });
    w.on('message', (failure: WriteFailure | null) => {
      if (failure) this.failure ??= failure;
      if (--this.unanswered > 0) return;
      // Nothing left to write: the thread no longer keeps the process alive.
      w.unref();
      for (const resolve of this.idle.splice(0)) resolve();
    });
    w.on('error', (e) => {
      this.failure ??= { message: `The file writer stopped: ${e.message}` };
      this.unanswered = 0;
      for (const resolve of this.idle.splice(0)) resolve();
    });
    this.worker = w;
    return w;
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
