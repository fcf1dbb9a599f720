/**
 * The documents' boot scripts, written in TypeScript under src/boot/ and
 * bundled and minified here, with the path rules and class names they share
 * with the app imported rather than restated. The inline ones' CSP hashes are
 * computed from this output; the page documents' start script is a file.
 */
import * as esbuild from 'esbuild';

/** The built inline scripts. */
export interface BootScripts {
  /** index.html of the single output: theme, font hold, the page's chunk and its early title. */
  single: string;
  /** A page document's inline script: theme and font hold. */
  page: string;
  /** The page documents' start script (a file, loaded with defer): the whole stylesheet (the documents inline the critical rules), and the app once the first frame is drawn. */
  start: string;
  /** The start script of page documents that link the whole stylesheet themselves: the app's start. */
  startLinkedCss: string;
  /** 404.html of the single output: the redirect to index.html. */
  redirect: string;
}

async function bundle(entry: string, define: Record<string, string> = {}, inline = true): Promise<string> {
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
  if (inline && /<\/script/i.test(text)) throw new Error(`${entry} contains "</script", which would end its inline <script> element.`);
  return text;
}

/** The app as a page document's boot script starts it: its entry module, the modules it imports at once, and the site data. */
export interface AppStart {
  entry: string;
  preload: string[];
  siteData: string;
}

/** Bundles the scripts for a site served under `base`. */
export async function buildBootScripts(base: string, cssUrl: string, app: AppStart): Promise<BootScripts> {
  const start = { __APP_ENTRY__: JSON.stringify(app.entry), __APP_PRELOADS__: JSON.stringify(app.preload), __SITE_DATA__: JSON.stringify(app.siteData) };
  const [single, page, startScript, startLinkedCss, redirect] = await Promise.all([
    bundle('src/boot/single.ts'),
    bundle('src/boot/page.ts'),
    bundle('src/boot/start.ts', { __APP_CSS__: JSON.stringify(cssUrl), ...start }, false),
    bundle('src/boot/start.ts', { __APP_CSS__: '""', ...start }, false),
    bundle('src/boot/redirect.ts', { __BASE__: JSON.stringify(base) }),
  ]);
  return { single, page, start: startScript, startLinkedCss, redirect };
}
