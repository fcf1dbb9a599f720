/**
 * `npm run dev`: the author's loop. Compiles the site once, serves it, then
 * on every change recompiles only what the change touches and tells the open
 * tabs over Server-Sent Events:
 *
 * - content/: the pages whose chunk changed are refetched in place (the
 *   text in view stays where it was); content errors are shown over the
 *   last good page and in the terminal, with the same text;
 * - src/: esbuild's watch rebuilds the app, and the tab reloads (scroll restored);
 * - the stylesheet: Tailwind's watch rebuilds it, and the tab swaps it without reloading.
 *
 * Everything is served with `Cache-Control: no-store`, and no service worker
 * is registered (an old one on the same origin is removed).
 *
 * `node scripts/run-ts.mjs scripts/dev.ts [--port 5173] [--content content]`;
 * `startDevServer()` for tests and the bench.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import * as esbuild from 'esbuild';
import { appOptions } from '../esbuild.config.mjs';
import { copyFontFiles, cspFor, renderDocument, singleShell } from './html.ts';
import { buildBootScripts } from './boot-scripts.ts';
import { DevCompiler, type CompileReport } from '../manifest/incremental.ts';
import { ContentBuildError, formatContentError, type ContentError } from '../manifest/errors.ts';
import { SiteData, SITE_DATA_PATH } from '../src/shared/schemas/site-data.ts';
import { DEV_EVENTS_PATH, DEV_STYLESHEET, type DevError, type DevMessage } from '../src/dev/protocol.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

// scripts/run-ts.mjs raises V8's optimisation budget for short builds; the dev server runs for hours and
// compiles the same pages again and again, so its hot code (the Markdown parser) is optimised as usual.
v8.setFlagsFromString('--interrupt-budget=67584');

export interface DevServerOptions {
  contentDir?: string;
  port?: number;
  host?: string;
  /** Analysis cache and served files (default node_modules/.cache/dev). */
  cacheDir?: string;
  /** Where each rebuild's line goes (default: stdout). */
  log?: (line: string) => void;
  /** Quiet time after a file event before the rebuild (editor save bursts). */
  debounceMs?: number;
}

