/**
 * The local search index: one small HTML document per page (title, then each
 * section under its heading id) fed to Pagefind, whose bundle in
 * `<outDir>/pagefind/` is split into many small files the browser fetches
 * only for the words it searches, so the download stays small at any size.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as pagefind from 'pagefind';

/** The text of one page, as the compiler splits it (CompileResult.search). */
export interface SearchPage {
  path: string;
  title: string;
  /** Text under each heading; slug '' is the text before the first heading. */
  sections: ReadonlyArray<{ slug: string; title: string; text: string }>;
}

/** Pages handed to the Pagefind service at once: enough to keep it busy, few enough to bound memory. */
const BATCH = 200;
/** Pagefind's UI bundles: the app brings its own search box. */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui)\.|^pagefind-highlight\.js$/;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The HTML document Pagefind indexes for one page; heading ids become result anchors. */
export function searchDocument(page: SearchPage): string {
  const body = page.sections
    .map((s) => (s.slug ? `<h2 id="${esc(s.slug)}">${esc(s.title)}</h2><p>${esc(s.text)}</p>` : `<p>${esc(s.text)}</p>`))
    .join('');
  return `<html lang="en"><head><title>${esc(page.title)}</title></head><body><main data-pagefind-body><h1>${esc(page.title)}</h1>${body}</main></body></html>`;
}

/** Indexes `pages` and writes the Pagefind bundle to `<outDir>/pagefind/`, replacing any previous one. */
export async function writeSearchIndex(outDir: string, pages: ReadonlyArray<SearchPage>): Promise<{ pages: number }> {
  const target = path.join(outDir, 'pagefind');
  rmSync(target, { recursive: true, force: true });
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    for (let i = 0; i < pages.length; i += BATCH) {
      const added = await Promise.all(pages.slice(i, i + BATCH).map((p) => index.addHTMLFile({ url: p.path, content: searchDocument(p) })));
      const failed = added.flatMap((a, j) => a.errors.map((e) => `${pages[i + j]!.path}: ${e}`));
      if (failed.length) throw new Error(`Pagefind could not index:\n${failed.join('\n')}`);
    }
    const written = await index.writeFiles({ outputPath: target });
    if (written.errors.length) throw new Error(`Pagefind could not write ${target}: ${written.errors.join('; ')}`);
  } finally {
    await pagefind.close();
  }
  for (const f of readdirSync(target)) if (UNUSED.test(f)) rmSync(path.join(target, f));
  return { pages: pages.length };
}
