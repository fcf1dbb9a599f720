/**
 * The content compiler: content/ -> manifest.json, one chunk per page and the
 * static files of content/public. It collects every content error, and throws
 * one ContentBuildError listing all of them; it writes nothing itself.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { FrontMatter, type FrontMatter as FrontMatterT } from '../src/shared/schemas/front-matter.ts';
import { SiteConfig } from '../src/shared/schemas/site-config.ts';
import type { ChunkRef, Manifest } from '../src/shared/schemas/manifest.ts';
import { markdownSourceOf, pageMarkdown } from '../src/shared/page-markdown.ts';
import { markdownPathOf, siteUrl } from '../src/shared/site-urls.ts';
import { packPage } from '../src/shared/page-pack.ts';
import { routesUrl, sectionOf, SITE_DATA_PATH, type RouteShard, type SiteData } from '../src/shared/schemas/site-data.ts';
import { orderPositions, prevNext, readingOrder, resolveSidebar } from '../src/shared/sidebar.ts';
import type { PageRecord } from '../src/shared/schemas/page-record.ts';
import { buildPathIndex, chunkUrl, regularPathOf } from '../src/shared/paths.ts';
import { ContentBuildError, type ContentError } from './errors.ts';
import { parseYaml, schemaErrors, type YamlSource } from './yaml-source.ts';
import { splitFrontMatter } from './front-matter.ts';
import { substituteVariables } from './variables.ts';
import { convertCallouts } from './callouts.ts';
import { checkCustomElementPlacement } from './custom-element-placement.ts';
import type { MarkdownFacts, Section } from './markdown.ts';
import type { SectionTerms } from './search-terms.ts';
import { AnalysisPool, planFor } from './analyse-pool.ts';
import { AnalysisCache } from './analysis-cache.ts';
import { threadScript } from './ts-bundle.mjs';
import { dateText, gitDates } from './git-dates.ts';
import { expandOpenApi } from './openapi-directive.ts';
import { checkReferences } from './references.ts';
import type { CompiledPage } from './compiled-page.ts';
import { loadTestScriptChecker } from './test-script-check.ts';
import { apiExampleChecker } from './api-example-check.ts';
import { publishedSchemaChecker } from './json-schema-check.ts';
import { templatedSvgs } from './svg-variables.ts';
import { checkPublishedPaths, publish } from './publishing.ts';
import { leadDescription } from './lead.ts';

/** The page's description, when it has one: the front matter's, else the start of its lead paragraph. */
function descriptionOf(fm: FrontMatterT, facts: MarkdownFacts): { description?: string } {
  const d = fm.description ?? leadDescription(facts.lead);
  return d ? { description: d } : {};
}

/** Where the compiler reads from. */
export interface CompileOptions {
  /** The content folder (holds _config/ and public/). */
  contentDir: string;
  /** Project root, for error paths (default: the content folder's parent). */
  rootDir?: string;
  /** Overrides the site config's analytics id (ANALYTICS_ID). */
  analyticsId?: string | undefined;
  /** Overrides the site config's output (SITE_OUTPUT). */
  output?: SiteConfig['output'] | undefined;
  /**
   * Receives each per-page output file (chunks, Markdown copies, llms files)
   * as soon as it is made, once the content has been found free of errors;
   * without it they are collected in `files`. A large site's text is then
   * never held in memory all at once.
   */
  emit?: ((file: string, text: string) => void) | undefined;
  /**
   * The caller writes into a folder it discards when the build fails (a
   * stage): each page's Markdown copy is then given to `emit` as soon as its
   * analysis is back, while the other pages are still being parsed, instead
   * of after every check. On a large site the writing then happens while
   * this thread would wait for the analysis workers.
   */
  staged?: boolean;
  /** Where the analysis of a small site's pages is kept between builds (analysis-cache.ts); none without it. */
  cacheDir?: string | undefined;
}

/** The compiler's output: files to write under dist/, relative path -> contents. */
export interface CompileResult {
  manifest: Manifest;
  pages: CompiledPage[];
  /** Files to write: path under dist/ -> text. */
  files: Map<string, string>;
  /** Files to copy: path under dist/ -> absolute source. */
  copies: Map<string, string>;
  /** Search sections of every page. */
  search: Array<{ path: string; title: string; sections: Section[]; terms: SectionTerms }>;
  /** What the build left out and why (printed, never fatal): no origin, an empty feed. */
  warnings: ContentError[];
}

export const CONFIG_DIR = '_config';
export const PUBLIC_DIR = 'public';

