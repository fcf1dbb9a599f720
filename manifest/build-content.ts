/** Compiles content and writes its output (manifest, chunks, public files, search index) into a folder. */
import { compileContent, type CompileResult } from './compile.ts';
import { writeInto } from './output.ts';
import { formatContentError } from './errors.ts';
import { writeSearchIndex } from '../scripts/search-index.ts';

/** Options for one content build. */
export interface BuildContentOptions {
  contentDir: string;
  outDir: string;
  analyticsId?: string | undefined;
}

/** Prints what the build left out (a missing origin, an empty feed); the build goes on. */
export function printWarnings(r: CompileResult): void {
  for (const w of r.warnings) console.warn(`Warning: ${formatContentError(w)}`);
}

/** Compiles and writes; throws ContentBuildError on broken content (nothing written then). */
export async function buildContent(o: BuildContentOptions): Promise<CompileResult> {
  // Per-page files go straight to disk: the compiler has checked everything before it makes them.
  const emit = (file: string, text: string) => writeInto(o.outDir, new Map([[file, text]]));
  const r = await compileContent({ contentDir: o.contentDir, analyticsId: o.analyticsId || undefined, emit });
  writeInto(o.outDir, r.files, r.copies);
  // Written: the chunks' text need not stay in memory while the search index is built.
  r.files.clear();
  await writeSearchIndex(o.outDir, r.search);
  return r;
}
