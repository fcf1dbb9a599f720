/**
 * esbuild settings for the app bundle. `buildApp(outdir)` is called by the
 * site build (scripts/build.ts); `node esbuild.config.mjs --watch` (npm run dev)
 * builds the whole site, serves it and rebuilds on change.
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
    sourcemap: 'linked',
    metafile: true,
    legalComments: 'linked',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  };
}

/**
 * Builds the app into `<outdir>/assets`. Returns the entry file's URL and the
 * URLs of the chunks it imports statically (to be modulepreloaded).
 */
export async function buildApp(outdir, opts = {}) {
  const result = await esbuild.build({ ...appOptions(outdir, opts), ...(opts.define ? { define: { ...appOptions(outdir).define, ...opts.define } } : {}) });
  const outputs = result.metafile.outputs;
  const toUrl = (file) => '/' + path.relative(outdir, file).split(path.sep).join('/');
  const entryFile = Object.keys(outputs).find((f) => outputs[f].entryPoint === 'src/app/main.tsx');
  const staticImports = outputs[entryFile].imports.filter((i) => i.kind === 'import-statement').map((i) => toUrl(i.path));
  return { entry: toUrl(entryFile), preload: staticImports, metafile: result.metafile };
}

if (process.argv.includes('--watch')) {
  const { spawn } = await import('node:child_process');
  const run = () => spawn(process.execPath, ['scripts/run-ts.mjs', 'scripts/build.ts'], { stdio: 'inherit' });
  const { watch } = await import('node:fs');
  let timer = null;
  let building = false;
  let again = false;
  const rebuild = () => {
    if (building) { again = true; return; }
    building = true;
    run().on('exit', () => { building = false; if (again) { again = false; rebuild(); } });
  };
  rebuild();
  for (const dir of ['content', 'src', 'public']) {
    watch(dir, { recursive: true }, () => { clearTimeout(timer); timer = setTimeout(rebuild, 150); });
  }
  spawn('node', ['scripts/serve.mjs'], { stdio: 'inherit' });
}
