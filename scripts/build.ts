/**
 * `npm run build`: the deployable site in dist/. Content, app bundle, CSS,
 * fonts and the two HTML entry files are built into a staging folder that
 * replaces dist/ only when every step succeeded.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { buildApp } from '../esbuild.config.mjs';
import { outputFromEnv, printWarnings, searchIndexLine, writeContent } from '../manifest/build-content.ts';
import { ContentBuildError } from '../manifest/errors.ts';
import { commitStage, createStage, discardStage, FileWriter } from '../manifest/output.ts';
import { createHash } from 'node:crypto';
import { copyFontFiles, cspFor, FONT_URLS, headersFile, redirectingNotFound, renderDocument, singleShell, type DocumentBase } from './html.ts';
import { buildBootScripts } from './boot-scripts.ts';
import { notFoundDocument, pageStyling, redirectDocuments, redirectsFile, redirectsOf, writePageDocuments } from './page-documents.ts';
import { criticalCss, withoutFontFaces } from './critical-css.ts';
import { snapFontWeights } from './font-weights.ts';
import { FONT_FILES } from '../src/shared/fonts.ts';
import { resolveSidebar } from '../src/shared/sidebar.ts';
import { writeJquerySandbox } from './jquery-sandbox.ts';
import { DOCUMENTS_THREAD_THRESHOLD, startPageDocuments } from './page-documents-thread.ts';
import { searchDefine } from './search-define.ts';
import { hashHeadAssets } from './head-assets.ts';
import { appCacheKey, cachedApp, cachedCss } from './build-cache.ts';

const root = process.cwd();
/**
 * Most bytes of inline stylesheet copies a `pages` build writes (the stylesheet's size times the pages,
 * an upper bound of the critical rules): about 1,000 pages of this site's stylesheet.
 */
const INLINE_CSS_MAX_TOTAL = 64 * 1024 * 1024;
const dist = path.resolve(process.env.DIST_DIR ?? 'dist');
const started = Date.now();
const stage = createStage(dist, false);
/** The builds running beside the content's (Tailwind, esbuild): a failed build waits for them before it removes the stage they write into. */
const running: Array<Promise<unknown>> = [];

/**
 * Tailwind in its own process, so it runs while the content compiles; its output kept for the next build
 * while nothing it reads changes (scripts/build-cache.ts).
 */
async function buildCss(out: string): Promise<void> {
  const args = ['-i', 'src/styles/app.css', '--minify'];
  await cachedCss(
    root,
    args,
    out,
    () =>
      new Promise((resolve, reject) => {
        execFile(process.execPath, [path.join(root, 'node_modules/@tailwindcss/cli/dist/index.mjs'), ...args, '-o', out], (err, _stdout, stderr) =>
          err ? reject(new Error(`Tailwind failed: ${stderr}`)) : resolve(),
        );
      }),
  );
}