/** Every file under `dir` (relative, with `/`), sorted, with its size. */
export function listFiles(dir: string): Array<{ file: string; size: number }> {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => ({ file: f.split(path.sep).join('/'), stat: statSync(path.join(dir, f)) }))
    .filter((f) => f.stat.isFile())
    .map((f) => ({ file: f.file, size: f.stat.size }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** Reads a file as UTF-8, reporting bytes that are not valid UTF-8. */
export function readUtf8(abs: string, file: string, errors: ContentError[]): string | undefined {
  const bytes = readFileSync(abs);
  try {
    return new TextDecoder('utf-8', { fatal: true })
      .decode(bytes)
      .replace(/^\uFEFF/, '')
      .replace(/\r\n?/g, '\n');
  } catch {
    let line = 1;
    let start = 0;
    for (let i = 0; i <= bytes.length; i++) {
      if (i < bytes.length && bytes[i] !== 0x0a) continue;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start, i));
      } catch {
        break;
      }
      line++;
      start = i + 1;
    }
    errors.push({ file, line, message: 'The file is not valid UTF-8.', fix: 'Save the file with UTF-8 encoding (convert it with iconv or your editor).' });
    return undefined;
  }
}

export function loadVariables(contentDir: string, rel: (a: string) => string, errors: ContentError[]): Record<string, string> {
  const abs = path.join(contentDir, CONFIG_DIR, 'variables.yml');
  if (!existsSync(abs)) return {};
  const file = rel(abs);
  const text = readUtf8(abs, file, errors);
  const src = text === undefined ? undefined : parseYaml(text, file, 1, errors);
  const out: Record<string, string> = {};
  const value = src?.value ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push({ file, line: 1, message: 'Site variables must be a mapping of names to values.', fix: 'Write one `name: value` per line.' });
    return out;
  }
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else errors.push({ file, line: src!.lineOf([k]), message: `Site variable "${k}" is not a plain value.`, fix: 'Give it a string or a number.' });
  }
  return out;
}

export function loadSite(contentDir: string, rel: (a: string) => string, errors: ContentError[]) {
  const abs = path.join(contentDir, CONFIG_DIR, 'site.yml');
  const file = rel(abs);
  if (!existsSync(abs)) {
    errors.push({ file, line: 0, message: 'The site config is missing.', fix: 'Create content/_config/site.yml with at least a title and a description.' });
    return undefined;
  }
  const text = readUtf8(abs, file, errors);
  const src = text === undefined ? undefined : parseYaml(text, file, 1, errors);
  if (!src) return undefined;
  const r = SiteConfig.safeParse(src.value ?? {});
  if (!r.success) {
    errors.push(...schemaErrors(r.error.issues, src, file, 'site config'));
    return undefined;
  }
  return { config: r.data, src, file };
}

/** Compiles the content folder. Throws ContentBuildError listing every problem. */
export async function compileContent(opts: CompileOptions): Promise<CompileResult> {
  const contentDir = path.resolve(opts.contentDir);
  const rootDir = path.resolve(opts.rootDir ?? path.dirname(contentDir));
  const rel = (abs: string) => path.relative(rootDir, abs).split(path.sep).join('/');
  const errors: ContentError[] = [];

  // Started first, so they run while the config and the pages are read: git's
  // history of the content, and the Markdown analysis workers.
  const lastCommitting = gitDates(contentDir);
  const listed = listFiles(contentDir);
  const mdListed = listed.filter(({ file: f }) => f.toLowerCase().endsWith('.md') && !f.startsWith(`${PUBLIC_DIR}/`) && !f.split('/').some((s) => s.startsWith('_')));
  // Read before the pool starts (a few ms), so its output setting is known to the analysis.
  const site = loadSite(contentDir, rel, errors);
  const plan = planFor(
    mdListed.length,
    mdListed.reduce((n, f) => n + f.size, 0),
  );
  // Only page documents hold the article as HTML: the single output, by the build's option or the site's own setting, renders none.
  const options = { article: (opts.output ?? site?.config.output) !== 'single' };
  // Kept between builds of a site this thread analyses alone (a large site's would weigh hundreds of MB).
  const cache = opts.cacheDir && plan.workers === 0 ? AnalysisCache.open(opts.cacheDir, await analysisCodeKey(), options) : undefined;
  const pool = new AnalysisPool(plan, options, cache);
  try {
    return await compileWith(opts, { contentDir, rel, errors, listed, mdFiles: mdListed.map((f) => f.file), pool, lastCommitting, site });
  } finally {
    await pool.close();
  }
}

