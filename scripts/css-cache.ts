/**
 * Tailwind's output, kept between builds under the hash of everything it
 * reads: the files under `src/` (the stylesheet, its imports and the
 * sources it scans for classes, `@source "../../src"`), the installed
 * packages (npm's record of node_modules: Tailwind, its typography plugin,
 * medium-zoom's stylesheet) and the command's arguments. Content is not
 * among them, so an author's rebuild after editing pages reuses the
 * stylesheet: Tailwind's CLI took about a second of CPU of each build, on
 * the core the app's bundle and the compiler's background threads share.
 *
 * A changed, added or removed file under `src/`, or another install, gives
 * another key and Tailwind runs again. `BUILD_CACHE=off` runs it always.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The key of Tailwind's output for `args`, run in `root`. */
export function cssCacheKey(root: string, args: readonly string[]): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(args));
  for (const lock of ['node_modules/.package-lock.json', 'package-lock.json']) {
    const file = path.join(root, lock);
    h.update(`\0${lock}\0`);
    if (existsSync(file)) h.update(readFileSync(file));
  }
  const src = path.join(root, 'src');
  const files = readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const file of files) {
    h.update(`\0${path.relative(root, file)}\0`);
    h.update(readFileSync(file));
  }
  return h.digest('hex').slice(0, 32);
}

/** Where the kept stylesheets live. */
export const cssCacheDir = (root: string) => path.join(root, 'node_modules', '.cache', 'tailwind');

/**
 * Writes Tailwind's output for `args` to `out`: the kept copy when one was
 * made from the same inputs, else `run()`'s, which is then kept (the last
 * one only: the folder does not grow).
 */
export async function cachedCss(root: string, args: readonly string[], out: string, run: () => Promise<void>): Promise<'kept' | 'built'> {
  if (process.env.BUILD_CACHE === 'off') {
    await run();
    return 'built';
  }
  const dir = cssCacheDir(root);
  const name = `${cssCacheKey(root, args)}.css`;
  const kept = path.join(dir, name);
  try {
    copyFileSync(kept, out);
    return 'kept';
  } catch {
    // None kept for these inputs (or another build removed it just now).
  }
  await run();
  // Two builds may run at once (the test command builds both outputs side by side): each writes its own
  // temporary file and renames it, and a file another build is reading may go only through a failed copy.
  mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `${name}.${process.pid}.tmp`);
  copyFileSync(out, tmp);
  renameSync(tmp, kept);
  for (const f of readdirSync(dir)) if (f !== name && f.endsWith('.css')) rmSync(path.join(dir, f), { force: true });
  return 'built';
}
