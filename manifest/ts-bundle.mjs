/**
 * One esbuild bundle of a TypeScript entry point of the project, its
 * modules and the packages they import, for Node to load as one file:
 * scripts/run-ts.mjs runs the scripts this way, and the build's worker
 * threads start from the bundle of their entry (a thread cannot load
 * TypeScript by itself).
 *
 * The bundle is kept in node_modules/.cache/run-ts/ with the list of its
 * input files (path, size, modification time) and made again as soon as
 * one of them changes, a package is installed or esbuild's version changes.
 * Packages with native code (esbuild) or that find their own files on disk
 * (Playwright, Lighthouse, the packaged Chromium: the bench) stay external.
 * `import.meta.url`, `.dirname` and `.filename` keep naming each project
 * module's own source file, so paths resolved from them still hold.
 */
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';

/**
 * The project's folder, worked out when a bundle is asked for: a module that merely imports this one
 * (the compiler, in a test environment whose module URLs are not files) must not fail.
 */
const projectRoot = () => fileURLToPath(new URL('..', import.meta.url));
/** Packages that must be loaded from node_modules as they are. */
const EXTERNAL = ['esbuild', 'playwright-core', 'lighthouse', '@sparticuz/chromium'];
/**
 * `import.meta.url`, `.dirname` or `.filename` in a module's text. Never
 * written out in this file: this file is bundled too (into the build, which
 * bundles its workers' entries), and its own text would be rewritten.
 */
const META_PLACE = /\bimport\.meta\.(url|dirname|filename)\b/g;
const META = ['import', 'meta'].join('.');

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

/** Replaces `import.meta.url` (and `.dirname`, `.filename`) in each project module with that module's own. */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|mjs)$/ }, (a) => {
      if (a.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(a.path, 'utf8');
      const own = { url: pathToFileURL(a.path).href, dirname: path.dirname(a.path), filename: a.path };
      const contents = source.replace(META_PLACE, (_, key) => JSON.stringify(own[key]));
      return { contents, loader: a.path.endsWith('.tsx') ? 'tsx' : a.path.endsWith('.mjs') ? 'js' : 'ts' };
    });
  },
};

/**
 * The script a worker thread runs for the TypeScript entry at `entry` (a
 * file URL): the URL of its bundle, since a thread cannot load TypeScript by
 * itself.
 * @param {URL} entry
 * @returns {Promise<URL>}
 */
export async function threadScript(entry) {
  return pathToFileURL(await bundle(fileURLToPath(entry)));
}

/**
 * The bundle of `entryAbs` (an absolute path), made first when it is missing or stale.
 * @param {string} entryAbs
 * @returns {Promise<string>} the bundle's path
 */
export async function bundle(entryAbs) {
  const root = projectRoot();
  // Inside the project's node_modules, wherever the command runs from.
  const dir = path.join(root, 'node_modules/.cache/run-ts');
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
    banner: { js: `import { createRequire as __runTsRequire } from 'node:module'; const require = __runTsRequire(${META}.url);` },
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
  const self = path.join(root, 'manifest/ts-bundle.mjs');
  inputs[self] = stamp(self);
  mkdirSync(dir, { recursive: true });
  // Written beside and renamed into place, so a build (or test thread) running at the same time never reads half a file.
  const tmp = `.${process.pid}-${threadId}`;
  writeFileSync(bundleFile + tmp, result.outputFiles[0].contents);
  writeFileSync(metaFile + tmp, JSON.stringify({ esbuild: esbuild.version, entry: entryAbs, inputs }));
  renameSync(bundleFile + tmp, bundleFile);
  renameSync(metaFile + tmp, metaFile);
  return bundleFile;
}