/** What compileContent has found and started before it reads the pages. */
interface CompileStart {
  contentDir: string;
  rel: (abs: string) => string;
  errors: ContentError[];
  listed: ReadonlyArray<{ file: string }>;
  mdFiles: string[];
  pool: AnalysisPool;
  lastCommitting: Promise<(absFile: string) => number>;
  site: ReturnType<typeof loadSite>;
}

async function compileWith(opts: CompileOptions, { contentDir, rel, errors, listed, mdFiles, pool, lastCommitting, site }: CompileStart): Promise<CompileResult> {
  const vars = loadVariables(contentDir, rel, errors);
  const openapi = await expandOpenApi.load(contentDir, rel, errors);
  // Examples are checked as written, before directives add lines: test scripts against
  // the published schema, API examples against the OpenAPI document.
  const scripts = loadTestScriptChecker(contentDir, rel, errors);
  const apiExamples = apiExampleChecker(openapi.doc);
  const fileExamples = publishedSchemaChecker(path.join(contentDir, PUBLIC_DIR));

  const all = listed.map((f) => f.file);
  const publicFiles = new Set(all.filter((f) => f.startsWith(`${PUBLIC_DIR}/`)).map((f) => f.slice(PUBLIC_DIR.length)));

  // Each body goes to the analysis as soon as it is read (front matter,
  // variables, directives): on a large site the workers parse while this
  // thread reads the next pages.
  const read: ReadPage[] = [];
  // Each page's record once (made as its analysis comes back when its Markdown copy is written early).
  const made: Array<ReturnType<typeof recordOf>> = [];
  const recordAt = (i: number, facts: MarkdownFacts, dates: (absFile: string) => number) => (made[i] ??= recordOf(read[i]!, facts, dates));
  const copied = site && opts.staged && opts.emit ? earlyCopies(pool, lastCommitting, opts.emit, site.config, (i, facts, dates) => recordAt(i, facts, dates).record) : undefined;
  for (const [i, relativePath] of mdFiles.entries()) {
    const abs = path.join(contentDir, relativePath);
    const file = rel(abs);
    // A broken file is reported and then read as well as it can be, so it still
    // counts as a page and does not cause a cascade of dead-link errors elsewhere.
    const text = readUtf8(abs, file, errors) ?? new TextDecoder('utf-8').decode(readFileSync(abs)).replace(/\r\n?/g, '\n');
    const split = splitFrontMatter(text, file, errors);
    const src = split.yaml.trim() ? parseYaml(split.yaml, file, split.yamlLine, errors) : undefined;
    const fm = frontMatterOf(src, file, errors);
    let body = substituteVariables(split.body, vars, file, split.bodyLine, errors);
    scripts.check(body, file, split.bodyLine, errors);
    checkCustomElementPlacement(body, file, split.bodyLine, errors);
    apiExamples.check(body, file, split.bodyLine, errors);
    fileExamples.check(body, file, split.bodyLine, errors);
    body = openapi.expand(body, file, split.bodyLine, errors);
    body = convertCallouts(body, file, split.bodyLine, errors);
    pool.add(i, body);
    read.push({ relativePath, abs, file, split, src, fm });
    // Lets the workers' answers in, so each gets its next batch while the reading goes on.
    if (i % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
  }
  const analysed = await pool.results();
  await pool.close();
  const lastCommit = await lastCommitting;

  const pages: CompiledPage[] = read.map(({ file, split, src, fm }, i) => {
    const facts = analysed[i]!;
    const { record, untitled } = recordAt(i, facts, lastCommit);
    // A front matter that failed to parse has been reported already; its title is unknown, not missing.
    if (untitled && (src || !split.yaml.trim())) errors.push({ file, line: 1, message: 'The page has no title.', fix: 'Add `title:` to the front matter or start the page with a `# Heading`.' });
    return {
      record,
      body: { markdown: facts.body, html: facts.html, images: {}, ...(facts.lead.length ? { lead: facts.lead } : {}), ...descriptionOf(fm, facts) },
      facts,
      file,
      bodyLine: split.bodyLine,
      fm: src,
    };
  });

  pages.sort((a, b) => a.record.path.localeCompare(b.record.path));
  checkPaths(pages, errors);
  checkReferences({ pages, publicFiles, contentDir, publicDir: PUBLIC_DIR, site, errors });
  checkPublishedPaths(pages, publicFiles, (p) => rel(path.join(contentDir, PUBLIC_DIR, p)), errors);
  const diagrams = templatedSvgs(path.join(contentDir, PUBLIC_DIR), publicFiles, vars, rel, errors);

  if (errors.length > 0) throw new ContentBuildError(errors);
  if (!site) throw new ContentBuildError([]);

  const config = { ...site.config };
  if (opts.analyticsId !== undefined) config.analytics = { id: opts.analyticsId };
  if (opts.output !== undefined) config.output = opts.output;

  const files = new Map<string, string>();
  const copies = new Map<string, string>();
  for (const f of publicFiles) if (!diagrams.has(f.slice(1))) copies.set(f.slice(1), path.join(contentDir, PUBLIC_DIR, f));
  for (const [f, text] of diagrams) files.set(f, text);
  const records = pages.map((p) => p.record);
  const id = createHash('sha1').update(JSON.stringify(records));
  for (const p of pages) id.update(JSON.stringify(p.body));
  const buildId = id.update(JSON.stringify(config)).digest('hex').slice(0, 12);
  const emit = opts.emit ?? ((file: string, text: string) => void files.set(file, text));

  // The complete record set, for tools and readers of the spec's page records.
  const manifest: Manifest = { buildId, site: config, pages: records };
  files.set('manifest.json', JSON.stringify(manifest));

  // The runtime form: route table, one path list per section, one chunk per page.
  const byPath = new Map(records.map((r) => [r.path, r]));
  const index = buildPathIndex(records);
  const siteData: SiteData = { buildId, site: config, sidebar: resolveSidebar(config.sidebar, byPath), redirects: Object.fromEntries(index.redirects), markdown: 'copies' };
  files.set(SITE_DATA_PATH, JSON.stringify(siteData));
  const sections = new Map<string, string[]>();
  for (const r of records) {
    const list = sections.get(sectionOf(r.path)) ?? [];
    list.push(r.path);
    sections.set(sectionOf(r.path), list);
  }
  for (const [section, paths] of sections) {
    const shard: RouteShard = { buildId, paths };
    files.set(routesUrl(section).slice(1), JSON.stringify(shard));
  }
  const order = readingOrder(config.sidebar);
  const positions = orderPositions(order);
  for (const p of pages) {
    const { prev, next } = prevNext(p.record, order, byPath, positions);
    // The lead is for the single output's boot script, which draws it before the app; a page document holds its text already.
    // The Markdown is kept once, in the page's published copy (written by publish below): the chunk says where it lies there.
    const { lead, markdown, ...body } = p.body;
    const chunk: ChunkRef = {
      buildId,
      key: p.record.key,
      path: p.record.path,
      record: p.record,
      ...(prev ? { prev } : {}),
      ...(next ? { next } : {}),
      ...body,
      source: markdownSourceOf(p.record, markdown, siteUrl(config, p.record.path)),
      ...(lead && config.output === 'single' ? { lead } : {}),
    };
    emit(chunkUrl(p.record.path).slice(1), JSON.stringify(packPage(chunk)));
  }
  // Markdown beside every page, llms.txt, robots.txt, and with an origin the sitemap and feeds.
  const published = publish(
    config,
    pages.map((p) => ({ record: p.record, markdown: p.body.markdown })),
    site.file,
    emit,
    copied && ((path) => copied.has(path)),
  );
  const search = pages.map((p) => ({ path: p.record.path, title: p.record.title, sections: p.facts.sections, terms: p.facts.terms }));
  return { manifest, pages, files, copies, search, warnings: published.warnings };
}

/** The identity of the analysis code: the hash of the bundle the analysis workers run (made when missing or stale). */
async function analysisCodeKey(): Promise<string> {
  const script = await threadScript(new URL('./analyse-worker-main.ts', import.meta.url));
  return createHash('sha256').update(readFileSync(script)).digest('hex');
}

/** A page as read, before its analysis. */
interface ReadPage {
  relativePath: string;
  abs: string;
  file: string;
  split: ReturnType<typeof splitFrontMatter>;
  src: YamlSource | undefined;
  fm: FrontMatterT;
}

/** A page's record, from what was read and its analysis; `untitled` when it has no title (its path stands in). */
function recordOf({ relativePath, abs, fm }: ReadPage, facts: MarkdownFacts, lastCommit: (absFile: string) => number): { record: PageRecord; untitled: boolean } {
  const title = fm.title ?? facts.h1;
  const regularPath = regularPathOf(relativePath);
  const ts = lastCommit(abs);
  const record: PageRecord = {
    title: title || relativePath,
    frontmatter: fm,
    regularPath,
    relativePath,
    key: `v-${createHash('sha1').update(relativePath).digest('hex').slice(0, 10)}`,
    path: fm.permalink ?? regularPath,
    headers: facts.headers,
    lastUpdated: dateText(ts),
    lastUpdatedTimestamp: ts,
  };
  // One string for the facts and the chunk (a large site holds every page's text in memory).
  facts.body = facts.body.replace(/^\n+/, '');
  return { record, untitled: !title };
}

/**
 * Writes each page's Markdown copy (publishing.ts) as its analysis comes
 * back, once git's dates are known; returns the paths of the pages whose
 * copy is written, which grows until the analysis is done.
 */
function earlyCopies(
  pool: AnalysisPool,
  lastCommitting: Promise<(absFile: string) => number>,
  emit: (file: string, text: string) => void,
  site: SiteConfig,
  recordAt: (index: number, facts: MarkdownFacts, lastCommit: (absFile: string) => number) => PageRecord,
): Set<string> {
  const copied = new Set<string>();
  let dates: ((absFile: string) => number) | undefined;
  const waiting: Array<[number, MarkdownFacts]> = [];
  const write = (i: number, facts: MarkdownFacts, lastCommit: (absFile: string) => number) => {
    const record = recordAt(i, facts, lastCommit);
    emit(markdownPathOf(record.path).slice(1), pageMarkdown(record, facts.body, siteUrl(site, record.path)));
    copied.add(record.path);
  };
  pool.onFacts((i, facts) => (dates ? write(i, facts, dates) : waiting.push([i, facts])));
  // A failure of git's dates is the build's (compileWith awaits them): nothing more is written early then.
  lastCommitting.then(
    (d) => {
      dates = d;
      for (const [i, facts] of waiting.splice(0)) write(i, facts, d);
    },
    () => undefined,
  );
  return copied;
}

/**
 * Validates front matter; on failure reports each issue and keeps the fields
 * that are valid, so the page can still be compiled and linked to.
 */
export function frontMatterOf(src: YamlSource | undefined, file: string, errors: ContentError[]): FrontMatterT {
  const value = src?.value ?? {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push({ file, line: 1, message: 'The front matter is not a mapping.', fix: 'Write one `field: value` per line between the --- lines.' });
    return {};
  }
  const parsed = FrontMatter.safeParse(value);
  let fm: FrontMatterT = {};
  if (parsed.success) fm = { ...parsed.data };
  else {
    if (src) errors.push(...schemaErrors(parsed.error.issues, src, file, 'front matter'));
    const bad = new Set<PropertyKey>(parsed.error.issues.flatMap((i) => (i.code === 'unrecognized_keys' ? i.keys : i.path.slice(0, 1))));
    const rest = Object.fromEntries(Object.entries(value).filter(([k]) => !bad.has(k)));
    const again = FrontMatter.safeParse(rest);
    if (again.success) fm = { ...again.data };
  }
  if (fm.home && !fm.layout) fm.layout = 'home';
  return fm;
}

/** Two pages on one path, or an alias onto a page or onto another alias. */
export function checkPaths(pages: CompiledPage[], errors: ContentError[]): void {
  const owner = new Map<string, CompiledPage>();
  for (const p of pages) {
    const prev = owner.get(p.record.path);
    if (prev) {
      errors.push({
        file: p.file,
        line: p.record.frontmatter.permalink && p.fm ? p.fm.lineOf(['permalink']) : 1,
        message: `Two pages on one path: ${p.record.path} is also the path of ${prev.file}.`,
        fix: 'Give one of the pages another permalink, or move its file.',
      });
    } else owner.set(p.record.path, p);
  }
  const aliasOwner = new Map<string, CompiledPage>();
  for (const p of pages) {
    (p.record.frontmatter.aliases ?? []).forEach((a, i) => {
      // Found only for an error: a line costs a second parse of the front matter (yaml-source.ts).
      const line = () => (p.fm ? p.fm.lineOf(['aliases', i]) : 1);
      const page = owner.get(a);
      const other = aliasOwner.get(a);
      if (page) {
        errors.push({ file: p.file, line: line(), message: `The alias ${a} collides with the page ${page.file}, which answers at that path.`, fix: 'Remove the alias or choose another address.' });
      } else if (other && other !== p) {
        errors.push({ file: p.file, line: line(), message: `The alias ${a} is also an alias of ${other.file}.`, fix: 'Keep the alias on one page only.' });
      } else aliasOwner.set(a, p);
    });
  }
}
