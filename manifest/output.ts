/**
 * Atomic output: everything is written into a staging folder beside dist/,
 * which then replaces dist/ by rename. A build that fails never touches dist/.
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
