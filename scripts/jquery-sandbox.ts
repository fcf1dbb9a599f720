/**
 * The jQuery sandbox's own document, /sandbox/jquery.html, with its script and
 * stylesheet. The jQuery page frames it with `sandbox="allow-scripts"`; its
 * policy lets it load only its own files and the site's copy of jQuery, and
 * run the reader's code (eval), with no network access of any other kind.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { SANDBOX_URL } from '../src/sandbox/protocol.ts';

const CSP = ["default-src 'none'", "script-src 'self' 'unsafe-eval'", "style-src 'self'", "img-src 'self' data:", "base-uri 'none'", "form-action 'none'"].join('; ');

/** Writes the document at SANDBOX_URL, with jquery-frame.js and jquery-frame.css beside it, under `outDir`. */
export async function writeJquerySandbox(outDir: string, jqueryUrl: string): Promise<void> {
  const dir = path.join(outDir, path.posix.dirname(SANDBOX_URL));
  mkdirSync(dir, { recursive: true });
  await esbuild.build({
    entryPoints: ['src/sandbox/jquery-frame.ts'],
    outfile: path.join(dir, 'jquery-frame.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    logLevel: 'warning',
  });
  copyFileSync('src/sandbox/jquery-frame.css', path.join(dir, 'jquery-frame.css'));
  writeFileSync(
    path.join(outDir, SANDBOX_URL),
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="${CSP}">
    <meta name="robots" content="noindex">
    <title>jQuery sandbox</title>
    <link rel="stylesheet" href="jquery-frame.css">
  </head>
  <body>
    <script src="${jqueryUrl}"></script>
    <script src="jquery-frame.js"></script>
  </body>
</html>
`,
  );
}
