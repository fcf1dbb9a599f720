/**
 * Runs a TypeScript entry point of the project (`node scripts/run-ts.mjs
 * scripts/build.ts [args]`) as one esbuild bundle of the entry, the
 * project's modules and the packages they import (manifest/ts-bundle.mjs),
 * which Node then imports. A build that loads one file instead of some six
 * hundred starts sooner than one that transpiles each file on import (see
 * the README, Performance, for the figures).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { bundle } from '../manifest/ts-bundle.mjs';

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

const entryAbs = path.resolve(entry);
const bundleFile = await bundle(entryAbs);

process.argv = [process.argv[0], entryAbs, ...args];
// Stack traces name the TypeScript sources (the bundle carries an inline source map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundleFile).href);
