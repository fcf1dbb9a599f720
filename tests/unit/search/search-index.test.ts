// The local search index: the files the build writes, their binary format, and the engine reading them over HTTP from the real static server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { excerptSource, writeSearchIndex, type SearchPage } from '../../../manifest/search-index.ts';
import {
  decodeShard,
  editDistance,
  encodeShard,
  IN_TITLE,
  keyFile,
  LARGE_INDEX_PAGES,
  minPrefixFor,
  headingId,
  SearchFragment,
  EXCERPT_SOURCE,
  MAX_POSTINGS,
  SHARD_PREFIX,
  SMALL_INDEX_PAGES,
  wholeTermListsFor,
  TOP_POSTINGS,
  shardFor,
  shardPrefixFor,
  termOf,
  typosAllowed,
  words,
  type Postings,
  type SearchMeta,
} from '../../../src/shared/search-index.ts';
import fc from 'fast-check';
import { createLocalEngine, likelyNext, markMatches, rank } from '../../../src/search/local-engine.ts';
import { ResultGroups } from '../../../src/search/result-groups.ts';
import { clipExcerpt } from '../../../src/search/excerpt.ts';
import { MAX_GROUPS } from '../../../src/search/engine.ts';
import { startServer } from '../../../scripts/serve.mjs';

/** The three-character layout, which most tests here describe (a site this small would get two characters: shardPrefixFor). */
/** A mid-size site's layout: full shards by three characters, term lists by length and end character. */
const THREE = { shardPrefix: SHARD_PREFIX, wholeTermLists: false };

const pages: SearchPage[] = [
  {
    path: '/guides/ivr/',
    title: 'IVR testing',
    sections: [
      { slug: '', title: '', text: 'Phone systems answer with menus & prompts.' },
      { slug: 'dial-a-number', title: 'Dial a number', text: 'The virtual device calls the number and listens for the greeting.' },
      { slug: 'keypad', title: 'Keypad tones', text: 'Send DTMF tones to move through the menu.' },
    ],
  },
  { path: '/releases/201912.html', title: 'December release', sections: [{ slug: 'new', title: 'New', text: 'Monitoring schedules and a café menu of dashboards.' }] },
  { path: '/guides/webchat/', title: 'Webchat', sections: [{ slug: '', title: '', text: 'Monitoring a chat widget in the browser.' }] },
];

/** The address a fetch was called with, whichever form it was given in. */
const urlOf = (input: RequestInfo | URL): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

const readMeta = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'search', 'index.json'), 'utf8')) as SearchMeta;

describe('shard format', () => {
  it('round-trips terms, postings and the continuation characters', () => {
    const terms: Array<[string, Postings]> = [
      ['café', { idf: 1234, docs: Uint32Array.from([0, 5, 300, 70000]), weights: Uint8Array.from([1, 255, 17, 99]), flags: Uint8Array.from([0x80, 0x41, 0, 0x3f]) }],
      ['menu', { idf: 7, docs: Uint32Array.from([]), weights: Uint8Array.from([]), flags: Uint8Array.from([]) }],
    ];
    const shard = decodeShard(encodeShard(terms, 'aé'));
    expect([...shard.terms.keys()]).toEqual(['café', 'menu']);
    expect(shard.terms.get('café')).toEqual(terms[0]![1]);
    expect(shard.next).toBe('aé');
  });

  it('rejects a truncated shard', () => {
    const bytes = encodeShard([['menu', { idf: 1, docs: Uint32Array.from([1, 2]), weights: Uint8Array.from([3, 4]), flags: Uint8Array.from([1, 2]) }]]);
    expect(() => decodeShard(bytes.subarray(0, bytes.length - 3))).toThrow(/truncated/);
    expect(() => decodeShard(Uint8Array.from([...bytes, 0]))).toThrow(/trailing/);
  });

  it('folds case and accents, and names shards safely', () => {
    expect(words('Café MENU, x2-ready')).toEqual(['cafe', 'menu', 'x2', 'ready']);
    expect(shardFor('mo')).toEqual({ kind: 't', key: 'mo' });
    expect(shardFor('monitor')).toEqual({ kind: 's', key: 'mon' });
    expect(keyFile('mon')).toBe('mon');
    expect(keyFile('déj')).toBe('_64c3a96a');
  });
});

