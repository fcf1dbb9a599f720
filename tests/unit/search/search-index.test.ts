// The Pagefind bundle the content build writes: the runtime, the entry file and the index pieces, without Pagefind's UI.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { searchDocument, writeSearchIndex } from '../../../scripts/search-index.ts';

const pages = [
  { path: '/guides/ivr/', title: 'IVR <testing>', sections: [{ slug: '', title: '', text: 'Intro & more' }, { slug: 'dial-a-number', title: 'Dial a "number"', text: 'Call <b>it</b>.' }] },
  { path: '/releases/201912.html', title: 'December release', sections: [{ slug: 'new', title: 'New', text: 'Suites.' }] },
];

describe('searchDocument', () => {
  it('writes title, intro and sections with heading ids, all escaped', () => {
    expect(searchDocument(pages[0]!)).toBe(
      '<html lang="en"><head><title>IVR &lt;testing&gt;</title></head><body><main data-pagefind-body><h1>IVR &lt;testing&gt;</h1>' +
        '<p>Intro &amp; more</p><h2 id="dial-a-number">Dial a &quot;number&quot;</h2><p>Call &lt;b&gt;it&lt;/b&gt;.</p></main></body></html>',
    );
  });
});

describe('writeSearchIndex', () => {
  it('writes pagefind.js, the entry and index files, and no UI files', { timeout: 30_000 }, async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'search-index-'));
    mkdirSync(path.join(out, 'pagefind'));
    writeFileSync(path.join(out, 'pagefind', 'stale.pf_index'), 'old');
    expect(await writeSearchIndex(out, pages)).toEqual({ pages: 2 });
    const dir = path.join(out, 'pagefind');
    const files = readdirSync(dir);
    expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json', 'wasm.en.pagefind', 'index', 'fragment']));
    expect(files.filter((f) => /ui|highlight|stale/.test(f))).toEqual([]);
    const entry = JSON.parse(readFileSync(path.join(dir, 'pagefind-entry.json'), 'utf8')) as { languages: Record<string, { page_count: number }> };
    expect(entry.languages.en?.page_count).toBe(2);
    expect(existsSync(path.join(dir, 'pagefind-ui.js'))).toBe(false);
    // Fragments keep the URL each page was given, anchors included.
    const fragments = readdirSync(path.join(dir, 'fragment')).map((f) => JSON.parse(gunzipSync(readFileSync(path.join(dir, 'fragment', f))).toString('utf8').replace(/^pagefind_dcd/, '')) as { url: string; meta: { title: string }; anchors: Array<{ id: string }> });
    expect(fragments.map((f) => f.url).sort()).toEqual(['/guides/ivr/', '/releases/201912.html']);
    expect(fragments.find((f) => f.url === '/guides/ivr/')).toMatchObject({ meta: { title: 'IVR <testing>' }, anchors: [{ id: 'dial-a-number' }] });
  });
});