try {
  mkdirSync(path.join(stage, 'assets'), { recursive: true });
  const cssTmp = path.join(stage, 'assets', 'app.css');
  // CSS (a child process) and the app bundle (esbuild's own process) build while the content compiles here.
  const cssDone = buildCss(cssTmp);
  running.push(cssDone);

  const jqueryVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules/jquery/package.json'), 'utf8')) as { version: string }).version;
  const jqueryUrl = `/assets/vendor/jquery-${jqueryVersion}.min.js`;
  mkdirSync(path.join(stage, 'assets/vendor'), { recursive: true });
  copyFileSync(path.join(root, 'node_modules/jquery/dist/jquery.min.js'), path.join(stage, jqueryUrl));
  // esbuild's first build of the process starts its service: waiting for it here held the content's build back by about 0.2 s.
  const sandboxDone = writeJquerySandbox(stage, jqueryUrl);
  running.push(sandboxDone);

  const appDefine = {
    __JQUERY_URL__: JSON.stringify(jqueryUrl),
    // A label for support ("which build is this?"), on <html data-build>.
    __APP_BUILD_LABEL__: JSON.stringify(process.env.APP_BUILD_LABEL ?? ''),
    ...searchDefine(process.env),
  };
  // Kept between builds while the app's code, packages and these values stay the same (scripts/build-cache.ts).
  const appDone = cachedApp(root, appCacheKey(root, appDefine, esbuild.version), stage, () => buildApp(stage, { define: appDefine }));
  running.push(appDone);
  const written = await writeContent({
    contentDir: path.resolve(process.env.CONTENT_DIR ?? 'content'),
    outDir: stage,
    analyticsId: process.env.ANALYTICS_ID,
    output: outputFromEnv(),
    staged: true,
    // Like the stylesheet and the app bundle, kept between builds unless BUILD_CACHE=off (scripts/build-cache.ts).
    cacheDir: process.env.BUILD_CACHE === 'off' ? undefined : path.join(root, 'node_modules', '.cache', 'analysis'),
  });
  // The icon and any other own file the head links, under a hashed name (scripts/head-assets.ts).
  const site = { ...written.manifest.site, head: hashHeadAssets(written.manifest.site.head, stage, written.manifest.site.base) };
  const pagesOutput = site.output === 'pages';
  // A large site's search index is made while a thread makes its page documents (below); a small one's now,
  // while Tailwind and esbuild may still be running on the other core.
  const beside = pagesOutput && written.pages.length >= DOCUMENTS_THREAD_THRESHOLD;
  let searchIndex = beside ? undefined : written.indexSearch();
  cpSync(path.join(root, 'public'), stage, { recursive: true, filter: (src) => !/\.(html)$/.test(src) });
  const [app] = (await Promise.all([appDone, cssDone, sandboxDone])) as [{ entry: string; preload: string[]; markdownModules: string[] }, void, void];

  // The route table names the entry script, so an open page can tell that the app itself was redeployed,
  // and the Markdown pipeline's chunks, which the app asks for together.
  const siteDataFile = path.join(stage, 'data', 'site.json');
  writeFileSync(siteDataFile, JSON.stringify({ ...JSON.parse(readFileSync(siteDataFile, 'utf8')), app: app.entry, markdownModules: app.markdownModules }));

  copyFontFiles(root, path.join(stage, 'assets', 'fonts'));

  // The stylesheet: one hashed file every page document links (cached across pages); inlined into
  // the single output's index.html, so its first paint waits for no request.
  // The typography plugin excludes `not-prose` subtrees with [class~=not-prose] * in every prose rule.
  // The same selector as a class lets the browser reject an element whose ancestors have no such class at
  // once (its ancestor filter knows classes, not attribute values), instead of walking up from each
  // element of the article for each rule.
  // Each font weight as the face that draws it (the web font ships 400 and 700): fewer face lookups for a
  // page painted in the fallback face (scripts/font-weights.ts).
  const css = snapFontWeights(
    readFileSync(cssTmp, 'utf8').replace(/\[class~=(["']?)not-prose\1\]/g, '.not-prose'),
    FONT_FILES.map((f) => f.weight),
  );
  rmSync(cssTmp);
  if (/<\/style/i.test(css)) throw new Error('The stylesheet contains "</style", which would end an inline <style> element.');
  // Page documents inline their critical rules, the @font-face rules among them, and load the file after
  // the first paint. The file declares no face again: a second declaration is a new face, which would
  // load from the cache within its block period and swap the web font in under text already painted in
  // the fallback (font-display: optional promises no such swap for the first).
  const linked = css.length * written.pages.length > INLINE_CSS_MAX_TOTAL;
  const critical = pagesOutput && !linked ? criticalCss(css) : null;
  const cssFile = critical ? withoutFontFaces(css) : css;
  const cssUrl = `/assets/app-${createHash('sha256').update(cssFile).digest('hex').slice(0, 10)}.css`;
  writeFileSync(path.join(stage, cssUrl), cssFile);

  const boot = await buildBootScripts(site.base, cssUrl, { entry: app.entry, preload: app.preload, siteData: `${site.base}data/site.json` });
  // Each layout's critical rules inline (allowed by their hash), the whole stylesheet loaded by the
  // start script once the document is parsed and painted, and linked for readers without scripts. A
  // site so large that the inline copies would weigh more than INLINE_CSS_MAX_TOTAL links the
  // stylesheet instead: one round trip more on a first visit, the site's size kept in bounds.
  const styling = pagesOutput ? pageStyling(site, { boot, cssUrl, critical }) : undefined;
  // The page documents' start script, one file for all of them (hashed: cached for good, replaced by a deploy that changes it).
  const startFile = styling && `/assets/start-${createHash('sha256').update(styling.start).digest('hex').slice(0, 10)}.js`;
  if (startFile) writeFileSync(path.join(stage, startFile), styling.start);

  // The service worker: its version changes with the content and the app, so a deploy replaces it.
  const precache = [...(pagesOutput ? ['/404.html', cssUrl, startFile!] : [site.base]), app.entry, ...app.preload, ...FONT_URLS, '/data/site.json'];
  await esbuild.build({
    entryPoints: ['src/sw/sw.ts'],
    outfile: path.join(stage, 'sw.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    define: {
      __SW_VERSION__: JSON.stringify(`${written.manifest.buildId}-${path.basename(app.entry, '.js')}`),
      __SW_PRECACHE__: JSON.stringify(precache),
      __SW_PAGE_DOCUMENTS__: JSON.stringify(pagesOutput),
    },
    logLevel: 'warning',
  });

  const buildId = written.manifest.buildId;
  if (pagesOutput) {
    const { boot: pageBoot, styleFor } = styling!;
    // The app starts once the first frame is drawn: the document's text needs no script, and nothing the app loads competes with what the first paint needs.
    const base = { site, buildId, entry: app.entry, preload: app.preload, boot: pageBoot, appAfterPaint: true, start: startFile };
    const byPath = new Map(written.pages.map((p) => [p.record.path, p.record]));
    const sidebar = resolveSidebar(site.sidebar, byPath);
    const siteData = JSON.parse(readFileSync(siteDataFile, 'utf8')) as { redirects: Record<string, string> };
    const moves = redirectsOf(written.manifest.pages, siteData.redirects);
    if (beside) {
      const finish = await startPageDocuments(stage, { base, sidebar, pages: written.pages, buildId, styleFor, moves, folders: written.folders() });
      const documents = finish();
      // A failed search index waits for the thread before the stage goes (the catch below).
      running.push(documents);
      searchIndex = written.indexSearch();
      await documents;
    } else {
      const out = new FileWriter(stage, written.folders());
      writePageDocuments(base, sidebar, written.pages, buildId, styleFor, (doc) => out.write(doc.file, doc.html));
      for (const doc of redirectDocuments(site, moves)) out.write(doc.file, doc.html);
    }
    writeFileSync(path.join(stage, '404.html'), notFoundDocument(base, sidebar, styleFor));
    writeFileSync(path.join(stage, '_redirects'), redirectsFile(moves));
  } else {
    const csp = cspFor(site, [boot.single], [css]);
    const base: DocumentBase = { site, buildId, entry: app.entry, preload: app.preload, csp, boot: boot.single, css: `<style>${css}</style>` };
    const index = renderDocument(base, {
      title: site.title,
      // No canonical link or og:url: index.html answers for every page, and the app sets both per page.
      head: { title: site.title, description: site.description, type: 'website' },
      root: singleShell(site),
      bodyEnd: '<noscript><p class="noscript">This documentation needs JavaScript to show its pages.</p></noscript>',
    });
    writeFileSync(path.join(stage, 'index.html'), index);
    writeFileSync(path.join(stage, '404.html'), redirectingNotFound(site, boot.redirect));
  }
  writeFileSync(path.join(stage, '_headers'), headersFile(site));

  commitStage(stage, dist);
  printWarnings(written);
  // Made by now: beside the page documents, or right after the content.
  console.log(searchIndexLine({ searchIndex: searchIndex! }));
  console.log(`Built ${written.manifest.pages.length} pages into ${path.relative(root, dist)}/ in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (e) {
  // Else a build still running writes its output after the stage is gone, and leaves a stage behind.
  await Promise.allSettled(running);
  discardStage(stage);
  if (e instanceof ContentBuildError) {
    console.error(e.message);
    console.error(`\nThe build failed; ${path.relative(root, dist)}/ was left as it was.`);
    process.exit(1);
  }
  console.error(e);
  console.error(`\nThe build failed; ${path.relative(root, dist)}/ was left as it was.`);
  process.exit(1);
}
