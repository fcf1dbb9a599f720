/**
 * The dev server's compiler: the same checks and output as compile.ts, kept
 * in memory between changes so that a change recompiles only what it
 * touches. An edited page is read and analysed again; the pages whose output
 * depends on it (links and anchors pointing to it, sidebar titles,
 * previous/next) are checked or rewritten only when what they depend on has
 * changed. A change of `variables.yml` or the OpenAPI document reads every
 * page again (the Markdown analysis only runs for bodies that changed); a
 * change of `site.yml` rewrites every chunk.
 *
 * The Markdown analysis of every body is kept under the cache folder, keyed
 * by the body's hash, together with a hash of each file written: a restart
 * analyses only the pages that changed since and rewrites only the files
 * whose text changed.
 *
 * Content errors never stop it: a page with an error keeps its last good
 * output, and the errors are returned for the terminal and the browser.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { threadScript } from './ts-bundle.mjs';
import type { FrontMatter as FrontMatterT } from '../src/shared/schemas/front-matter.ts';
import type { SiteConfig } from '../src/shared/schemas/site-config.ts';
import type { Chunk } from '../src/shared/schemas/manifest.ts';
import type { PageRecord } from '../src/shared/schemas/page-record.ts';
import { routesUrl, sectionOf, SITE_DATA_PATH, type RouteShard, type SiteData } from '../src/shared/schemas/site-data.ts';
import { orderPositions, prevNext, readingOrder, resolveSidebar } from '../src/shared/sidebar.ts';
import { buildPathIndex, chunkUrl, regularPathOf } from '../src/shared/paths.ts';
import { checkPaths, CONFIG_DIR, frontMatterOf, listFiles, loadSite, loadVariables, PUBLIC_DIR, readUtf8 } from './compile.ts';
import type { CompiledPage } from './compiled-page.ts';
import type { ContentError } from './errors.ts';
import { parseYaml, type YamlSource } from './yaml-source.ts';
import { splitFrontMatter } from './front-matter.ts';
import { substituteVariables } from './variables.ts';
import { convertCallouts } from './callouts.ts';
import { checkCustomElementPlacement } from './custom-element-placement.ts';
import { analyseMarkdown, type MarkdownFacts } from './markdown.ts';
import { AnalysisPool, planFor } from './analyse-pool.ts';
import { dateText, gitDates } from './git-dates.ts';
import { expandOpenApi, type OpenApiExpander } from './openapi-directive.ts';
import { checkReferences } from './references.ts';
import { checkPublishedPaths } from './publishing.ts';
import type { BackgroundMessage, BackgroundPage } from './dev-background-main.ts';

/**
 * The dev server serves one document for every page address, as the single output does: no page
 * document, so no article HTML. Rendering each body to HTML was about a sixth of the analysis (1,500
 * pages of the 10,000-page site in one thread), on every cold start.
 */
const DEV_ANALYSIS = { article: false } as const;

/**
 * Bumped when the cached facts' shape, or how they are made, changes (2: a section's text joins inline
 * elements as the page shows them; 3: no article HTML, which an older cache would keep in memory).
 */
const CACHE_VERSION = 3;

export interface DevCompilerOptions {
  contentDir: string;
  /** Where the site is written (served by the dev server). */
  outDir: string;
  /** Where the analysis cache is kept (under node_modules/.cache/). */
  cacheDir: string;
  /** The app's entry script, named in the route table. */
  appEntry: string;
  rootDir?: string;
}

/** What one compile did. */
export interface CompileReport {
  /** Pages read and compiled again. */
  recompiled: number;
  /** Pages whose Markdown was analysed (the rest came from the cache). */
  analysed: number;
  /** Canonical paths whose chunk was written (or removed). */
  changedPaths: string[];
  /** True when the route table or a route file changed (titles, sidebar, pages added or removed). */
  routesChanged: boolean;
  /** Every content error that stands now. */
  errors: ContentError[];
  /** Files written or removed under the output folder. */
  written: number;
}

