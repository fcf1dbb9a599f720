/**
 * Atomic output: everything is written into a staging folder beside dist/,
 * which then replaces dist/ by rename. A build that fails never touches dist/.
 * Files are written through a FileWriter.
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import path from 'node:path';

/** Creates a fresh staging folder next to `distDir`, optionally seeded with its current contents. */
export function createStage(distDir: string, seed: boolean): string {
  const stage = `${distDir}.staging-${process.pid}`;
  rmSync(stage, { recursive: true, force: true });
  if (seed && existsSync(distDir)) cpSync(distDir, stage, { recursive: true });
  else mkdirSync(stage, { recursive: true });
  return stage;
}

/**
 * Writes files under a folder, creating their folders (each once). Plain
 * writes on the build's thread: writer threads beside it were measured on
 * the 10,000-page build and made it slower, not faster (see the README,
 * Performance).
 */
export class FileWriter {
  /** Folders made so far. */
  private readonly dirs: Set<string>;

  /**
   * `made`: absolute folders known to exist already, another writer's `folders()` of the same root (the
   * page documents go into the folders of the pages' Markdown copies). Asking for each again cost a
   * mkdir that failed and a stat: 10,000 of each at 10,000 pages, about 0.45 ms a call on a disk where
   * creating a file takes as long.
   */
  constructor(
    private readonly root: string,
    made: Iterable<string> = [],
  ) {
    this.dirs = new Set(made);
  }

  /** The absolute folders this writer has made or was told of. */
  folders(): string[] {
    return [...this.dirs];
  }

  /** Writes `data` to `rel` (relative to the root), creating its folders. */
  write(rel: string, data: string | Uint8Array): void {
    writeFileSync(this.place(rel), data);
  }

  /** Copies the file `source` to `rel`. */
  copy(rel: string, source: string): void {
    copyFileSync(source, this.place(rel));
  }

  /** The absolute path of `rel`, once its folder exists. */
  private place(rel: string): string {
    const file = path.join(this.root, rel);
    const dir = path.dirname(file);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    return file;
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
