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
  /** A page document: theme, font hold, the whole stylesheet (the document inlines the critical rules), and the app once the first frame is drawn. */
  page: string;
  /** A page document that links the whole stylesheet itself: theme, font hold and the app's start. */
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

/** The app as a page document's boot script starts it: its entry module, the modules it imports at once, and the site data. */
export interface AppStart {
  entry: string;
  preload: string[];
  siteData: string;
}

/** Bundles the scripts for a site served under `base`. */
export async function buildBootScripts(base: string, cssUrl: string, app: AppStart): Promise<BootScripts> {
  const start = { __APP_ENTRY__: JSON.stringify(app.entry), __APP_PRELOADS__: JSON.stringify(app.preload), __SITE_DATA__: JSON.stringify(app.siteData) };
  const [single, page, pageLinkedCss, redirect] = await Promise.all([
    bundle('src/boot/single.ts'),
    bundle('src/boot/page.ts', { __APP_CSS__: JSON.stringify(cssUrl), ...start }),
    bundle('src/boot/page.ts', { __APP_CSS__: '""', ...start }),
    bundle('src/boot/redirect.ts', { __BASE__: JSON.stringify(base) }),
  ]);
  return { single, page, pageLinkedCss, redirect };
}
