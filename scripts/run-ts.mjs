/**
 * Runs a TypeScript entry point of the project (`node scripts/run-ts.mjs
 * scripts/build.ts [args]`) as one esbuild bundle of the entry, the
 * project's modules and the packages they import, which Node then imports.
 * A build that loads one file instead of some six hundred starts about a
 * second sooner than one that transpiles each file on import.
 *
 * The bundle is kept in node_modules/.cache/run-ts/ with the list of its
 * input files (path, size, modification time) and made again as soon as
 * one of them changes, a package is installed or esbuild's version changes.
 * Packages with native code (esbuild) stay external. `import.meta.url`
 * keeps naming each project module's own source file, so paths resolved
 * from it (the project root) still hold. The program can ask for the bundle
 * of a worker thread's entry the same way (see the end of this file), so a
 * worker starts as quickly.
 */
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';

// V8 compiles optimized code for a function once it has run a given amount
// of bytecode: a budget set for long-lived pages. A build runs for seconds,
// and with that budget V8's background threads spent more CPU compiling
// functions that were soon done with than the build gained (the real
// content: 1.4 s of 3.3 s for the build's process, on 2 cores shared with
// Tailwind and esbuild). At 8 times the budget only code that stays hot
// (the Markdown parser, on every page) is optimized: the build's process
// used 2.35 s of CPU and its own thread no more time; the 1,000- and
// 10,000-page builds used 8-15% less CPU. Set before the program is loaded,
// so its code, and the worker threads it starts, run with it.
v8.setFlagsFromString(`--interrupt-budget=${8 * 66 * 1024}`);

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('Usage: node scripts/run-ts.mjs <entry.ts> [args…]');
  process.exit(2);
}

const root = fileURLToPath(new URL('..', import.meta.url));
// Inside the project's node_modules, wherever the command runs from.
const dir = path.join(root, 'node_modules/.cache/run-ts');
/** Packages that must be loaded from node_modules as they are (native binaries). */
const EXTERNAL = ['esbuild'];

/** Size and modification time of a file, or null when it is gone. */
function stamp(file) {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return null;
  }
}

/** True when the kept bundle was made from the files as they are now. */
function fresh(metaFile, entryAbs) {
  let meta;
  try {
    meta = JSON.parse(readFileSync(metaFile, 'utf8'));
  } catch {
    return false;
  }
  if (meta.esbuild !== esbuild.version || meta.entry !== entryAbs) return false;
  return Object.entries(meta.inputs).every(([file, s]) => stamp(file) === s);
}

/** Replaces `import.meta.url` in each project module with that module's own file URL. */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|mjs)$/ }, (a) => {
      if (a.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(a.path, 'utf8');
      const contents = source.includes('import.meta.url') ? source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(a.path).href)) : source;
      return { contents, loader: a.path.endsWith('.tsx') ? 'tsx' : a.path.endsWith('.mjs') ? 'js' : 'ts' };
    });
  },
};

/** The bundle of `entryAbs` (an absolute path), made first when it is missing or stale. */
async function bundle(entryAbs) {
  const name = path
    .relative(root, entryAbs)
    .replace(/[^\w.-]+/g, '_')
    .replace(/\.\w+$/, '');
  const bundleFile = path.join(dir, `${name}.mjs`);
  const metaFile = path.join(dir, `${name}.json`);
  if (fresh(metaFile, entryAbs)) return bundleFile;
  const result = await esbuild.build({
    entryPoints: [entryAbs],
    absWorkingDir: root,
    bundle: true,
    external: EXTERNAL,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    // Where the bundle goes, so the source map's paths lead from there to the sources.
    outfile: bundleFile,
    metafile: true,
    // Stack traces need the mappings only; without the sources' text the bundle loads sooner (half the size).
    sourcemap: 'inline',
    sourcesContent: false,
    logLevel: 'error',
    // Packages written as CommonJS call require(); give the bundle one.
    banner: { js: "import { createRequire as __runTsRequire } from 'node:module'; const require = __runTsRequire(import.meta.url);" },
    plugins: [ownUrl],
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) {
    const abs = path.resolve(root, file.replace(/^[\w-]+:/, ''));
    inputs[abs] = stamp(abs);
  }
  // The lockfile too: an install may change a package without touching the files read so far.
  inputs[path.join(root, 'package-lock.json')] = stamp(path.join(root, 'package-lock.json'));
  // And this file, whose options make the bundle.
  inputs[fileURLToPath(import.meta.url)] = stamp(fileURLToPath(import.meta.url));
  mkdirSync(dir, { recursive: true });
  // Written beside and renamed into place, so a build running at the same time never reads half a file.
  const tmp = `.${process.pid}`;
  writeFileSync(bundleFile + tmp, result.outputFiles[0].contents);
  writeFileSync(metaFile + tmp, JSON.stringify({ esbuild: esbuild.version, entry: entryAbs, inputs }));
  renameSync(bundleFile + tmp, bundleFile);
  renameSync(metaFile + tmp, metaFile);
  return bundleFile;
}

// A worker thread's TypeScript entry is bundled the same way: code that starts
// one asks `globalThis[Symbol.for('run-ts')]?.bundle(entry)` for the file to run.
globalThis[Symbol.for('run-ts')] = { bundle };

const entryAbs = path.resolve(entry);
const bundleFile = await bundle(entryAbs);

process.argv = [process.argv[0], entryAbs, ...args];
// Stack traces name the TypeScript sources (the bundle carries an inline source map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundleFile).href);