interface Entry {
  relativePath: string;
  abs: string;
  file: string;
  fm: FrontMatterT;
  src: YamlSource | undefined;
  bodyLine: number;
  bodyHash: string;
  /** Errors of the file itself: encoding, front matter, variables, callouts, title. */
  own: ContentError[];
  /** Errors of its references (links, anchors, images). */
  refs: ContentError[];
  page: CompiledPage;
  /** Paths its links point at (for finding the pages a change affects). */
  targets: Set<string>;
}

interface CacheFile {
  version: number;
  facts: Map<string, MarkdownFacts>;
  outputs: Map<string, string>;
}

const hash = (s: string) => createHash('sha1').update(s).digest('base64url').slice(0, 20);

/** The addresses under which other pages can reach a page: its path, regular path, aliases and file. */
function keysOf(e: Entry): string[] {
  const r = e.page.record;
  return [r.path, r.regularPath, `/${r.relativePath}`, ...(r.frontmatter.aliases ?? [])];
}

/** The path a link points at from `from`, or null for an external or invalid one. */
function targetOf(url: string, from: string): string | null {
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) return null;
  const raw = url.split('#')[0]!.replace(/\?.*$/, '');
  if (raw === '') return null;
  try {
    return decodeURI(new URL(raw, `http://site${from}`).pathname);
  } catch {
    return null;
  }
}

export class DevCompiler {
  readonly contentDir: string;
  private readonly rootDir: string;
  private readonly rel: (abs: string) => string;
  private entries = new Map<string, Entry>();
  private site: ReturnType<typeof loadSite>;
  private vars: Record<string, string> = {};
  private openapi!: OpenApiExpander;
  private configErrors: ContentError[] = [];
  private pathErrors: ContentError[] = [];
  private siteErrors: ContentError[] = [];
  private publicFiles = new Set<string>();
  private lastCommit: (abs: string) => number = () => 0;
  private facts = new Map<string, MarkdownFacts>();
  private outputs = new Map<string, string>();
  /** Last good (emitted) state per page: its record and previous/next, by relative path. */
  private emitted = new Map<string, { record: PageRecord; links: string; path: string }>();
  private readonly buildId = 'dev';
  private worker: Worker | undefined;
  private flushes = 0;
  /** Relative paths in the order of their pages' paths (kept until pages are added, removed or moved). */
  private order: string[] = [];

  constructor(private readonly o: DevCompilerOptions) {
    this.contentDir = path.resolve(o.contentDir);
    this.rootDir = path.resolve(o.rootDir ?? path.dirname(this.contentDir));
    this.rel = (abs: string) => path.relative(this.rootDir, abs).split(path.sep).join('/');
  }

  private get cacheFile(): string {
    return path.join(this.o.cacheDir, `content-${hash(this.contentDir)}.bin`);
  }

  private loadCache(): void {
    try {
      const c = v8.deserialize(readFileSync(this.cacheFile)) as CacheFile;
      if (c.version !== CACHE_VERSION) return;
      this.facts = c.facts;
      // The outputs' hashes only hold if the files are still there.
      if (existsSync(path.join(this.o.outDir, SITE_DATA_PATH))) {
        this.outputs = c.outputs;
      }
    } catch {
      /* no cache yet, or an unreadable one: a cold start */
    }
  }

  /** Keeps the analysis of the bodies in use and the outputs' hashes, for the next start. */
  saveCache(): void {
    const used = new Map<string, MarkdownFacts>();
    for (const e of this.entries.values()) {
      const f = this.facts.get(e.bodyHash);
      if (f) used.set(e.bodyHash, f);
    }
    this.facts = used;
    mkdirSync(this.o.cacheDir, { recursive: true });
    const tmp = `${this.cacheFile}.${process.pid}`;
    writeFileSync(tmp, v8.serialize({ version: CACHE_VERSION, facts: used, outputs: this.outputs } satisfies CacheFile));
    renameSync(tmp, this.cacheFile);
  }

