/** Compiles content and writes its output (manifest, chunks, public files, search index) into a folder. */
import { compileContent, type CompileResult } from './compile.ts';
import { FileWriter } from './output.ts';
import { formatContentError } from './errors.ts';
import { writeSearchIndex } from './search-index.ts';

/** Options for one content build. */
export interface BuildContentOptions {
  contentDir: string;
  outDir: string;
  analyticsId?: string | undefined;
  /** Overrides the site config's output. */
  output?: 'pages' | 'single' | undefined;
  /** `outDir` is a stage, discarded when the build fails: per-page files may be written before every check is done (CompileOptions.staged). */
  staged?: boolean;
  /** Where a small site's Markdown analysis is kept between builds (CompileOptions.cacheDir). */
  cacheDir?: string | undefined;
}

/** The output SITE_OUTPUT asks for, overriding the site config's (the tests build both); undefined when it is not set. */
export function outputFromEnv(env: NodeJS.ProcessEnv = process.env): 'pages' | 'single' | undefined {
  const output = env.SITE_OUTPUT;
  if (output !== undefined && output !== 'pages' && output !== 'single') throw new Error(`SITE_OUTPUT must be "pages" or "single", not "${output}".`);
  return output;
}

/** What a content build made: the compiled content and how the search index went. */
export interface BuiltContent extends CompileResult {
  /** Pages in the search index, and the time spent indexing them (the files are written on the writer's thread meanwhile). */
  searchIndex: { pages: number; ms: number };
}

/** The build's line about the search index: its build time is watched as the site grows. */
export function searchIndexLine(r: Pick<BuiltContent, 'searchIndex'>): string {
  return `Search index: ${r.searchIndex.pages} pages in ${Math.round(r.searchIndex.ms)} ms.`;
}

/** Prints what the build left out (a missing origin, an empty feed); the build goes on. */
export function printWarnings(r: CompileResult): void {
  for (const w of r.warnings) console.warn(`Warning: ${formatContentError(w)}`);
}

/** A content build whose files are written, its search index not yet made. */
export interface WrittenContent extends CompileResult {
  /** Makes and writes the search index (synchronous: it keeps this thread busy). */
  indexSearch(): BuiltContent['searchIndex'];
  /** The absolute folders the content's files are in, for another writer of the same output (FileWriter). */
  folders(): string[];
}

/**
 * Compiles and writes everything but the search index, which `indexSearch`
 * makes when the caller has nothing else for this thread (the build makes a
 * large site's page documents beside it); throws ContentBuildError on broken
 * content (nothing written then).
 */
export async function writeContent(o: BuildContentOptions): Promise<WrittenContent> {
  // Per-page files go to disk as they are made: the compiler has checked everything before it makes them.
  const out = new FileWriter(o.outDir);
  const r = await compileContent({
    contentDir: o.contentDir,
    analyticsId: o.analyticsId || undefined,
    output: o.output,
    emit: (file, text) => out.write(file, text),
    staged: o.staged,
    cacheDir: o.cacheDir,
  });
  for (const [file, text] of r.files) out.write(file, text);
  for (const [file, src] of r.copies) out.copy(file, src);
  // Written: the chunks' text need not stay in memory while the search index is built.
  r.files.clear();
  return Object.assign(r, { indexSearch: () => writeSearchIndex(o.outDir, r.search, out, { synonyms: r.manifest.site.search.synonyms }), folders: () => out.folders() });
}

/** Compiles and writes, the search index included; throws ContentBuildError on broken content (nothing written then). */
export async function buildContent(o: BuildContentOptions): Promise<BuiltContent> {
  const r = await writeContent(o);
  const { pages, ms } = r.indexSearch();
  return Object.assign(r, { searchIndex: { pages, ms } });
}
