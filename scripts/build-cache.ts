/**
 * Outputs of the build's steps that depend on the app's code and not on the
 * content, kept between builds: Tailwind's stylesheet and esbuild's app
 * bundle. An author's rebuild after editing pages reuses both; a change to
 * what either read makes it again. `BUILD_CACHE=off` makes both always.
 *
 * Tailwind's output is kept under the hash of everything it
 * reads: the files under `src/` (the stylesheet, its imports and the
 * sources it scans for classes, `@source "../../src"`), the installed
 * packages (npm's record of node_modules: Tailwind, its typography plugin,
 * medium-zoom's stylesheet) and the command's arguments. Content is not
 * among them, so an author's rebuild after editing pages reuses the
 * stylesheet: Tailwind's CLI took about a second of CPU of each build, on
 * the core the app's bundle and the compiler's background threads share.
 *
 * A changed, added or removed file under `src/`, or another install, gives
 * another key and Tailwind runs again.
 *
 * The app bundle is kept with the list of the files esbuild read (its
 * metafile's inputs: the app's modules and the packages' files), each with
 * its size and modification time, as `manifest/ts-bundle.mjs` keeps the
 * build's own bundle, and with a hash of the options and esbuild's version;
 * a change to any of them makes it again.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** What the build needs of esbuild's result: the metafile's outputs and inputs, and what `buildApp` returns beside them. */
export interface AppBuild {
  /** Present whenever esbuild ran with `metafile: true`, as `buildApp` does. */
  metafile?: { inputs: Record<string, unknown>; outputs: Record<string, unknown> } | undefined;
}

/** Size and modification time of a file, or null when it is gone. */
function stamp(file: string): string | null {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}

/** The kept bundle's record. */
interface AppMeta {
  key: string;
  inputs: Record<string, string | null>;
  result: unknown;
}

/** Where the kept app bundle lives. */
export const appCacheDir = (root: string) => path.join(root, 'node_modules', '.cache', 'app');

/**
 * The app bundle built into `outdir` by `run()`, or the kept one copied there when `key` (the options)
 * is the same and none of the files it was made from changed. Returns `run()`'s result without its metafile.
 */
export async function cachedApp<T extends AppBuild>(root: string, key: string, outdir: string, run: () => Promise<T>): Promise<Omit<T, 'metafile'>> {
  const dir = appCacheDir(root);
  const off = process.env.BUILD_CACHE === 'off';
  if (!off) {
    try {
      const meta = JSON.parse(readFileSync(path.join(dir, 'meta.json'), 'utf8')) as AppMeta;
      if (meta.key === key && Object.entries(meta.inputs).every(([file, s]) => stamp(file) === s)) {
        cpSync(path.join(dir, 'files'), outdir, { recursive: true });
        return meta.result as Omit<T, 'metafile'>;
      }
    } catch {
      // None kept, or a kept one half removed by another build: build.
    }
  }
  const { metafile, ...result } = await run();
  if (off || !metafile) return result;
  // Beside the kept one and renamed into place: a build running at the same time reads either whole.
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  const inputs: Record<string, string | null> = {};
  for (const file of Object.keys(metafile.inputs)) {
    const abs = path.resolve(root, file.replace(/^[\w-]+:/, ''));
    inputs[abs] = stamp(abs);
  }
  for (const file of Object.keys(metafile.outputs)) {
    const abs = path.resolve(root, file);
    const to = path.join(tmp, 'files', path.relative(outdir, abs));
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(abs, to);
  }
  writeFileSync(path.join(tmp, 'meta.json'), JSON.stringify({ key, inputs, result } satisfies AppMeta));
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(tmp, dir);
  } catch {
    // Another build kept its bundle first.
    rmSync(tmp, { recursive: true, force: true });
  }
  return result;
}

/** The app bundle's key: its options, the files that make them, esbuild's version and the installed packages. */
export function appCacheKey(root: string, options: unknown, esbuildVersion: string): string {
  const h = createHash('sha256');
  h.update(JSON.stringify(options));
  h.update(esbuildVersion);
  for (const file of ['esbuild.config.mjs', 'tsconfig.json', 'package-lock.json', 'node_modules/.package-lock.json']) {
    h.update(`\0${file}\0`);
    if (existsSync(path.join(root, file))) h.update(readFileSync(path.join(root, file)));
  }
  return h.digest('hex').slice(0, 32);
}