describe('writeSearchIndex', () => {
  it('writes the entry, one fragment per page and the shards, replacing an old index', () => {
    const out = mkdtempSync(path.join(tmpdir(), 'search-index-'));
    mkdirSync(path.join(out, 'search', 'old'), { recursive: true });
    writeFileSync(path.join(out, 'search', 'old', 'stale.bin'), 'old');
    const r = writeSearchIndex(out, pages, undefined, THREE);
    const meta = readMeta(out);
    expect(meta).toEqual({
      v: r.version,
      docs: 3,
      first: expect.stringContaining('m') as unknown,
      lens: expect.arrayContaining([4, 7]) as unknown,
      wf: expect.objectContaining({ 4: expect.stringContaining('m') as unknown, 7: expect.stringContaining('mo') as unknown }) as unknown,
      wl: expect.objectContaining({ 7: expect.stringContaining('or') as unknown }) as unknown,
      syn: [],
      sp: 3,
      // The words of each page's title: "IVR testing", "December release", "Webchat".
      tl: '221',
      // After "m": "monitor" (on two pages) and "move" (one), then "message" (one): by postings, then by letter.
      sec: expect.objectContaining({ m: 'oe', k: 'e', mo: 'nv', ke: 'y' }) as unknown,
      // A small site: a word being typed is a prefix from its second letter.
      mp: 2,
    });
    expect(readdirSync(path.join(out, 'search')).sort()).toEqual(['index.json', r.version].sort());
    const dir = path.join(out, 'search', r.version);
    expect(readdirSync(path.join(dir, 'd')).sort()).toEqual(['0.json', '1.json', '2.json']);
    // A heading id that its heading gives (headingId) is left out; another is written.
    const file = JSON.parse(readFileSync(path.join(dir, 'd', '0.json'), 'utf8')) as unknown;
    expect(file).toEqual({
      p: '/guides/ivr/',
      t: 'IVR testing',
      s: [
        ['', 'Phone systems answer with menus & prompts.'],
        ['Dial a number', pages[0]!.sections[1]!.text],
        ['keypad', 'Keypad tones', pages[0]!.sections[2]!.text],
      ],
    });
    // Read, every section has its id again.
    expect(SearchFragment.parse(file).s).toEqual([
      ['', '', 'Phone systems answer with menus & prompts.'],
      ['dial-a-number', 'Dial a number', pages[0]!.sections[1]!.text],
      ['keypad', 'Keypad tones', pages[0]!.sections[2]!.text],
    ]);
    expect(headingId('Set up: the CLI’s “config” file, step 2')).toBe('set-up-the-clis-config-file-step-2');
    // A section's text is kept up to EXCERPT_SOURCE characters, cut after a whole word and marked as going on.
    const long = 'The virtual device dials the number, waits for the greeting, speaks each input, and listens for the reply, then compares it with the expected text.';
    expect(long.length).toBeGreaterThan(EXCERPT_SOURCE);
    expect(excerptSource(long)).toBe('The virtual device dials the number, waits for the greeting, speaks each input, and listens for the reply, then…');
    expect(excerptSource(`${'a'.repeat(100)} word, ${'b'.repeat(30)}`)).toBe(`${'a'.repeat(100)} word…`);
    expect(excerptSource(long).length).toBeLessThanOrEqual(EXCERPT_SOURCE + 1);
    expect(excerptSource('Short text.')).toBe('Short text.');
    const mon = decodeShard(gunzipSync(readFileSync(path.join(dir, 's', 'mon.bin'))));
    // Stems: "monitoring" is the term "monitor".
    expect([...mon.terms.keys()]).toEqual(['monitor']);
    expect([...mon.terms.get('monitor')!.docs]).toEqual([1, 2]);
    // The title's words carry IN_TITLE; the term lists of 7-letter terms beginning with "mo" and ending with "or" hold "monitor".
    const ivr = decodeShard(gunzipSync(readFileSync(path.join(dir, 't', 'iv.bin')))).terms.get('ivr')!;
    expect(ivr.flags[0]! & IN_TITLE).toBe(IN_TITLE);
    const list = (file: string) =>
      gunzipSync(readFileSync(path.join(dir, 'w', '7', file)))
        .toString('utf8')
        .split('\n');
    expect(list('fmo.bin')).toContain('monitor');
    expect(list('lor.bin')).toContain('monitor');
    expect(list('fmo.bin').every((t) => t.length === 7 && t.startsWith('mo'))).toBe(true);
    // Two-character keys from five characters on, separated by spaces; shorter terms by one character.
    expect(meta.wf['7']!.split(' ')).toContain('mo');
    expect(meta.wf['4']).not.toContain(' ');
    expect(readdirSync(path.join(dir, 'w', '4')).every((f) => /^[fl].\.bin$/.test(f))).toBe(true);
    const top = decodeShard(gunzipSync(readFileSync(path.join(dir, 't', 'me.bin'))));
    expect([...top.terms.keys()]).toEqual(['menu']);
    expect(top.next).toBe('n');
    // Accented words are found by their plain letters.
    expect(existsSync(path.join(dir, 's', 'caf.bin'))).toBe(true);
  });

  it('gives the same version for the same pages and another for changed text', () => {
    const a = writeSearchIndex(mkdtempSync(path.join(tmpdir(), 'search-index-')), pages);
    const b = writeSearchIndex(mkdtempSync(path.join(tmpdir(), 'search-index-')), pages);
    const changed = pages.map((p, i) => (i === 2 ? { ...p, title: 'Web chat' } : p));
    const c = writeSearchIndex(mkdtempSync(path.join(tmpdir(), 'search-index-')), changed);
    expect(a.version).toBe(b.version);
    expect(c.version).not.toBe(a.version);
  });

  it(`keeps a common word's ${MAX_POSTINGS} best pages`, () => {
    const many: SearchPage[] = Array.from({ length: MAX_POSTINGS + 50 }, (_, i) => ({
      path: `/p/${i}.html`,
      title: i === MAX_POSTINGS + 10 ? 'Widget widget' : `Page ${i}`,
      sections: [{ slug: '', title: '', text: 'widget '.repeat(1 + (i % 3)) + 'filler '.repeat(40) }],
    }));
    const out = mkdtempSync(path.join(tmpdir(), 'search-index-'));
    const r = writeSearchIndex(out, many, undefined, THREE);
    const shard = decodeShard(gunzipSync(readFileSync(path.join(out, 'search', r.version, 's', 'wid.bin'))));
    const docs = [...shard.terms.get('widget')!.docs];
    expect(docs).toHaveLength(MAX_POSTINGS);
    expect(docs).toContain(MAX_POSTINGS + 10); // the page with the word in its title is kept
    expect(docs).toEqual([...docs].sort((x, y) => x - y));
  });

  it(`keeps a completion's ${TOP_POSTINGS} best pages in a top shard, and every page of the word the key spells`, () => {
    const many: SearchPage[] = Array.from({ length: 3 * TOP_POSTINGS }, (_, i) => ({
      path: `/p/${i}.html`,
      title: i === 2 * TOP_POSTINGS ? 'Widget' : `Page ${i}`,
      sections: [{ slug: '', title: '', text: `wi widget ${'filler '.repeat(i % 7)}` }],
    }));
    const out = mkdtempSync(path.join(tmpdir(), 'search-index-'));
    const r = writeSearchIndex(out, many, undefined, THREE);
    const top = decodeShard(gunzipSync(readFileSync(path.join(out, 'search', r.version, 't', 'wi.bin'))));
    const widget = [...top.terms.get('widget')!.docs];
    expect(widget).toHaveLength(TOP_POSTINGS);
    expect(widget).toContain(2 * TOP_POSTINGS); // the page with the word in its title
    expect(widget).toEqual([...widget].sort((x, y) => x - y));
    expect(top.terms.get('wi')!.docs).toHaveLength(3 * TOP_POSTINGS);
    const full = decodeShard(gunzipSync(readFileSync(path.join(out, 'search', r.version, 's', 'wid.bin'))));
    expect(full.terms.get('widget')!.docs).toHaveLength(3 * TOP_POSTINGS);
  });
});