export interface DevServer {
  url: string;
  /** Stops watching and serving, and saves the cache. */
  close(): Promise<void>;
  /** Resolves after the next rebuild of content (tests). */
  nextRebuild(): Promise<CompileReport>;
  /** Resolves once the start's work is done: the content checked and, when the start saves the cache at once, saved (tests). */
  started(): Promise<{ cacheSaved: boolean }>;
  outDir: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.yaml': 'application/yaml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.bin': 'application/octet-stream',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Served at /sw.js: a worker left by a production build on this origin is
 * replaced by one that unregisters itself and reloads the pages it held, so
 * they come from the dev server again.
 */
const SW_REMOVER = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(self.registration.unregister().then(() => self.clients.matchAll({ type: 'window' })).then((cs) => cs.forEach((c) => c.navigate(c.url)))));
`;

/** Writes `bytes` to `file` by rename unless the file holds them already; true when it changed. */
function publishBytes(file: string, bytes: Uint8Array): boolean {
  try {
    if (Buffer.from(readFileSync(file)).equals(Buffer.from(bytes))) return false;
  } catch {
    /* not there yet */
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, bytes);
  renameSync(`${file}.tmp`, file);
  return true;
}

/** Publishes a file a tool wrote beside the served one; true when the served one changed. */
function publishFile(from: string, to: string): boolean {
  try {
    return publishBytes(to, readFileSync(from));
  } catch {
    return false;
  }
}

/** A start that analysed at least one page in this many saves the cache at once; fewer wait for the close. */
const SAVE_AT_ONCE_SHARE = 10;

const seconds = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);

/** "content/a.md", "content/a.md and content/b.md", "content/a.md and 4 more files". */
function describe(files: string[]): string {
  if (files.length === 1) return files[0]!;
  if (files.length === 2) return `${files[0]} and ${files[1]}`;
  return `${files[0]} and ${files.length - 1} more files`;
}

function devErrors(errors: ContentError[]): DevError[] {
  return errors.map((e) => ({ ...e, text: formatContentError(e) }));
}

export async function startDevServer(o: DevServerOptions = {}): Promise<DevServer> {
  const t0 = performance.now();
  const log = o.log ?? ((line: string) => console.log(line));
  const contentDir = path.resolve(o.contentDir ?? 'content');
  const cacheDir = path.resolve(o.cacheDir ?? path.join(root, 'node_modules/.cache/dev'));
  const outDir = path.join(cacheDir, 'site');
  mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  const appEntry = '/assets/main.js';

  // Server-Sent Events to the open tabs.
  const clients = new Set<ServerResponse>();
  const send = (m: DevMessage, to: Iterable<ServerResponse> = clients) => {
    const text = `data: ${JSON.stringify(m)}\n\n`;
    for (const res of to) res.write(text);
  };
  let errors: ContentError[] = [];

  // The stylesheet: Tailwind's own watch, in its process, into a file beside the served one, which
  // each build replaces by rename (a request never reads half a file); each build after the first is
  // swapped in the tab. A stylesheet of an earlier run is served meanwhile.
  const cssFile = path.join(outDir, DEV_STYLESHEET.slice(1));
  const hadCss = existsSync(cssFile);
  let tailwind: ChildProcess | undefined;
  /** Set by close(): Tailwind stopped by it is no failure, even before its first build. */
  let closing = false;
  const cssReady = new Promise<void>((resolve, reject) => {
    tailwind = spawn(process.execPath, [path.join(root, 'node_modules/@tailwindcss/cli/dist/index.mjs'), '-i', 'src/styles/app.css', '-o', `${cssFile}.build`, '--watch=always'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let first = true;
    let started = performance.now();
    tailwind.stderr!.setEncoding('utf8');
    tailwind.stderr!.on('data', (text: string) => {
      if (/Error/.test(text)) log(`Stylesheet: ${text.trim()}`);
      if (!/Done in/.test(text)) {
        started = performance.now();
        return;
      }
      const changed = publishFile(`${cssFile}.build`, cssFile);
      if (first) {
        first = false;
        resolve();
        if (!hadCss || !changed) return;
      }
      if (!changed) return;
      log(`stylesheet changed: swapped in ${seconds(performance.now() - started)}`);
      send({ type: 'css', href: `${DEV_STYLESHEET}?v=${Date.now()}` });
    });
    tailwind.on('exit', (code) => {
      if (!first || closing) return;
      log(`Stylesheet: Tailwind stopped (code ${code}).`);
      reject(new Error(`Tailwind stopped (code ${code}).`));
    });
  });
  // A start served from the cache does not wait for the stylesheet: its failure is logged, not left unhandled.
  cssReady.catch(() => {});

  // The app: esbuild's context, watching src/; each rebuild after the first reloads the tab.
  const jqueryVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules/jquery/package.json'), 'utf8')) as { version: string }).version;
  const jqueryUrl = `/assets/vendor/jquery-${jqueryVersion}.min.js`;
  mkdirSync(path.join(outDir, 'assets/vendor'), { recursive: true });
  copyFileSync(path.join(root, 'node_modules/jquery/dist/jquery.min.js'), path.join(outDir, jqueryUrl));
  copyFontFiles(root, path.join(outDir, 'assets/fonts'));
  cpSync(path.join(root, 'public'), outDir, { recursive: true, filter: (src) => !/\.html$/.test(src) });

  const base = appOptions(outDir, { minify: false }) as esbuild.BuildOptions;
  // An app of an earlier run is served until the first build is done; if that build differs, open tabs reload.
  const hadApp = existsSync(path.join(outDir, appEntry));
  let appStarted = performance.now();
  let appFirst = true;
  let resolveApp!: () => void;
  const appReady = new Promise<void>((resolve) => (resolveApp = resolve));
  const ctx = await esbuild.context({
    ...base,
    absWorkingDir: root,
    entryNames: '[name]',
    sourcemap: 'linked',
    logLevel: 'silent',
    // Written here, each file by rename: a tab never loads half a bundle.
    write: false,
    define: {
      ...base.define,
      __DEV__: 'true',
      __JQUERY_URL__: JSON.stringify(jqueryUrl),
      __APP_BUILD_LABEL__: JSON.stringify('dev'),
      'import.meta.env.DOCSEARCH_APP_ID': '""',
      'import.meta.env.DOCSEARCH_API_KEY': '""',
    },
    plugins: [
      {
        name: 'dev-reload',
        setup(build) {
          build.onStart(() => {
            appStarted = performance.now();
          });
          build.onEnd((r) => {
            const wasFirst = appFirst;
            appFirst = false;
            if (r.errors.length > 0) {
              const text = esbuild.formatMessagesSync(r.errors, { kind: 'error', color: false }).join('\n');
              log(`src changed: the app did not build:\n${text}`);
              if (wasFirst) resolveApp();
              return;
            }
            let changed = false;
            for (const f of r.outputFiles ?? []) changed = publishBytes(f.path, f.contents) || changed;
            if (wasFirst) {
              resolveApp();
              if (!hadApp || !changed) return;
            }
            if (!changed) return;
            log(`src changed: app rebuilt in ${seconds(performance.now() - appStarted)}, reloading the open tabs`);
            send({ type: 'reload' });
          });
        },
      },
    ],
  });
  // Not awaited: the first build runs while the content compiles (and, with an earlier run's output, while it is served).
  void ctx.watch().catch((e: unknown) => log(`The app's watch did not start: ${String(e)}`));

  // The content, with the cache of an earlier run.
  const compiler = new DevCompiler({ contentDir, outDir, cacheDir, appEntry });
  // With the output of an earlier run, the server starts at once and serves it while the content is
  // checked against the cache; what changed since is then pushed to the open tabs like any edit.
  const early = compiler.hasCache && hadApp && hadCss;
  // The check holds the main thread for a while on a large site: it waits until the first page load
  // has been answered (no request for 300 ms), or at most 2 s.
  let lastRequest = 0;
  const compiling = early
    ? new Promise<CompileReport>((resolve, reject) => {
        const since = performance.now();
        const tick = () => {
          const now = performance.now();
          if ((lastRequest > 0 && now - lastRequest > 300) || now - since > 2000) compiler.start().then(resolve, reject);
          else setTimeout(tick, 50);
        };
        setTimeout(tick, 50);
      })
    : compiler.start();
  let first: CompileReport | undefined;
  if (!early) {
    first = await compiling;
    errors = first.errors;
    await Promise.all([appReady, cssReady]);
  }

  let indexHtml = '';
  // One document answers for every page address, as in the single output: no page needs its own HTML in dev.
  const boot = await buildBootScripts('/', DEV_STYLESHEET, { entry: appEntry, preload: [], siteData: `/${SITE_DATA_PATH}` });
  const renderIndex = () => {
    const site = SiteData.parse(JSON.parse(readFileSync(path.join(outDir, SITE_DATA_PATH), 'utf8'))).site;
    indexHtml = renderDocument(
      // The stylesheet is linked, not inlined: Tailwind's rebuild is swapped in without a reload.
      { site, buildId: 'dev', entry: appEntry, preload: [], csp: cspFor(site, [boot.single]), boot: boot.single, css: `<link rel="stylesheet" href="${DEV_STYLESHEET}">` },
      { title: site.title, head: { title: site.title, description: site.description, type: 'website' }, root: singleShell(site) },
    );
  };
  if (existsSync(path.join(outDir, SITE_DATA_PATH))) renderIndex();

  const server = createServer((req, res) => {
    lastRequest = performance.now();
    void answer(req.url ?? '/', req.method ?? 'GET', res);
  });
  async function answer(rawUrl: string, method: string, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(`http://localhost${rawUrl.startsWith('/') ? rawUrl : '/'}`);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const headers = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
    if (url.pathname === DEV_EVENTS_PATH) {
      res.writeHead(200, { ...headers, 'content-type': 'text/event-stream', connection: 'keep-alive' });
      res.write('retry: 500\n\n');
      clients.add(res);
      res.on('close', () => clients.delete(res));
      // A tab that connects (or reconnects after a reload) learns the errors that stand.
      send({ type: 'errors', errors: devErrors(errors) }, [res]);
      return;
    }
    if (url.pathname === '/sw.js') {
      res.writeHead(200, { ...headers, 'content-type': TYPES['.js']! }).end(SW_REMOVER);
      return;
    }
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, headers).end();
      return;
    }
    const abs = path.join(outDir, path.normalize(rel));
    if (abs.startsWith(outDir + path.sep) && !/\.(tmp|build)$/.test(abs)) {
      try {
        if ((await stat(abs)).isFile()) {
          const body = await readFile(abs);
          res.writeHead(200, { ...headers, 'content-type': TYPES[path.extname(abs)] ?? 'application/octet-stream', 'content-length': body.length });
          res.end(method === 'HEAD' ? undefined : body);
          return;
        }
      } catch {
        /* not a file */
      }
    }
    // Data and code that are not there are a 404; every other address is a page for the app to route.
    if (/^\/(assets|data|search)\//.test(rel) || /\.(?!html$)[a-z0-9]+$/i.test(rel)) {
      res.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    if (!indexHtml) {
      res.writeHead(503, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end(`The content has errors:\n${errors.map(formatContentError).join('\n')}`);
      return;
    }
    res.writeHead(200, { ...headers, 'content-type': TYPES['.html']! }).end(method === 'HEAD' ? undefined : indexHtml);
  }
  await new Promise<void>((resolve) => server.listen(o.port ?? 5173, o.host ?? '127.0.0.1', resolve));
  const addr = server.address() as { port: number };
  const url = `http://${o.host ?? '127.0.0.1'}:${addr.port}`;
  const keepAlive = setInterval(() => {
    for (const res of clients) res.write(': keep-alive\n\n');
  }, 15_000);

  const summary = (r: CompileReport) => `${r.recompiled} pages compiled, ${r.analysed} analysed, the rest from the cache`;
  if (first) {
    log(`Dev server at ${url}/ (${summary(first)}; ready in ${seconds(performance.now() - t0)})`);
    if (errors.length) log(new ContentBuildError(errors).message);
  } else log(`Dev server at ${url}/ (serving the last run's output while the content is checked against the cache)`);
  const ready = (first ? Promise.resolve(first) : compiling).then((r) => {
    if (!first) {
      errors = r.errors;
      log(`Content checked: ${summary(r)}, ${r.changedPaths.length} page${r.changedPaths.length === 1 ? '' : 's'} changed since the last run (${seconds(performance.now() - t0)} after start)`);
      if (errors.length) log(new ContentBuildError(errors).message);
      if (r.routesChanged) renderIndex();
      if (r.changedPaths.length || r.routesChanged) send({ type: 'content', paths: r.changedPaths, routes: r.routesChanged });
      send({ type: 'errors', errors: devErrors(errors) });
    }
    if (r.analysed < 6) setTimeout(() => compiler.warmUp(), 200);
    return r;
  });
  // After a cold start, or one that found much of the content changed, the cache is saved at once, so a
  // restart finds it even after a crash (and always on close). After a start that analysed only a few pages
  // it waits for the close: writing it holds this thread (2.5 s at 10,000 pages, whose file holds every
  // page's output, 436 MB), which stalled the edit in flight, and a crash would cost no more than
  // analysing those few pages again.
  const startup = ready
    .then(async (r) => {
      if (r.analysed === 0 || r.analysed * SAVE_AT_ONCE_SHARE < r.recompiled) return { cacheSaved: false };
      await compiler.settled();
      compiler.saveCache();
      return { cacheSaved: true };
    })
    .catch(() => ({ cacheSaved: false }));

  // The content watcher: events are gathered until the editor's burst of writes has settled.
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Changes wait for the first compile.
  let running: Promise<void> = ready.then(
    () => undefined,
    (e: unknown) => log(`The first compile failed: ${e instanceof Error ? e.stack : String(e)}`),
  );
  const waiters: Array<(r: CompileReport) => void> = [];
  const rebuild = async () => {
    const files = [...pending];
    pending.clear();
    if (files.length === 0) return;
    const started = performance.now();
    let report: CompileReport;
    try {
      report = await compiler.update(files);
    } catch (e) {
      log(`Rebuild failed: ${e instanceof Error ? e.stack : String(e)}`);
      return;
    }
    const hadErrors = errors.length > 0;
    errors = report.errors;
    const ms = performance.now() - started;
    const names = files.map((f) => path.relative(path.dirname(contentDir), f).split(path.sep).join('/'));
    log(
      `${describe(names)} changed: ${report.recompiled} page${report.recompiled === 1 ? '' : 's'} recompiled in ${seconds(ms)}${errors.length ? `, ${errors.length} content error${errors.length === 1 ? '' : 's'}` : ''}`,
    );
    if (errors.length) log(new ContentBuildError(errors).message);
    if (report.routesChanged && existsSync(path.join(outDir, SITE_DATA_PATH))) renderIndex();
    if (report.changedPaths.length || report.routesChanged) send({ type: 'content', paths: report.changedPaths, routes: report.routesChanged });
    if (errors.length || hadErrors) send({ type: 'errors', errors: devErrors(errors) });
    for (const w of waiters.splice(0)) w(report);
  };
  const watcher: FSWatcher = watch(contentDir, { recursive: true }, (_event, name) => {
    if (!name) return;
    const abs = path.join(contentDir, name.toString());
    if (abs.endsWith('.tmp') || /(^|\/)\.|~$/.test(name.toString())) return;
    pending.add(abs);
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(rebuild);
    }, o.debounceMs ?? 15);
  });

  return {
    url,
    outDir,
    started: () => startup,
    nextRebuild: () => new Promise<CompileReport>((resolve) => waiters.push(resolve)),
    async close() {
      watcher.close();
      clearTimeout(timer);
      clearInterval(keepAlive);
      await running;
      for (const res of clients) res.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await ctx.dispose();
      closing = true;
      tailwind?.kill();
      await compiler.settled();
      compiler.stop();
      compiler.saveCache();
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (n: string, d: string) => (args.includes(n) ? args[args.indexOf(n) + 1]! : d);
  const dev = await startDevServer({
    contentDir: opt('--content', 'content'),
    port: Number(opt('--port', process.env.PORT ?? '5173')),
    ...(args.includes('--cache') ? { cacheDir: opt('--cache', '') } : {}),
  });
  let closing = false;
  const stop = () => {
    if (closing) process.exit(1);
    closing = true;
    void dev.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