  /** True when an earlier run left its cache and output. */
  get hasCache(): boolean {
    return existsSync(this.cacheFile) && existsSync(path.join(this.o.outDir, SITE_DATA_PATH));
  }

  /** Is `abs` (under the content folder) a page file? */
  isPage(abs: string): boolean {
    const f = path.relative(this.contentDir, abs).split(path.sep).join('/');
    return f.toLowerCase().endsWith('.md') && !f.startsWith('..') && !f.startsWith(`${PUBLIC_DIR}/`) && !f.split('/').some((s) => s.startsWith('_'));
  }

  private loadConfig(): void {
    const errors: ContentError[] = [];
    this.site = loadSite(this.contentDir, this.rel, errors);
    this.vars = loadVariables(this.contentDir, this.rel, errors);
    this.configErrors = errors;
  }

  private async loadOpenApi(): Promise<void> {
    const errors: ContentError[] = [];
    this.openapi = await expandOpenApi.load(this.contentDir, this.rel, errors);
    this.configErrors.push(...errors);
  }

  /** Reads one page up to its body (front matter, variables, directives). */
  private read(relativePath: string): { abs: string; file: string; fm: FrontMatterT; src: YamlSource | undefined; split: ReturnType<typeof splitFrontMatter>; body: string; errors: ContentError[] } {
    const abs = path.join(this.contentDir, relativePath);
    const file = this.rel(abs);
    const errors: ContentError[] = [];
    const text = readUtf8(abs, file, errors) ?? new TextDecoder('utf-8').decode(readFileSync(abs)).replace(/\r\n?/g, '\n');
    const split = splitFrontMatter(text, file, errors);
    const src = split.yaml.trim() ? parseYaml(split.yaml, file, split.yamlLine, errors) : undefined;
    const fm = frontMatterOf(src, file, errors);
    let body = substituteVariables(split.body, this.vars, file, split.bodyLine, errors);
    checkCustomElementPlacement(body, file, split.bodyLine, errors);
    body = this.openapi.expand(body, file, split.bodyLine, errors);
    body = convertCallouts(body, file, split.bodyLine, errors);
    return { abs, file, fm, src, split, body, errors };
  }

  /** Builds the page from what was read and its facts (as compile.ts does). */
  private entryOf(relativePath: string, r: ReturnType<DevCompiler['read']>, bodyHash: string, cached: MarkdownFacts): Entry {
    // The page's own copy: the compiler trims its body and the reference check fills its images.
    const facts: MarkdownFacts = { ...cached, body: cached.body.replace(/^\n+/, '') };
    const own = r.errors;
    let title = r.fm.title ?? facts.h1;
    if (!title) {
      if (r.src || !r.split.yaml.trim()) own.push({ file: r.file, line: 1, message: 'The page has no title.', fix: 'Add `title:` to the front matter or start the page with a `# Heading`.' });
      title = relativePath;
    }
    const regularPath = regularPathOf(relativePath);
    const ts = this.lastCommit(r.abs);
    const record: PageRecord = {
      title,
      frontmatter: r.fm,
      regularPath,
      relativePath,
      key: `v-${createHash('sha1').update(relativePath).digest('hex').slice(0, 10)}`,
      path: r.fm.permalink ?? regularPath,
      headers: facts.headers,
      lastUpdated: dateText(ts),
      lastUpdatedTimestamp: ts,
    };
    const page: CompiledPage = {
      record,
      body: { markdown: facts.body, html: facts.html, images: {}, ...(facts.lead.length ? { lead: facts.lead } : {}) },
      facts,
      file: r.file,
      bodyLine: r.split.bodyLine,
      fm: r.src,
    };
    const targets = new Set<string>();
    const fmLinks = [r.fm.actionLink, r.fm.prev, r.fm.next, ...(r.fm.features ?? []).map((f) => f.link), ...(r.fm.choices ?? []).map((c) => c.link)];
    for (const url of [...facts.links.map((l) => l.url), ...fmLinks]) {
      const t = typeof url === 'string' ? targetOf(url, record.path) : null;
      if (t) targets.add(t);
    }
    return { relativePath, abs: r.abs, file: r.file, fm: r.fm, src: r.src, bodyLine: r.split.bodyLine, bodyHash, own, refs: [], page, targets };
  }