describe('ranking and excerpts', () => {
  const hits = (entries: Array<[number, number, number?]>) => new Map(entries.map(([doc, score, flags]) => [doc, { s: score, flags: flags ?? 0 }]));

  it('ranks pages matching every word first, then by their words in the title and in one section', () => {
    const a = hits([
      [1, 0.5, 1],
      [2, 0.9, 2],
    ]);
    const b = hits([
      [1, 0.1, 1],
      [3, 2, 4],
    ]);
    expect(rank([a, b], 8).map((r) => r.doc)).toEqual([1, 3, 2]);
    // Same words, same weights: the page with both words in its title first, then the one with both in one section.
    const title = hits([
      [5, 1, IN_TITLE | 1],
      [6, 1, 1],
      [7, 1, 1],
    ]);
    const other = hits([
      [5, 1, IN_TITLE | 2],
      [6, 1, 1],
      [7, 1, 2],
    ]);
    expect(rank([title, other], 8).map((r) => r.doc)).toEqual([5, 6, 7]);
    expect(rank([], 8)).toEqual([]);
  });

  it('weighs a missing word by its weight in the query: a missing common word costs little', () => {
    const rare = hits([
      [1, 1],
      [2, 1],
    ]);
    const common = hits([[2, 0.05]]);
    // Page 1 lacks the common word (weight 0.1 of 2.1), page 2 has both.
    const r = rank([rare, common], 8, [2, 0.1]);
    expect(r.map((x) => x.doc)).toEqual([2, 1]);
    expect(r[1]!.score).toBeGreaterThan(0.9 * (2 / 2.1) ** 2 * 0.99);
  });

  it('keeps the best pages while scanning: the same order as scoring them all', () => {
    const scores = fc.array(
      fc.tuple(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 6 }).map((n) => n / 2),
        fc.integer({ min: 0, max: 255 }),
      ),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(fc.array(scores, { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 10 }), (lists, limit) => {
        const perWord = lists.map((l) => hits(l));
        const all = rank(perWord, 1000);
        const expected = [...all].sort((x, y) => y.score - x.score || x.doc - y.doc).slice(0, limit);
        expect(rank(perWord, limit)).toEqual(expected);
      }),
    );
  });

  it('stems words the same way for the index and the query, and measures typos with swaps', () => {
    expect(['failing', 'fails', 'failed', 'fail'].map(termOf)).toEqual(['fail', 'fail', 'fail', 'fail']);
    expect(['monitor', 'monitoring', 'monitors'].map(termOf)).toEqual(['monitor', 'monitor', 'monitor']);
    expect(termOf('x2')).toBe('x2');
    expect(editDistance('virutal', 'virtual', 2)).toBe(1);
    expect(editDistance('homophnes', 'homophones', 2)).toBe(1);
    expect(editDistance('bonitor', 'monitor', 2)).toBe(1);
    expect(editDistance('monitorng', 'monitor', 1)).toBe(2);
    expect([3, 4, 7, 8].map(typosAllowed)).toEqual([0, 1, 1, 2]);
  });

  it('marks words that begin with a query word, accents folded, text kept as written', () => {
    const { parts, count } = markMatches('Café menus, and a MENU.', ['cafe', 'menu']);
    expect(count).toBe(3);
    expect(parts).toEqual([
      { text: 'Café', mark: true },
      { text: ' ', mark: false },
      { text: 'menus', mark: true },
      { text: ', and a ', mark: false },
      { text: 'MENU', mark: true },
      { text: '.', mark: false },
    ]);
  });

  it('marks every word that begins with a query word, as a regular expression would', () => {
    const word = fc.stringMatching(/^[a-zA-Z0-9]{1,6}$/);
    const text = fc.array(fc.tuple(word, fc.constantFrom(' ', ', ', '-', '. ', '_')), { maxLength: 30 }).map((ws) => ws.map(([w, sep]) => w + sep).join(''));
    fc.assert(
      fc.property(text, fc.array(fc.stringMatching(/^[a-z0-9]{1,3}$/), { minLength: 1, maxLength: 3 }), (t, query) => {
        const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${query.join('|')})[\\p{L}\\p{N}]*`, 'gu');
        const marked = [...t.toLowerCase().matchAll(re)].map((m) => t.slice(m.index, m.index + m[0].length));
        const { parts, count } = markMatches(t, query);
        expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(marked);
        expect(count).toBe(marked.length);
        expect(parts.map((p) => p.text).join('')).toBe(t);
        // A group's excerpt marks only what it can show, and shows the same as clipping the whole text.
        const g = new ResultGroups().groupOf({ p: '/p/', t: 'P', s: [['', '', t]] }, query);
        expect(g.hits[0]!.excerpt).toEqual(clipExcerpt(parts));
      }),
    );
  });

  it('gives a page the same group again while the query matches the same words', () => {
    // One engine's groups (each engine owns its own).
    const groups = new ResultGroups();
    const groupOf = groups.groupOf.bind(groups);
    const f = {
      p: '/o/',
      t: 'O',
      s: [
        ['', '', 'An overview of the overall plan.'],
        ['more', 'More', 'The overview again.'],
      ] as [string, string, string][],
    };
    const over = groupOf(f, ['over']);
    expect(over.hits[0]!.excerpt.filter((p) => p.mark).map((p) => p.text)).toEqual(['overview', 'overall']);
    const overv = groupOf(f, ['overv']);
    expect(overv).not.toBe(over);
    expect(groupOf(f, ['overvi'])).toBe(overv);
    expect(groupOf(f, ['overview'])).toBe(overv);
    expect(groupOf(f, ['overview', 'more']).hits.map((h) => h.url)).toEqual(['/o/#more', '/o/']);
  });

  it('guesses the next letters by the pages of the words they lead to', () => {
    const postings = (n: number) => ({ idf: 1000, docs: Uint32Array.from({ length: n }, (_, i) => i), weights: new Uint8Array(n).fill(1), flags: new Uint8Array(n) });
    const shard = {
      terms: new Map([
        ['mo', postings(9)],
        ['monitor', postings(3)],
        ['money', postings(2)],
        ['move', postings(4)],
        ['mute', postings(50)],
      ]),
      next: '',
    };
    expect(likelyNext('mo', shard, 2)).toEqual(['mon', 'mov']);
    expect(likelyNext('mov', shard, 2)).toEqual(['move']);
    expect(likelyNext('move', shard, 2)).toEqual([]);
    // "mon" leads to 5 of the 9 postings after "mo", "mov" to 4: only a letter with half of them or more is guessed.
    expect(likelyNext('mo', shard, 2, 0.5)).toEqual(['mon']);
    expect(likelyNext('mo', shard, 2, 0.6)).toEqual([]);
  });

  it('lists a page by the sections that match, heading matches first', () => {
    const groups = new ResultGroups();
    const groupOf = groups.groupOf.bind(groups);
    const g = groupOf({ p: '/guides/ivr/', t: 'IVR testing', s: pages[0]!.sections.map((s) => [s.slug, s.title, s.text]) }, ['menu']);
    expect(g.hits.map((h) => h.url)).toEqual(['/guides/ivr/', '/guides/ivr/#keypad']);
    expect(groupOf({ p: '/x/', t: 'Menu', s: [['', '', 'Nothing here.']] }, ['menu']).hits).toEqual([{ url: '/x/', title: 'Menu', excerpt: [{ text: 'Nothing here.', mark: false }] }]);
  });
});

describe('the engine over HTTP', () => {
  let out: string;
  let server: { url: string; close(): Promise<void> };
  /** The requests of the engine made last: an earlier test's engine may still be loading ahead, into its own list. */
  let requests: string[] = [];
  beforeAll(async () => {
    out = mkdtempSync(path.join(tmpdir(), 'search-engine-'));
    writeSearchIndex(out, pages, undefined, THREE);
    server = await startServer({ root: out, port: 0 });
  });
  const realFetch = globalThis.fetch;
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await server?.close();
  });

  const engine = () => {
    const log: string[] = (requests = []);
    const fetchLogged: typeof fetch = (input, init) => {
      const url = urlOf(input);
      log.push(url);
      return realFetch(new URL(url, server.url), init);
    };
    globalThis.fetch = fetchLogged;
    return createLocalEngine('/search/');
  };

  it('answers a word typed letter by letter, one shard per letter, none for letters no word begins with', async () => {
    const e = await engine();
    requests.length = 0;
    const answers = [];
    for (const q of ['m', 'mo', 'mon', 'moni', 'monitoring']) answers.push(await e.search(q));
    expect(
      answers
        .at(-1)!
        .map((g) => g.path)
        .sort(),
    ).toEqual(['/guides/webchat/', '/releases/201912.html']);
    // A lone letter is not looked for; from the second one on, the word is a prefix.
    expect(answers[0]).toEqual([]);
    expect(answers[1]!.length).toBeGreaterThan(0);
    // mo, mon: two shards (the entry file names the letters that follow m), then the texts of the pages, each once.
    expect(requests.filter((u) => u.endsWith('.bin')).map((u) => u.split('/').slice(-2).join('/'))).toEqual(['t/mo.bin', 's/mon.bin']);
    expect(requests.filter((u) => u.endsWith('.json')).length).toBeLessThanOrEqual(3);
    requests.length = 0;
    expect(await e.search('qzx')).toEqual([]);
    expect(await e.search('mzz')).toEqual([]);
    // No shard for a word no indexed word begins with; an answer with nothing in it reads the entry file again (a newer index may know the word).
    expect(requests).toEqual(['/search/index.json', '/search/index.json']);
    // A lone letter asks for nothing, not even the entry file again, and a letter after a word leaves that word's answer as it was.
    requests.length = 0;
    expect(await e.search('k')).toEqual([]);
    expect(await e.search('monitoring k')).toEqual(answers.at(-1));
    // A word of one letter, typed out ("k "): no index holds it, so the entry file is not read again either.
    expect(await e.search('k ')).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('answers at once from the files it holds, and only then', async () => {
    const e = await engine();
    expect(e.searchNow!('monitoring')).toBeUndefined();
    const answer = await e.search('monitoring');
    requests.length = 0;
    expect(e.searchNow!('monitoring')).toEqual(answer);
    expect(e.searchNow!('monitor')).toEqual(await e.search('monitor'));
    expect(e.searchNow!('  ')).toEqual([]);
    expect(requests).toEqual([]);
    // "keypad" needs another shard.
    expect(e.searchNow!('monitoring keypad')).toBeUndefined();
  });

  it('loads ahead what the likeliest next letters need, so they are answered at once', async () => {
    const e = await engine();
    await e.search('mo');
    expect(e.searchNow!('mon')).toBeUndefined();
    requests.length = 0;
    await e.prefetch!('mo');
    // "monitoring" (2 pages) before "move" (1): the likelier letter's shard only.
    expect(requests.filter((u) => u.endsWith('.bin')).map((u) => u.split('/').slice(-2).join('/'))).toEqual(['s/mon.bin']);
    requests.length = 0;
    expect(
      e.searchNow!('mon')!
        .map((g) => g.path)
        .sort(),
    ).toEqual(['/guides/webchat/', '/releases/201912.html']);
    expect(requests).toEqual([]);
    expect(e.searchNow!('mov')).toBeUndefined();
    // After a lone letter, the shard of the commonest second letter, which the entry file names.
    const f = await engine();
    requests.length = 0;
    await f.prefetch!('k');
    expect(requests.map((u) => u.split('/').slice(-2).join('/'))).toEqual(['t/ke.bin']);
    // Nothing is guessed after a space.
    requests.length = 0;
    await e.prefetch!('mo ');
    expect(requests).toEqual([]);
  });

  it('ranks the page with the words in its headings first and finds accented words by plain letters', async () => {
    const e = await engine();
    const groups = await e.search('keypad tones');
    expect(groups[0]!.path).toBe('/guides/ivr/');
    expect(groups[0]!.hits[0]!.url).toBe('/guides/ivr/#keypad');
    expect((await e.search('cafe'))[0]!.hits[0]!.excerpt.some((p) => p.mark && p.text === 'café')).toBe(true);
  });

  it('follows a new deploy: a shard gone (404) makes it read the entry file again and ask the new index', async () => {
    const e = await engine();
    expect((await e.search('webchat')).map((g) => g.path)).toEqual(['/guides/webchat/']);
    // Deploy: a new index with other text replaces the old one on the server.
    const next = mkdtempSync(path.join(tmpdir(), 'search-next-'));
    writeSearchIndex(next, [...pages, { path: '/guides/watson/', title: 'Watson assistants', sections: [] }]);
    // The index the other tests of this group read is put back afterwards, whatever their order.
    const kept = mkdtempSync(path.join(tmpdir(), 'search-kept-'));
    renameSync(path.join(out, 'search'), path.join(kept, 'search'));
    renameSync(path.join(next, 'search'), path.join(out, 'search'));
    try {
      // "assistants" needs a shard this engine has not loaded: its old address is gone.
      expect((await e.search('assistants')).map((g) => g.path)).toEqual(['/guides/watson/']);
    } finally {
      rmSync(path.join(out, 'search'), { recursive: true });
      renameSync(path.join(kept, 'search'), path.join(out, 'search'));
    }
  });
});

/** An engine reading the index in `dir` from disk, logging the files it asks for. */
const diskEngine = (dir: string, asked: string[]) =>
  createLocalEngine('/search/', {
    fetch: (input) => {
      const url = urlOf(input);
      asked.push(url);
      const file = path.join(dir, url);
      return Promise.resolve(existsSync(file) ? new Response(readFileSync(file)) : new Response('not found', { status: 404 }));
    },
  });

describe('a large site: full shards named by four characters', () => {
  /** A folder holding the index of `pages` with full shards named by `shardPrefix` characters. */
  const indexWith = (shardPrefix: number) => {
    const dir = mkdtempSync(path.join(tmpdir(), `search-sp${shardPrefix}-`));
    writeSearchIndex(dir, pages, undefined, { shardPrefix });
    return dir;
  };
  /** The shard files (s/ and t/) among the URLs an engine asked for. */
  const shards = (list: string[]) => [...new Set(list.filter((u) => u.endsWith('.bin') && /\/[st]\//.test(u)).map((u) => u.split('/').slice(-2).join('/')))];

  it('answers every query as the three-character layout does, one top shard more on the way', async () => {
    expect(shardFor('monitor', 4)).toEqual({ kind: 's', key: 'moni' });
    expect(shardFor('mon', 4)).toEqual({ kind: 't', key: 'mon' });
    const dirs = [3, 4].map(indexWith);
    expect(readMeta(dirs[1]!).sp).toBe(4);
    const asked: string[][] = [[], []];
    const [three, four] = await Promise.all(dirs.map((d, i) => diskEngine(d, asked[i]!)));
    const queries = ['m', 'mo', 'mon', 'moni', 'monitoring', 'ivr', 'keypad tones', 'virutal device', 'dashbords', 'phone menu', 'cafe', 'zzz'];
    for (const q of queries) expect(await four!.search(q), q).toEqual(await three!.search(q));
    expect(shards(asked[1]!)).toContain('t/mon.bin');
    expect(shards(asked[1]!)).toContain('s/moni.bin');
    expect(shards(asked[1]!).filter((f) => /^s\/.{3}\.bin$/.test(f))).toEqual([]);
    expect(shards(asked[0]!)).toContain('s/mon.bin');
  });

  it('names full shards by two characters on a small site: fewer files, the same pages for every word of three letters or more', async () => {
    expect(shardPrefixFor(74)).toBe(2);
    expect(shardPrefixFor(SMALL_INDEX_PAGES - 1)).toBe(2);
    expect(shardPrefixFor(SMALL_INDEX_PAGES)).toBe(3);
    expect(shardPrefixFor(LARGE_INDEX_PAGES)).toBe(4);
    const dirs = [2, 3].map(indexWith);
    expect(readMeta(dirs[0]!).sp).toBe(2);
    const files = (dir: string, sub: string) => readdirSync(path.join(dir, 'search', readMeta(dir).v, sub)).length;
    expect(files(dirs[0]!, 's') + files(dirs[0]!, 't')).toBeLessThan(files(dirs[1]!, 's') + files(dirs[1]!, 't'));
    expect(readdirSync(path.join(dirs[0]!, 'search', readMeta(dirs[0]!).v, 't')).every((f) => /^.\.bin$/.test(f))).toBe(true);
    const asked: string[][] = [[], []];
    const [two, three] = await Promise.all(dirs.map((d, i) => diskEngine(d, asked[i]!)));
    for (const q of ['mon', 'moni', 'monitoring', 'ivr', 'keypad tones', 'virutal device', 'dashbords', 'phone menu', 'cafe', 'zzz']) {
      expect(await two!.search(q), q).toEqual(await three!.search(q));
    }
    // One and two letters: every completion of the prefix counts, not only a top shard's commonest.
    expect((await two!.search('mo')).length).toBeGreaterThan(0);
    expect(shards(asked[0]!)).toContain('s/mo.bin');
    // Full shards of two characters only: the entry file names the letters, so no top shard of one is asked for.
    expect(shards(asked[0]!).filter((f) => !/^s\/..\.bin$/.test(f))).toEqual([]);
  });

  it('on a large site, looks for a word being typed from its third letter, or as itself when it is a word of two the site has', async () => {
    expect(minPrefixFor(LARGE_INDEX_PAGES - 1)).toBe(2);
    expect(minPrefixFor(LARGE_INDEX_PAGES)).toBe(3);
    const dir = mkdtempSync(path.join(tmpdir(), 'search-mp3-'));
    writeSearchIndex(dir, pages, undefined, { shardPrefix: 3, minPrefix: 3 });
    const meta = readMeta(dir);
    expect(meta.mp).toBe(3);
    expect(meta.two).toBe('in of to');
    const asked: string[] = [];
    const e = await diskEngine(dir, asked);
    asked.length = 0;
    // Two letters that are no word of the site: nothing asked for, nothing shown (and the entry file is not read again).
    expect(await e.search('m')).toEqual([]);
    expect(await e.search('mo')).toEqual([]);
    expect(await e.search('monitoring ke')).toEqual(await e.search('monitoring'));
    expect(asked.filter((u) => !u.endsWith('s/mon.bin') && !u.includes('/d/'))).toEqual([]);
    // A word of two letters the site has: as itself, from its top shard (which holds all its pages).
    asked.length = 0;
    expect((await e.search('to')).length).toBeGreaterThan(0);
    expect(shards(asked)).toEqual(['t/to.bin']);
    // Three letters: the full shard, the entry file having named the letters on the way.
    asked.length = 0;
    expect((await e.search('mon')).map((g) => g.path).sort()).toEqual(['/guides/webchat/', '/releases/201912.html']);
    expect(shards(asked)).toEqual([]);
    // Loading ahead after two letters: the shard of the likeliest third; after one, nothing (two letters would ask for nothing).
    const f = await diskEngine(dir, asked);
    asked.length = 0;
    await f.prefetch!('ke');
    expect(shards(asked)).toEqual(['s/key.bin']);
    asked.length = 0;
    await f.prefetch!('k');
    expect(asked).toEqual([]);
  });
});

describe('term lists by length alone on a small site', () => {
  it('correct every misspelt word as the lists by end character do, from some 20 files instead of hundreds', async () => {
    expect(wholeTermListsFor(74)).toBe(true);
    expect(wholeTermListsFor(SMALL_INDEX_PAGES)).toBe(false);
    const dirs = [true, false].map((wholeTermLists) => {
      const dir = mkdtempSync(path.join(tmpdir(), `search-wa-${wholeTermLists}-`));
      writeSearchIndex(dir, pages, undefined, { wholeTermLists });
      return dir;
    });
    const [whole, byEnd] = dirs.map((d) => path.join(d, 'search', readMeta(d).v, 'w'));
    expect(readMeta(dirs[0]!).wa).toBe(true);
    expect(readMeta(dirs[1]!).wa).toBeUndefined();
    // One file per length, each with every term of that length, commonest first.
    const wholeFiles = readdirSync(whole!).sort();
    expect(wholeFiles.every((f) => /^\d+\.bin$/.test(f))).toBe(true);
    expect(wholeFiles).toHaveLength(readMeta(dirs[0]!).lens.length);
    const seven = gunzipSync(readFileSync(path.join(whole!, '7.bin')))
      .toString('utf8')
      .split('\n');
    expect(seven).toContain('monitor');
    expect(seven.every((t) => Array.from(t).length === 7)).toBe(true);
    expect(readdirSync(byEnd!, { recursive: true }).length).toBeGreaterThan(wholeFiles.length * 2);
    const asked: string[][] = [[], []];
    const [a, b] = await Promise.all(dirs.map((d, i) => diskEngine(d, asked[i]!)));
    for (const q of ['virutal device', 'dashbords', 'monitorng', 'keypda tones', 'ivr menu', 'cafe', 'zzz']) {
      expect(await a!.search(q), q).toEqual(await b!.search(q));
      expect(a!.suggest?.(q), q).toBe(b!.suggest?.(q));
    }
    expect(a!.suggest?.('dashbords')).toBeDefined();
    const lists = asked[0]!.filter((u) => u.includes('/w/'));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((u) => /\/w\/\d+\.bin$/.test(u))).toBe(true);
  });
});

describe('guesses on a larger site', () => {
  it('load the shards of the likeliest next letters, no page texts, and stop when the reader types on', async () => {
    // 30 pages with "monitor", 30 with "move": the best pages of "mo" leave most of "mon"'s unloaded.
    const all: SearchPage[] = Array.from({ length: 60 }, (_, i) => ({
      path: `/p/${i}/`,
      title: `Page ${i}`,
      sections: [{ slug: '', title: '', text: `${i % 2 ? 'monitor' : 'move'} ${'x '.repeat(i)}` }],
    }));
    const out = mkdtempSync(path.join(tmpdir(), 'search-guess-'));
    writeSearchIndex(out, all, undefined, THREE);
    const server = await startServer({ root: out, port: 0 });
    const realFetch = globalThis.fetch;
    const asked: string[] = [];
    globalThis.fetch = (input, init) => {
      asked.push(urlOf(input));
      return realFetch(new URL(urlOf(input), server.url), init);
    };
    try {
      const e = await createLocalEngine('/search/');
      await e.search('mo');
      asked.length = 0;
      const stopped = e.prefetch!('mo');
      e.searchNow!('mov');
      await stopped;
      // The first guess's shard may be on its way already; the second is not asked for.
      expect(asked.filter((u) => u.endsWith('.bin')).length).toBeLessThanOrEqual(1);
      expect(asked.filter((u) => u.endsWith('.json'))).toEqual([]);
      // Left alone, the guess loads both next shards, and no page texts (each would be a request, and most guesses are wrong).
      asked.length = 0;
      await e.prefetch!('mo');
      expect(asked.filter((u) => u.endsWith('.json'))).toEqual([]);
      expect(e.searchNow!('mov')).toBeUndefined();
      asked.length = 0;
      // The query then waits only for the texts of the pages it shows.
      expect(await e.search('mon')).toHaveLength(8);
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((u) => u.includes('/d/'))).toBe(true);
    } finally {
      globalThis.fetch = realFetch;
      await server.close();
    }
  });
});

describe('a word on every page', () => {
  it('still finds the pages, best weighted first', async () => {
    const all: SearchPage[] = Array.from({ length: 5 }, (_, i) => ({
      path: `/p/${i}.html`,
      title: i === 3 ? 'Overview' : `Page ${i}`,
      sections: [{ slug: '', title: '', text: 'overview of the product' }],
    }));
    const out = mkdtempSync(path.join(tmpdir(), 'search-every-'));
    const r = writeSearchIndex(out, all, undefined, THREE);
    const shard = decodeShard(gunzipSync(readFileSync(path.join(out, 'search', r.version, 's', 'ove.bin'))));
    expect(shard.terms.get('overview')!.idf).toBeGreaterThan(0);
    const server = await startServer({ root: out, port: 0 });
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => realFetch(new URL(urlOf(input), server.url), init);
    try {
      const groups = await (await createLocalEngine('/search/')).search('overview');
      expect(groups.map((g) => g.path)[0]).toBe('/p/3.html');
      expect(groups).toHaveLength(5);
    } finally {
      globalThis.fetch = realFetch;
      await server.close();
    }
  });
});

describe('a word the index in hand does not know', () => {
  it('is looked for in a newer index once the entry file names one, though no file of the old index was asked for', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'search-newer-'));
    writeSearchIndex(out, pages, undefined, THREE);
    const asked: string[] = [];
    const e = await diskEngine(out, asked);
    expect(await e.search('xylophone')).toEqual([]);
    // No word of the old index begins with "x", and no term list can hold a correction: nothing of it was fetched.
    expect(asked.filter((u) => !u.endsWith('index.json'))).toEqual([]);
    writeSearchIndex(out, [...pages, { path: '/guides/band/', title: 'Band', sections: [{ slug: '', title: '', text: 'A xylophone solo.' }] }], undefined, THREE);
    expect((await e.search('xylophone')).map((g) => g.path)).toEqual(['/guides/band/']);
  });
});

describe('the first pages of an answer', () => {
  it('loads the texts of the first pages only, the title that is the whole query too, and the rest when asked', async () => {
    // Eight pages with "widget" in the title and the text, the best weighted first. Page 7 ranks last by weight, but its title is the query.
    const all: SearchPage[] = Array.from({ length: MAX_GROUPS }, (_, i) => ({
      path: `/p/${i}.html`,
      title: i === 7 ? 'Widget' : i === 6 ? 'Widget gallery' : `Widget tool ${i}`,
      sections: [{ slug: '', title: '', text: `${'widget '.repeat(10 - i)}${'filler '.repeat(20)}` }],
    }));
    const out = mkdtempSync(path.join(tmpdir(), 'search-first-'));
    writeSearchIndex(out, all, undefined, THREE);
    const asked: string[] = [];
    const e = await diskEngine(out, asked);
    const texts = () => asked.filter((u) => u.includes('/d/')).map((u) => u.split('/').pop());
    expect(e.firstNow!('widget', 3)).toBeUndefined();
    const part = await e.first!('widget', 3);
    // The title that is the whole query first, then the three best; "Widget gallery" has the word in its title, not as many words.
    expect(part.groups.map((g) => g.path)).toEqual(['/p/7.html', '/p/0.html', '/p/1.html', '/p/2.html']);
    expect(part.complete).toBe(false);
    expect(texts().sort()).toEqual(['0.json', '1.json', '2.json', '7.json']);
    // From loaded files at once, the same; the whole answer loads the rest, each text once.
    expect(e.firstNow!('widget', 3)).toEqual(part);
    const whole = await e.search('widget');
    expect(whole.map((g) => g.path)).toEqual(['/p/7.html', ...Array.from({ length: 7 }, (_, i) => `/p/${i}.html`)]);
    expect(whole.slice(0, 4)).toEqual(part.groups);
    expect(texts()).toHaveLength(8);
    expect(new Set(texts()).size).toBe(8);
    // Once loaded, the texts come with a first-pages answer too: nothing is left out.
    expect(e.firstNow!('widget', 3)).toEqual({ groups: whole, complete: true });
  });

  it('puts first the page whose title is the query once its typos are corrected', async () => {
    const all: SearchPage[] = Array.from({ length: MAX_GROUPS }, (_, i) => ({
      path: `/p/${i}.html`,
      title: i === 7 ? 'Widget' : `Widget tool ${i}`,
      sections: [{ slug: '', title: '', text: `${'widget '.repeat(10 - i)}${'filler '.repeat(20)}` }],
    }));
    const out = mkdtempSync(path.join(tmpdir(), 'search-first-typo-'));
    writeSearchIndex(out, all, undefined, THREE);
    const e = await diskEngine(out, []);
    // "widgte": two letters swapped, corrected to "widget"; the page titled so comes first, its text loaded with the first pages.
    const part = await e.first!('widgte', 3);
    expect(part.groups.map((g) => g.path)).toEqual(['/p/7.html', '/p/0.html', '/p/1.html', '/p/2.html']);
    expect(e.suggest!('widgte')).toBe('widget');
  });

  it('treats every ranked page as a candidate for the title rule with an entry file that has no title lengths', async () => {
    const all: SearchPage[] = Array.from({ length: 6 }, (_, i) => ({ path: `/p/${i}.html`, title: `Widget ${i}`, sections: [{ slug: '', title: '', text: 'widget '.repeat(6 - i) }] }));
    const out = mkdtempSync(path.join(tmpdir(), 'search-first-old-'));
    writeSearchIndex(out, all, undefined, THREE);
    const file = path.join(out, 'search', 'index.json');
    const { tl: _tl, ...old } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify(old));
    const asked: string[] = [];
    const e = await diskEngine(out, asked);
    const part = await e.first!('widget', 2);
    expect(part.complete).toBe(true);
    expect(asked.filter((u) => u.includes('/d/'))).toHaveLength(6);
  });
});

describe('damaged index files', () => {
  it('reports a truncated shard or a malformed page text as a damaged index, not an exception of the decoder', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'search-index-'));
    const r = writeSearchIndex(out, pages, undefined, THREE);
    const dir = path.join(out, 'search', r.version);
    const shard = readFileSync(path.join(dir, 's', 'mon.bin'));
    writeFileSync(path.join(dir, 's', 'mon.bin'), shard.subarray(0, shard.length - 6));
    writeFileSync(path.join(dir, 'd', '0.json'), JSON.stringify({ p: '/guides/ivr/', t: 3 }));
    const server = await startServer({ root: out, port: 0 });
    try {
      const e = await createLocalEngine(`${server.url}/search/`);
      await expect(e.search('monitoring')).rejects.toMatchObject({ name: 'SearchIndexError', message: expect.stringMatching(/search index is damaged \(s\/mon\.bin/) as unknown });
      await expect(e.search('keypad')).rejects.toMatchObject({ name: 'SearchIndexError', message: expect.stringMatching(/d\/0\.json: unexpected content/) as unknown });
    } finally {
      await server.close();
    }
  });

  it('corrects a typo that begins like a shorter word, but not a word typed on from one', async () => {
    const all: SearchPage[] = [
      { path: '/dev/', title: 'Dev environments', sections: [{ slug: '', title: '', text: 'A dev stack on your laptop, with dev tools and dev data.' }] },
      { path: '/device/', title: 'Virtual devices', sections: [{ slug: '', title: '', text: 'Each device calls or chats with your application; add a device per channel.' }] },
      { path: '/test/', title: 'Write a test', sections: [{ slug: '', title: '', text: 'A test sends utterances and checks the replies; run the test from the Dashboard.' }] },
    ];
    const out = mkdtempSync(path.join(tmpdir(), 'search-shorter-'));
    writeSearchIndex(out, all, undefined, THREE);
    const e = await diskEngine(out, []);
    // "devce" begins with "dev", a word of the index, and goes on with no suffix: a typo of "device".
    expect((await e.search('devce')).map((g) => g.path)).toEqual(['/device/']);
    expect(e.suggest!('devce')).toMatch(/^devices?$/);
    // "testin" goes on from "test" with the start of "-ing": a word being typed, found as it is, no suggestion.
    expect((await e.search('testin')).map((g) => g.path)).toEqual(['/test/']);
    expect(e.suggest!('testin')).toBeUndefined();
    // The short word itself is found first (and, being typed, the words it begins after it).
    expect((await e.search('dev')).map((g) => g.path)[0]).toBe('/dev/');
  });

  it('corrects a typo in any letter, and offers the correction', async () => {
    const out = mkdtempSync(path.join(tmpdir(), 'search-index-'));
    writeSearchIndex(out, pages, undefined, { ...THREE, synonyms: [['DTMF', 'keypad tones']] });
    const server = await startServer({ root: out, port: 0 });
    try {
      const e = await createLocalEngine(`${server.url}/search/`);
      expect((await e.search('bonitoring')).map((g) => g.path).sort()).toEqual(['/guides/webchat/', '/releases/201912.html']);
      expect(e.suggest!('bonitoring')).toBe('monitoring');
      expect((await e.search('vritual device')).map((g) => g.path)).toEqual(['/guides/ivr/']);
      expect((await e.search('monitoring')).length).toBe(2);
      expect(e.suggest!('monitoring')).toBeUndefined();
      // A synonym from the config: "keypad tones" is found by "dtmf" (the page says only "DTMF tones" in its text, and "Keypad tones" as a heading).
      expect((await e.search('dtmf ')).map((g) => g.path)).toEqual(['/guides/ivr/']);
    } finally {
      await server.close();
    }
  });
});
