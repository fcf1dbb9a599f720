/**
 * esbuild settings for the app bundle. `buildApp(outdir)` is called by the
 * site build (scripts/build.ts); the dev server (scripts/dev.ts) uses the same
 * options with esbuild's watch.
 */
import * as esbuild from 'esbuild';
import path from 'node:path';

/** Options shared by production builds and watch mode. */
export function appOptions(outdir, { minify = true } = {}) {
  return {
    entryPoints: { main: 'src/app/main.tsx' },
    bundle: true,
    splitting: true,
    format: 'esm',
    target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
    outdir: path.join(outdir, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: '[name]-[hash]',
    publicPath: '/assets',
    minify,
    // No source maps in the site: readers never fetch them, and a 10,000-page site is judged by its size. The
    // dev server's bundles have them (scripts/dev.ts).
    sourcemap: false,
    metafile: true,
    legalComments: 'linked',
    jsx: 'automatic',
    // __DEV__: true only in the dev server's bundles (scripts/dev.ts); the dev client is left out here.
    define: { 'process.env.NODE_ENV': '"production"', __DEV__: 'false' },
    logLevel: 'warning',
  };
}

/**
 * Builds the app into `<outdir>/assets`. Returns the entry file's URL, the
 * URLs of the chunks it imports statically (to be modulepreloaded), and the
 * Markdown pipeline's chunks (its chunk and the chunks it imports that the
 * entry does not), which the app asks for together when it starts loading
 * the pipeline.
 */
export async function buildApp(outdir, opts = {}) {
  const result = await esbuild.build({ ...appOptions(outdir, opts), ...(opts.define ? { define: { ...appOptions(outdir).define, ...opts.define } } : {}) });
  const outputs = result.metafile.outputs;
  const toUrl = (file) => '/' + path.relative(outdir, file).split(path.sep).join('/');
  const entryFile = Object.keys(outputs).find((f) => outputs[f].entryPoint === 'src/app/main.tsx');
  const staticFiles = outputs[entryFile].imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
  // The Markdown pipeline's chunk and every chunk it imports, at any depth, that the entry does not load.
  const loaded = new Set([entryFile, ...staticFiles]);
  const markdownFile = Object.keys(outputs).find((f) => outputs[f].entryPoint === 'src/markdown/Markdown.tsx');
  const markdownModules = [];
  if (markdownFile) collect(markdownFile);
  function collect(file) {
    if (loaded.has(file)) return;
    loaded.add(file);
    markdownModules.push(toUrl(file));
    for (const i of outputs[file].imports) if (i.kind === 'import-statement') collect(i.path);
  }
  return { entry: toUrl(entryFile), preload: staticFiles.map(toUrl), markdownModules, metafile: result.metafile };
}
