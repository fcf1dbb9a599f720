/**
 * The inline scripts of the documents, written in TypeScript under src/boot/
 * and bundled and minified here, with the path rules and class names they
 * share with the app imported rather than restated. Their CSP hashes are
 * computed from this output.
 */
import * as esbuild from 'esbuild';

/** The built inline scripts. */
export interface BootScripts {
  /** index.html of the single output: theme, font hold, the page's chunk and its early title. */
  single: string;
  /** A page document: theme, font hold, and the whole stylesheet (the document inlines the critical rules). */
  page: string;
  /** A page document that links the whole stylesheet itself: theme and font hold. */
  pageLinkedCss: string;
  /** 404.html of the single output: the redirect to index.html. */
  redirect: string;
}

async function bundle(entry: string, define: Record<string, string> = {}): Promise<string> {
  const r = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    write: false,
    legalComments: 'none',
    define,
    logLevel: 'warning',
  });
  const text = r.outputFiles[0]!.text.trim();
  if (/<\/script/i.test(text)) throw new Error(`${entry} contains "</script", which would end its inline <script> element.`);
  return text;
}

/** Bundles the three scripts for a site served under `base`. */
export async function buildBootScripts(base: string, cssUrl: string): Promise<BootScripts> {
  const [single, page, pageLinkedCss, redirect] = await Promise.all([
    bundle('src/boot/single.ts'),
    bundle('src/boot/page.ts', { __APP_CSS__: JSON.stringify(cssUrl) }),
    bundle('src/boot/page.ts', { __APP_CSS__: '""' }),
    bundle('src/boot/redirect.ts', { __BASE__: JSON.stringify(base) }),
  ]);
  return { single, page, pageLinkedCss, redirect };
}
