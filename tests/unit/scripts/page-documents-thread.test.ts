// A large site's page documents and redirect documents are made on a thread beside the build's: the files it
// writes are those the build's own thread writes, and a failure on the thread reaches the build as an error
// that names the page.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixtureSite } from '../../support/fixture-site.ts';
import { FileWriter } from '../../../manifest/output.ts';
import { resolveSidebar } from '../../../src/shared/sidebar.ts';
import { documentFile, redirectDocuments, redirectsOf, writePageDocuments, type StyleFor } from '../../../scripts/page-documents.ts';
import { startPageDocuments } from '../../../scripts/page-documents-thread.ts';

/** Every file under `dir`, by its path relative to it. */
function filesOf(dir: string, under = dir, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(under)) {
    const file = path.join(under, name);
    if (statSync(file).isDirectory()) filesOf(dir, file, out);
    else out.set(path.relative(dir, file), readFileSync(file, 'utf8'));
  }
  return out;
}

describe('page documents on a thread', async () => {
  const r = await fixtureSite();
  const site = r.manifest.site;
  const sidebar = resolveSidebar(site.sidebar, new Map(r.pages.map((p) => [p.record.path, p.record])));
  const base = { site, buildId: 'b1', entry: '/assets/main-1.js', preload: [], boot: 'boot()', appAfterPaint: true, start: '/assets/start-1.js' };
  // Each layout's style names the layout and how much sample it was given, so a style sent to the wrong page shows.
  const styleFor: StyleFor = (layout, documents) => ({ tags: `<style>/* ${layout} ${documents().length} */</style>`, csp: `csp-${layout}` });

  const moves = redirectsOf(r.manifest.pages, { '/old-ivr/': '/guides/ivr/' });

  it('writes the same files as the build thread does, and says how many', async () => {
    const here = mkdtempSync(path.join(tmpdir(), 'docs-here-'));
    const out = new FileWriter(here);
    writePageDocuments(base, sidebar, r.pages, 'b1', styleFor, (doc) => out.write(doc.file, doc.html));
    for (const doc of redirectDocuments(site, moves)) out.write(doc.file, doc.html);
    const there = mkdtempSync(path.join(tmpdir(), 'docs-thread-'));
    const finish = await startPageDocuments(there, { base, sidebar, pages: r.pages, buildId: 'b1', styleFor, moves, folders: [] });
    expect(await finish()).toBe(r.pages.length + moves.size);
    const expected = filesOf(here);
    expect(expected.size).toBe(r.pages.length + moves.size);
    expect(expected.get('old-ivr/index.html')).toContain('href="/guides/ivr/"');
    expect(filesOf(there)).toEqual(expected);
    expect([...expected.values()].some((html) => html.includes('/* default '))).toBe(true);
  });

  it('writes into the folders it is told exist without making them again, as the build tells it of the Markdown copies', async () => {
    const there = mkdtempSync(path.join(tmpdir(), 'docs-told-'));
    // The pages' folders made by another writer, as the content's writer makes them for the Markdown copies.
    const content = new FileWriter(there);
    for (const p of r.pages) content.write(path.join(path.dirname(documentFile(p.record.path)), 'index.md'), 'md');
    const finish = await startPageDocuments(there, { base, sidebar, pages: r.pages, buildId: 'b1', styleFor, moves, folders: content.folders() });
    expect(await finish()).toBe(r.pages.length + moves.size);
    for (const p of r.pages) expect(readFileSync(path.join(there, documentFile(p.record.path)), 'utf8')).toContain('<!doctype html>');
  });

  it('rejects with the page and the cause when the thread fails', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docs-fail-'));
    // No style for the pages' layout: the thread fails on the first page it is sent.
    const broken = r.pages.map((p) => ({ ...p, record: { ...p.record, frontmatter: { ...p.record.frontmatter, layout: 'nowhere' as never } } }));
    const failing = await startPageDocuments(dir, {
      base,
      sidebar,
      pages: broken,
      buildId: 'b1',
      styleFor: (layout, documents) => (layout === 'nowhere' ? (undefined as never) : styleFor(layout, documents)),
      moves,
      folders: [],
    });
    await expect(failing()).rejects.toThrow(/no style for the layout "nowhere"/);
  });
});
