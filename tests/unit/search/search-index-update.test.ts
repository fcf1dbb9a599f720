// The dev server's index update: a change of a few pages rewrites only their files, and the engine then finds what a full build would.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { updateSearchIndex, writeSearchIndex, searchIndexData, type SearchPage } from '../../../manifest/search-index.ts';
import { decodeShard, SHARD_PREFIX, type SearchMeta } from '../../../src/shared/search-index.ts';
import { createLocalEngine } from '../../../src/search/local-engine.ts';
import { startServer } from '../../../scripts/serve.mjs';

/** The three-character layout these tests name files by (a site this small would get two characters). */
/** A mid-size site's layout: full shards by three characters, term lists by length and end character. */
const THREE = { shardPrefix: SHARD_PREFIX, wholeTermLists: false };

const page = (i: number, text: string, title = `Page ${i}`): SearchPage => ({
  path: `/p/${i}/`,
  title,
  sections: [
    { slug: '', title: '', text },
    { slug: 'more', title: 'More', text: `filler words for page ${i}` },
  ],
});
const site: SearchPage[] = Array.from({ length: 40 }, (_, i) => page(i, `${i % 3 ? 'monitor uptime' : 'webhook retries'} of the assistant ${i}`));

/** Every file under the version folder: name -> bytes. */
function files(out: string): Map<string, Buffer> {
  const meta = JSON.parse(readFileSync(path.join(out, 'search', 'index.json'), 'utf8')) as SearchMeta;
  const dir = path.join(out, 'search', meta.v);
  const all = new Map<string, Buffer>();
  for (const f of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (f.isFile()) all.set(path.relative(dir, path.join(f.parentPath, f.name)).split(path.sep).join('/'), readFileSync(path.join(f.parentPath, f.name)));
  return all;
}

/** Each term's pages (by path), over every full shard. */
function termPages(out: string, pages: ReadonlyArray<SearchPage | undefined>): Map<string, string[]> {
  const terms = new Map<string, string[]>();
  for (const [name, bytes] of files(out)) if (name.startsWith('s/')) for (const [term, p] of decodeShard(gunzipSync(bytes)).terms) terms.set(term, [...p.docs].map((d) => pages[d]!.path).sort());
  return terms;
}

const urlOf = (input: RequestInfo | URL): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

describe('updateSearchIndex', () => {
  it("keeps a small site's term lists by length the same as a full build's", () => {
    const out = mkdtempSync(path.join(tmpdir(), 'search-update-wa-'));
    const data = writeSearchIndex(out, site, undefined, { keep: true, wholeTermLists: true }).data!;
    const edited = page(4, 'transcript threshold of the assistant 4');
    const added = page(40, 'pronunciation checks', 'Pronunciation');
    updateSearchIndex(out, data, { upsert: [edited, added], remove: ['/p/7/'] });
    const full = mkdtempSync(path.join(tmpdir(), 'search-update-wa-full-'));
    writeSearchIndex(full, [...site.filter((p) => p.path !== '/p/7/' && p.path !== '/p/4/'), edited, added], undefined, { wholeTermLists: true });
    const lists = (dir: string) => new Map([...files(dir)].filter(([f]) => f.startsWith('w/')).map(([f, b]) => [f, gunzipSync(b).toString('utf8').split('\n').sort()]));
    expect([...lists(out).keys()].every((f) => /^w\/\d+\.bin$/.test(f))).toBe(true);
    expect([...lists(out).values()].flat().some((t) => t.startsWith('pronunc'))).toBe(true);
    expect(lists(out)).toEqual(lists(full));
  });

  it('rewrites only the files of the changed pages and agrees with a full build on which pages have each term', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'search-update-'));
    const first = writeSearchIndex(out, site, undefined, { keep: true, ...THREE });
    const data = first.data!;
    const before = files(out);
    // Page 4 loses "monitor" and gains "transcript"; page 7 goes; a new page comes.
    const edited = page(4, 'transcript threshold of the assistant 4');
    const added = page(40, 'pronunciation checks', 'Pronunciation');
    const r = updateSearchIndex(out, data, { upsert: [edited, added], remove: ['/p/7/'] });
    expect(r.version).not.toBe(first.version);
    expect(statSync(path.join(out, 'search', first.version), { throwIfNoEntry: false })).toBeUndefined();
    const after = files(out);
    const changed = [...after].filter(([f, b]) => !before.get(f)?.equals(b)).map(([f]) => f);
    const gone = [...before.keys()].filter((f) => !after.has(f));
    // The two pages' fragments, the gone page's removed, and the shards and term lists of their words: a small part of the index.
    expect(changed).toEqual(expect.arrayContaining(['d/4.json', 'd/40.json', 's/tra.bin', 's/pro.bin']));
    expect(gone).toEqual(['d/7.json']);
    expect(changed.length).toBeLessThan(after.size / 2);
    expect(changed).not.toContain('s/web.bin');
    // Written: those files, and at most a few more whose content came out the same.
    expect(r.files).toBeGreaterThanOrEqual(changed.length + gone.length);
    expect(r.files).toBeLessThan(after.size / 2);

    // A full build of the same pages: the same pages under each term.
    const final = [...site.filter((p) => p.path !== '/p/7/' && p.path !== '/p/4/'), edited, added];
    const full = mkdtempSync(path.join(tmpdir(), 'search-update-full-'));
    writeSearchIndex(full, final, undefined, THREE);
    const fullPages = termPages(full, final);
    const updatedPages = termPages(out, data.pages);
    expect([...updatedPages.keys()].sort()).toEqual([...fullPages.keys()].sort());
    for (const [term, list] of fullPages) expect(updatedPages.get(term), term).toEqual(list);
    // And the same term lists, file by file.
    const lists = (dir: string) => new Map([...files(dir)].filter(([f]) => f.startsWith('w/')).map(([f, b]) => [f, gunzipSync(b).toString('utf8').split('\n').sort()]));
    expect(lists(out)).toEqual(lists(full));

    // The engine over HTTP finds the new words, and no longer the old one on the edited page.
    const server = await startServer({ root: out, port: 0 });
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => realFetch(new URL(urlOf(input), server.url), init);
    try {
      const e = await createLocalEngine('/search/');
      expect((await e.search('transcript')).map((g) => g.path)).toEqual(['/p/4/']);
      expect((await e.search('pronunciation')).map((g) => g.path)).toEqual(['/p/40/']);
      expect((await e.search('threshold assistant')).map((g) => g.path)[0]).toBe('/p/4/');
      expect((await e.search('monitor')).map((g) => g.path)).not.toContain('/p/4/');
      expect((await e.search('assistant 7')).map((g) => g.path)).not.toContain('/p/7/');
    } finally {
      globalThis.fetch = realFetch;
      await server.close();
    }
  });

  it('picks up an index written earlier (the dev cache) and updates it', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'search-update-cache-'));
    const first = writeSearchIndex(out, site, undefined, THREE);
    const data = searchIndexData(out, site)!;
    expect(data.version).toBe(first.version);
    const r = updateSearchIndex(out, data, { upsert: [page(2, 'keypad tones')], remove: [] });
    const names = [...files(out).keys()];
    expect(names).toContain('s/key.bin');
    expect(JSON.parse(readFileSync(path.join(out, 'search', 'index.json'), 'utf8'))).toMatchObject({ v: r.version, docs: 40 });
    expect(searchIndexData(mkdtempSync(path.join(tmpdir(), 'search-update-none-')), site)).toBeUndefined();
  });
});