  /** Reads and analyses `files` (relative paths); analysis runs on worker threads when there are many. */
  private async compilePages(files: string[]): Promise<{ entries: Entry[]; analysed: number }> {
    const read: Array<{ f: string; r: ReturnType<DevCompiler['read']> }> = [];
    for (const [i, f] of files.entries()) {
      read.push({ f, r: this.read(f) });
      // Lets requests in while a large site is read (the dev server serves the last run's output meanwhile).
      if (i % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    const hashes = read.map(({ r }) => hash(r.body));
    const missing: number[] = [];
    hashes.forEach((h, i) => {
      if (!this.facts.has(h)) missing.push(i);
    });
    if (missing.length > 8) {
      const bodies = missing.map((i) => read[i]!.r.body);
      const pool = new AnalysisPool(
        planFor(
          bodies.length,
          bodies.reduce((n, b) => n + b.length, 0),
        ),
        DEV_ANALYSIS,
      );
      try {
        bodies.forEach((b, i) => pool.add(i, b));
        const out = await pool.results();
        missing.forEach((i, k) => this.facts.set(hashes[i]!, out[k]!));
      } finally {
        await pool.close();
      }
    } else {
      for (const i of missing) this.facts.set(hashes[i]!, analyseMarkdown(read[i]!.r.body, DEV_ANALYSIS));
    }
    return { entries: read.map(({ f, r }, i) => this.entryOf(f, r, hashes[i]!, this.facts.get(hashes[i]!)!)), analysed: missing.length };
  }

  /** The first compile: every page, with the cache of an earlier run when there is one. */
  async start(): Promise<CompileReport> {
    const started = this.lastCommitStart();
    const worker = this.startWorker();
    this.loadCache();
    this.loadConfig();
    await this.loadOpenApi();
    const listed = listFiles(this.contentDir);
    this.publicFiles = new Set(
      listed
        .map((f) => f.file)
        .filter((f) => f.startsWith(`${PUBLIC_DIR}/`))
        .map((f) => f.slice(PUBLIC_DIR.length)),
    );
    this.lastCommit = await started;
    const md = listed.map((f) => f.file).filter((f) => this.isPage(path.join(this.contentDir, f)));
    const { entries, analysed } = await this.compilePages(md);
    for (const e of entries) this.entries.set(e.relativePath, e);
    for (const f of this.publicFiles) this.copyPublic(f);
    await worker;
    return this.finish({ changed: entries, removed: [], all: true, analysed, structure: true });
  }

  private lastCommitStart(): Promise<(abs: string) => number> {
    return gitDates(this.contentDir).catch(() => () => 0);
  }

  /**
   * Applies a set of changed files (absolute paths: edited, created or
   * deleted). Returns what was recompiled and the errors that stand.
   */
  async update(changed: Iterable<string>): Promise<CompileReport> {
    let config = false;
    let openapi = false;
    const pages = new Set<string>();
    const publicChanged: string[] = [];
    const folders: string[] = [];
    for (const abs of changed) {
      const f = path.relative(this.contentDir, abs).split(path.sep).join('/');
      if (f.startsWith('..')) continue;
      if (f === `${CONFIG_DIR}/site.yml` || f === `${CONFIG_DIR}/variables.yml`) config = true;
      else if (f.startsWith(`${PUBLIC_DIR}/`)) {
        publicChanged.push(f.slice(PUBLIC_DIR.length));
        if (f === `${PUBLIC_DIR}/openapi.yaml`) openapi = true;
      } else if (this.isPage(abs)) pages.add(f);
      else folders.push(f);
    }
    // A folder created, moved or deleted with its pages in it: the watcher may name only the folder.
    // The pages it already knew there are looked at only if they are gone; the others have not changed.
    for (const f of folders) {
      const abs = path.join(this.contentDir, f);
      if (existsSync(abs) && statSync(abs).isDirectory()) for (const { file } of listFiles(abs)) if (!this.entries.has(`${f}/${file}`) && this.isPage(path.join(abs, file))) pages.add(`${f}/${file}`);
    }
    // A page renamed within its folder: Node's recursive watch on Linux names the new file only. Where a
    // page or folder appeared or went, the pages known there that are gone are removed.
    const moved = [...folders, ...[...pages].filter((f) => !this.entries.has(f))].map((f) => (path.posix.dirname(f) === '.' ? '' : `${path.posix.dirname(f)}/`));
    if (moved.length) for (const k of this.entries.keys()) if (!pages.has(k) && moved.some((d) => k.startsWith(d)) && !existsSync(path.join(this.contentDir, k))) pages.add(k);
    let structure = false;
    for (const p of publicChanged) {
      const there = existsSync(path.join(this.contentDir, PUBLIC_DIR, p));
      if (there !== this.publicFiles.has(p)) structure = true;
      if (there) this.publicFiles.add(p);
      else this.publicFiles.delete(p);
      this.copyPublic(p);
    }
    if (config || openapi) {
      const before = JSON.stringify(this.vars);
      this.loadConfig();
      await this.loadOpenApi();
      // Variables or the OpenAPI document reach into page bodies: every page is read again.
      if (openapi || JSON.stringify(this.vars) !== before) for (const k of this.entries.keys()) pages.add(k);
    }
    const removed: Entry[] = [];
    const present: string[] = [];
    for (const f of pages) {
      if (existsSync(path.join(this.contentDir, f))) present.push(f);
      else {
        const e = this.entries.get(f);
        if (e) removed.push(e);
        this.entries.delete(f);
      }
    }
    const { entries, analysed } = await this.compilePages(present);
    const before = new Map(entries.map((e) => [e.relativePath, this.entries.get(e.relativePath)]));
    for (const e of entries) {
      const old = before.get(e.relativePath);
      if (!old) structure = true;
      else if (keysOf(old).join('\0') !== keysOf(e).join('\0')) structure = true;
      this.entries.set(e.relativePath, e);
    }
    if (removed.length) structure = true;
    return this.finish({ changed: entries, removed, all: config, analysed, structure, before });
  }

  private copyPublic(p: string): void {
    const src = path.join(this.contentDir, PUBLIC_DIR, p);
    const dest = path.join(this.o.outDir, p);
    if (existsSync(src)) {
      mkdirSync(path.dirname(dest), { recursive: true });
      copyFileSync(src, dest);
    } else rmSync(dest, { force: true });
  }

  /** Checks, then writes what changed. */
  private finish(c: { changed: Entry[]; removed: Entry[]; all: boolean; analysed: number; structure: boolean; before?: Map<string, Entry | undefined> }): CompileReport {
    if (c.all || c.structure || this.order.length !== this.entries.size) {
      this.order = [...this.entries.values()].sort((a, b) => a.page.record.path.localeCompare(b.page.record.path)).map((e) => e.relativePath);
    }
    const all = this.order.map((f) => this.entries.get(f)!);
    const pages = all.map((e) => e.page);

    // Which pages' references may have changed: the changed ones, and those linking to any address
    // a changed or removed page answers at (or answered at before).
    const affectedKeys = new Set<string>();
    for (const e of [...c.changed, ...c.removed, ...[...(c.before?.values() ?? [])].filter((e): e is Entry => !!e)]) for (const k of keysOf(e)) affectedKeys.add(k);
    // A public file added or removed (no page changed) can make any image reference valid or invalid.
    const everyPage = c.all || (c.structure && c.changed.length === 0 && c.removed.length === 0);
    const changedSet = new Set(c.changed);
    const recheck = everyPage ? all : all.filter((e) => changedSet.has(e) || [...e.targets].some((t) => affectedKeys.has(t)));
    const refErrors: ContentError[] = [];
    // Image sizes are filled in again by the check.
    for (const e of recheck) e.page.body.images = {};
    checkReferences({ pages, publicFiles: this.publicFiles, contentDir: this.contentDir, publicDir: PUBLIC_DIR, site: undefined, errors: refErrors, only: recheck.map((e) => e.page) });
    for (const e of recheck) e.refs = [];
    const byFile = new Map(all.map((e) => [e.file, e]));
    for (const err of refErrors) byFile.get(err.file)?.refs.push(err);
    if (c.all || c.structure) {
      this.siteErrors = [];
      checkReferences({ pages, publicFiles: this.publicFiles, contentDir: this.contentDir, publicDir: PUBLIC_DIR, site: this.site, errors: this.siteErrors, only: [] });
      checkPublishedPaths(pages, this.publicFiles, (p) => this.rel(path.join(this.contentDir, PUBLIC_DIR, p)), this.siteErrors);
      this.pathErrors = [];
      checkPaths(pages, this.pathErrors);
    }

    const errors = [...this.configErrors, ...this.siteErrors, ...this.pathErrors, ...all.flatMap((e) => [...e.own, ...e.refs])].sort((a, b) =>
      a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line,
    );
    const held = new Set(errors.map((e) => e.file));
    const report: CompileReport = { recompiled: c.changed.length, analysed: c.analysed, changedPaths: [], routesChanged: false, errors, written: 0 };
    if (!this.site) return report;

    const write = (file: string, text: string) => {
      const h = hash(text);
      if (this.outputs.get(file) === h) return false;
      const abs = path.join(this.o.outDir, file);
      mkdirSync(path.dirname(abs), { recursive: true });
      // Beside, then renamed: the browser never reads half a file.
      writeFileSync(`${abs}.tmp`, text);
      renameSync(`${abs}.tmp`, abs);
      this.outputs.set(file, h);
      report.written++;
      return true;
    };
    const remove = (file: string) => {
      if (!this.outputs.has(file)) return;
      rmSync(path.join(this.o.outDir, file), { force: true });
      this.outputs.delete(file);
      report.written++;
    };

    // The records the site shows: a page with errors keeps its last good record (or is left out if it never had one).
    const records = new Map<string, PageRecord>();
    for (const e of all) {
      const good = held.has(e.file) ? this.emitted.get(e.relativePath)?.record : e.page.record;
      if (good) records.set(good.path, good);
    }
    const config: SiteConfig = this.site.config;
    const order = readingOrder(config.sidebar);
    const positions = orderPositions(order);
    const neighbours = (r: PageRecord) => prevNext(r, order, records, positions);

    const titlesChanged = c.structure || c.all || c.changed.some((e) => this.emitted.get(e.relativePath)?.record.title !== e.page.record.title);
    // Chunks to consider: the changed pages, and when titles or addresses moved, every page (only those whose neighbours changed are written).
    const candidates = titlesChanged ? all : c.changed;
    const upsert: BackgroundPage[] = [];
    const gone: string[] = [];
    for (const e of candidates) {
      if (held.has(e.file)) continue;
      const { prev, next } = neighbours(e.page.record);
      const links = JSON.stringify([prev, next]);
      const last = this.emitted.get(e.relativePath);
      if (!changedSet.has(e) && !c.all && last && last.links === links && last.path === e.page.record.path && this.outputs.has(chunkUrl(e.page.record.path).slice(1))) continue;
      const r = e.page.record;
      const chunk: Chunk = { buildId: this.buildId, key: r.key, path: r.path, record: r, ...(prev ? { prev } : {}), ...(next ? { next } : {}), ...e.page.body };
      const chunkFile = chunkUrl(r.path).slice(1);
      if (last && last.path !== r.path) {
        remove(chunkUrl(last.path).slice(1));
        report.changedPaths.push(last.path);
        gone.push(last.path);
      }
      if (write(chunkFile, JSON.stringify(chunk))) report.changedPaths.push(r.path);
      if (changedSet.has(e) || c.all) upsert.push({ record: r, markdown: e.page.body.markdown, sections: e.page.facts.sections, terms: e.page.facts.terms, searchKey: `${r.title}\0${e.bodyHash}` });
      this.emitted.set(e.relativePath, { record: r, links, path: r.path });
    }
    for (const e of c.removed) {
      const last = this.emitted.get(e.relativePath);
      this.emitted.delete(e.relativePath);
      if (!last || records.has(last.path)) continue;
      remove(chunkUrl(last.path).slice(1));
      report.changedPaths.push(last.path);
      gone.push(last.path);
    }

    // The route table and route files, from the records the site shows: only when titles, addresses or the config changed.
    if (!titlesChanged) {
      this.post(upsert, gone, records, c.all);
      return report;
    }
    const shown = [...records.values()];
    const index = buildPathIndex(shown);
    const siteData: SiteData = { buildId: this.buildId, site: config, sidebar: resolveSidebar(config.sidebar, records), redirects: Object.fromEntries(index.redirects), app: this.o.appEntry };
    if (write(SITE_DATA_PATH, JSON.stringify(siteData))) report.routesChanged = true;
    const sections = new Map<string, string[]>();
    for (const r of shown.sort((a, b) => a.path.localeCompare(b.path))) {
      const list = sections.get(sectionOf(r.path)) ?? [];
      list.push(r.path);
      sections.set(sectionOf(r.path), list);
    }
    for (const [section, paths] of sections) {
      const shard: RouteShard = { buildId: this.buildId, paths };
      if (write(routesUrl(section).slice(1), JSON.stringify(shard))) report.routesChanged = true;
    }
    for (const file of [...this.outputs.keys()]) {
      if (file.startsWith('data/routes') && ![...sections.keys()].some((s) => routesUrl(s).slice(1) === file)) {
        remove(file);
        report.routesChanged = true;
      }
    }
    this.post(upsert, gone, records, c.all);
    return report;
  }

  /** Sends the background thread the pages that changed (and the config, when it did). */
  private post(upsert: BackgroundPage[], gone: string[], records: ReadonlyMap<string, PageRecord>, config: boolean): void {
    if (!this.site || (!upsert.length && !gone.length && !config)) return;
    const site = config ? { site: { config: this.site.config, file: this.site.file } } : {};
    this.worker?.postMessage({ type: 'update', buildId: this.buildId, upsert, remove: gone.filter((p) => !records.has(p)), ...site } satisfies BackgroundMessage);
  }

  /**
   * Runs the Markdown analysis a few times in this thread, so the first edit after a start with the
   * cache does not pay for compiling the parser (the start itself analysed nothing here).
   */
  warmUp(): void {
    let n = 0;
    for (const e of this.entries.values()) {
      analyseMarkdown(e.page.body.markdown, DEV_ANALYSIS);
      if (++n >= 6) break;
    }
  }

  /** Waits until the background thread has written everything sent so far (tests, the bench, before the cache is saved). */
  async settled(): Promise<void> {
    const w = this.worker;
    if (!w) return;
    const id = ++this.flushes;
    await new Promise<void>((resolve) => {
      const on = (m: { type: string; id: number }) => {
        if (m.type !== 'flushed' || m.id !== id) return;
        w.off('message', on);
        resolve();
      };
      w.on('message', on);
      w.postMessage({ type: 'flush', id } satisfies BackgroundMessage);
    });
  }

  /** Starts the background thread (Markdown copies, manifest.json, search index, site-wide files). */
  private async startWorker(): Promise<void> {
    // The bundle of its TypeScript entry: a thread cannot load TypeScript by itself.
    const script = await threadScript(new URL('./dev-background-main.ts', import.meta.url));
    this.worker = new Worker(script, { workerData: { outDir: this.o.outDir, cacheDir: this.o.cacheDir, delayMs: 300 } });
    this.worker.unref();
    this.worker.on('error', (e) => console.error('The background writer stopped:', e));
  }

  /** Stops the background thread. */
  stop(): void {
    void this.worker?.terminate();
    this.worker = undefined;
  }
}
