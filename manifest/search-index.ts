/**
 * The local search index: an inverted index of every page's words, split
 * into small gzip-compressed shards by the first letters of each word, plus
 * one small text file per page for the result list. The browser fetches only
 * the shards of the words typed and the texts of the pages it shows, so what
 * a search downloads stays small however large the site grows (file layout
 * and format: src/shared/search-index.ts).
 *
 * Terms are stems (`termOf`). Each posting holds a BM25 weight (the page
 * title and headings weighing more than body text) and flags: in the title,
 * in a heading, and which sections. Each term keeps its best MAX_POSTINGS
 * pages. Term lists by length and first or last character (`w/<n>/`), or
 * by length alone on a small site (`w/<n>.bin`), let the browser correct
 * typos.
 *
 * The build writes the whole index once (`writeSearchIndex`). The dev server
 * keeps what it was written from (`SearchIndexData`) and, on a change of a few
 * pages, rewrites only the files those pages' terms live in
 * (`updateSearchIndex`).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FileWriter } from './output.ts';
import { addWords, sectionTerms, TITLE_WEIGHT, type SectionTerms } from './search-terms.ts';
import {
  EXCERPT_SECTIONS,
  EXCERPT_SOURCE,
  encodeShard,
  endOf,
  writeEndKeys,
  titleLengthDigit,
  termListFile,
  wholeTermListFile,
  wholeTermListsFor,
  type TermEnd,
  foldText,
  IN_TITLE,
  words,
  keyFile,
  MAX_POSTINGS,
  minPrefixFor,
  MAX_WEIGHT,
  SHARD_PREFIX,
  shardFor,
  shardPrefixFor,
  TOP_POSTINGS,
  TOP_TERMS,
  type Postings,
  SearchMeta,
  type SearchFragmentFile,
  headingId,
} from '../src/shared/search-index.ts';

/** The text of one page, as the compiler splits it (CompileResult.search). */
export interface SearchPage {
  path: string;
  title: string;
  /** Text under each heading; slug '' is the text before the first heading. */
  sections: ReadonlyArray<{ slug: string; title: string; text: string }>;
  /** The sections' words counted, when the analysis has done it (else the index counts them). */
  terms?: SectionTerms | undefined;
}

/** BM25 parameters (the usual values). */
const K1 = 1.2;
const B = 0.75;

/** Compression level of the files `updateSearchIndex` writes (the build's are written at 9, the smallest). */
const DEV_GZIP_LEVEL = 1;

/** Options of the index from the site config. */
export interface SearchIndexOptions {
  /** Synonym groups (site.yml `search.synonyms`). */
  synonyms?: ReadonlyArray<ReadonlyArray<string>> | undefined;
}

/**
 * What an index was written from, kept by the dev server so that a change
 * rewrites only the files it touches. Page numbers stay put: a removed page
 * leaves a gap, a new page takes the next number.
 */
export interface SearchIndexData {
  /** The version folder the files are in. */
  version: string;
  /** By page number; undefined where a page was removed. */
  pages: Array<SearchPage | undefined>;
  docOf: Map<string, number>;
  /** Each page's length in words (title counted), 0 for a gap. */
  lengths: number[];
  postings: Map<string, Postings>;
  /** Pages each term is in (the postings keep at most MAX_POSTINGS of them). */
  df: Map<string, number>;
  /** Length of the prefix that names a full shard (shardPrefixFor), fixed for the data's lifetime. */
  sp: number;
  /** From how many letters a word being typed is a prefix (minPrefixFor). */
  minPrefix: number;
  /** True when the term lists are one per length (wholeTermListsFor), fixed for the data's lifetime. */
  wa: boolean;
  /** Terms by prefix: every prefix shorter than `sp` (top shards), and the `sp`-character one of longer terms (full shards). */
  byKey: Map<string, Set<string>>;
  /** Terms by length in characters (term lists). */
  byLength: Map<number, Set<string>>;
}

/** A page's terms: weighted counts and flags, and its length in words. */
function pageTerms(page: SearchPage): { counts: Map<string, number>; flags: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  const flags = new Map<string, number>();
  const length = eachPageTerm(page, (term, tf, f) => {
    counts.set(term, tf);
    flags.set(term, f);
  });
  return { counts, flags, length };
}

/**
 * Visits each of a page's terms once, with its weighted count and flags:
 * the title's terms first, then the sections' that are not in the title,
 * as counted word by word. The sections' terms come distinct from the
 * analysis, so only the title's few are counted in maps. `invert` visits
 * every page twice: building a map of each page's terms on each visit (as
 * pageTerms does) took about 1.9 s of the 7.8 s a 10,000-page index took
 * in a profile. Returns the page's length in words.
 */
function eachPageTerm(page: SearchPage, each: (term: string, tf: number, flags: number) => void): number {
  const titleCounts = new Map<string, number>();
  const titleFlags = new Map<string, number>();
  const titleWords = addWords(titleCounts, page.title, TITLE_WEIGHT, titleFlags, IN_TITLE);
  const counted = page.terms ?? sectionTerms(page.sections);
  const terms = counted.tf.length > 0 ? counted.terms.split('\n') : [];
  // Where each title term is among the sections' terms, if it is.
  const inSections = new Map<string, number>();
  if (titleCounts.size > 0) terms.forEach((term, i) => titleCounts.has(term) && inSections.set(term, i));
  for (const [term, tf] of titleCounts) {
    const i = inSections.get(term);
    each(term, tf + (i === undefined ? 0 : counted.tf[i]!), titleFlags.get(term)! | (i === undefined ? 0 : counted.flags[i]!));
  }
  terms.forEach((term, i) => {
    if (!titleCounts.has(term)) each(term, counted.tf[i]!, counted.flags[i]!);
  });
  return titleWords + counted.words;
}

/** A posting's quantised BM25 weight. */
function weightOf(tf: number, length: number, avg: number): number {
  const norm = (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / avg));
  return Math.max(1, Math.min(MAX_WEIGHT, Math.round((norm / (K1 + 1)) * MAX_WEIGHT)));
}

/** A term's stored idf: a word on every page still counts a little (the smallest stored idf), so such pages can be found by it. */
function idfOf(pages: number, df: number): number {
  return Math.max(1, Math.round(Math.log(1 + (pages - df + 0.5) / (df + 0.5)) * 1000));
}

/**
 * The `n` best-weighted of `p`'s postings, in page order; of equal weights
 * the first pages. A weight is a byte, so the lowest weight kept is found by
 * counting them, not by sorting the postings of a word on thousands of
 * pages (1.1 s of a 10,000-page index with sorts).
 */
function bestPostings(p: Postings, n: number): Postings {
  if (p.docs.length <= n) return p;
  const count = new Uint32Array(256);
  for (const w of p.weights) count[w]!++;
  let cut = 255;
  let above = 0;
  while (above + count[cut]! < n) above += count[cut--]!;
  // The postings of weight `cut` that still fit, the first in page order.
  let atCut = n - above;
  const keep: number[] = [];
  p.weights.forEach((w, i) => {
    if (w > cut || (w === cut && atCut-- > 0)) keep.push(i);
  });
  return { idf: p.idf, docs: Uint32Array.from(keep, (i) => p.docs[i]!), weights: Uint8Array.from(keep, (i) => p.weights[i]!), flags: Uint8Array.from(keep, (i) => p.flags[i]!) };
}

/** The keys of the shards a term is in, with full shards named by `prefix` characters. */
function keysOf(term: string, prefix: number): string[] {
  const chars = Array.from(term);
  const keys: string[] = [];
  for (let n = 1; n < prefix && n <= chars.length; n++) keys.push(chars.slice(0, n).join(''));
  if (chars.length >= prefix) keys.push(chars.slice(0, prefix).join(''));
  return keys;
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function deleteFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (set?.delete(value) && set.size === 0) map.delete(key);
}

/** Indexes every page: the postings of every term, and the terms by shard and by length. */
function invert(pages: ReadonlyArray<SearchPage>, sp: number, wa: boolean, minPrefix = minPrefixFor(pages.length)): SearchIndexData {
  // Two passes over the pages, each page's terms counted anew in the second: the first finds how many
  // pages each term is in, so that the second fills typed arrays of that size. On a large site a
  // growing array per term held several times the memory (and the build's peak with it).
  const dfs = new Map<string, number>();
  const lengths = new Array<number>(pages.length).fill(0);
  pages.forEach((page, doc) => {
    lengths[doc] = eachPageTerm(page, (term) => dfs.set(term, (dfs.get(term) ?? 0) + 1));
  });
  const raw = new Map<string, { at: number; docs: Uint32Array; tf: Uint32Array; flags: Uint8Array }>();
  for (const [term, df] of dfs) raw.set(term, { at: 0, docs: new Uint32Array(df), tf: new Uint32Array(df), flags: new Uint8Array(df) });
  dfs.clear();
  pages.forEach((page, doc) => {
    eachPageTerm(page, (term, tf, flags) => {
      const t = raw.get(term)!;
      t.docs[t.at] = doc;
      t.tf[t.at] = tf;
      t.flags[t.at++] = flags;
    });
  });
  const n = pages.length;
  const avg = lengths.reduce((a, b) => a + b, 0) / Math.max(1, n) || 1;
  const data: SearchIndexData = {
    version: '',
    pages: [...pages],
    docOf: new Map(pages.map((p, i) => [p.path, i])),
    lengths,
    sp,
    minPrefix,
    wa,
    postings: new Map(),
    df: new Map(),
    byKey: new Map(),
    byLength: new Map(),
  };
  for (const [term, t] of raw) {
    const df = t.docs.length;
    data.df.set(term, df);
    const idf = idfOf(n, df);
    // Weighed in place: a large site has millions of postings, and an object for each was garbage the build's peak memory carried.
    const weights = new Uint8Array(df);
    for (let i = 0; i < df; i++) weights[i] = weightOf(t.tf[i]!, lengths[t.docs[i]!]!, avg);
    data.postings.set(term, bestPostings({ idf, docs: t.docs, weights, flags: t.flags }, MAX_POSTINGS));
    for (const key of keysOf(term, sp)) addTo(data.byKey, key, term);
    addTo(data.byLength, Array.from(term).length, term);
    raw.delete(term);
  }
  return data;
}

/** A shard file's bytes: a full shard (every term of its key) or a top shard (the likeliest terms of a shorter key). */
function shardBytes(data: SearchIndexData, key: string, level = 9): Uint8Array {
  const terms = data.byKey.get(key)!;
  const gzip = (list: string[], next = '') =>
    gzipSync(
      encodeShard(
        list.map((t) => [t, data.postings.get(t)!]),
        next,
      ),
      { level },
    );
  const chars = Array.from(key);
  const sp = data.sp;
  if (chars.length >= sp) return gzip([...terms].sort());
  // What follows the key: the characters after it in its longer terms (the next top shard, or after sp - 1 characters the full shard).
  const next = new Set<string>();
  for (const t of terms) {
    const c = Array.from(t);
    if (c.length > chars.length && (chars.length + 1 < sp || c.length >= sp)) next.add(c[chars.length]!);
  }
  // The word typed so far, if it is a word itself, then the commonest words it begins.
  const df = (t: string) => data.postings.get(t)!.docs.length;
  const best = [...terms]
    .filter((t) => t !== key)
    .sort((a, b) => df(b) - df(a) || (a < b ? -1 : 1))
    .slice(0, TOP_TERMS - (terms.has(key) ? 1 : 0));
  // A completion needs only its best pages: the result list shows a few, and the next letter brings the full shard.
  const top = new Map<string, Postings>(best.map((t) => [t, bestPostings(data.postings.get(t)!, TOP_POSTINGS)]));
  if (terms.has(key)) top.set(key, data.postings.get(key)!);
  return gzipSync(
    encodeShard(
      [...top.keys()].sort().map((t) => [t, top.get(t)!]),
      [...next].sort().join(''),
    ),
    { level },
  );
}

/** The term files of a term of `length` characters: its length's list, or the lists of its first and its last character. */
function termListFilesOf(data: SearchIndexData, term: string): string[] {
  const n = Array.from(term).length;
  return data.wa ? [wholeTermListFile(n)] : (['f', 'l'] as const).map((end) => termListFile(n, end, endOf(term, end)));
}

/** The term lists of one length (every term, or the terms by their first and by their last character), commonest first. */
function termLists(data: SearchIndexData, length: number, level = 9, only?: ReadonlySet<string>): Map<string, Uint8Array> {
  const df = (t: string) => data.postings.get(t)!.docs.length;
  const lists = new Map<string, string[]>();
  for (const term of data.byLength.get(length) ?? [])
    for (const file of termListFilesOf(data, term)) {
      if (only && !only.has(file)) continue;
      let list = lists.get(file);
      if (!list) lists.set(file, (list = []));
      list.push(term);
    }
  const files = new Map<string, Uint8Array>();
  for (const [file, list] of lists) files.set(file, gzipSync(new TextEncoder().encode(list.sort((a, b) => df(b) - df(a) || (a < b ? -1 : 1)).join('\n')), { level }));
  return files;
}

/** The file of a shard key or term list, under the version folder. */
const shardFile = (key: string, sp: number) => `${shardFor(key, sp).kind}/${keyFile(key)}.bin`;

/** A section's text cut to what an excerpt can show, at a word boundary; a cut text ends with an ellipsis, so the excerpt says it goes on. */
export function excerptSource(text: string): string {
  if (text.length <= EXCERPT_SOURCE) return text;
  const cut = text.slice(0, EXCERPT_SOURCE);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_SOURCE / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

/** A page's fragment file. Sections past EXCERPT_SECTIONS, and text past EXCERPT_SOURCE, are in the index but not shown. */
function fragmentText(p: SearchPage): string {
  const f: SearchFragmentFile = {
    p: p.path,
    t: p.title,
    s: p.sections.slice(0, EXCERPT_SECTIONS).map((s): SearchFragmentFile['s'][number] => (s.slug === headingId(s.title) ? [s.title, excerptSource(s.text)] : [s.slug, s.title, excerptSource(s.text)])),
  };
  return JSON.stringify(f);
}

/** The entry file's content, checked with the browser's own schema: an entry file the engine would reject is a build error, not a broken search box. */
function metaOf(data: SearchIndexData, synonyms: SearchIndexOptions['synonyms']): SearchMeta {
  const syn = (synonyms ?? []).map((group) => group.map((member) => words(foldText(member)))).filter((g) => g.filter((m) => m.length > 0).length >= 2);
  const first = [...data.byKey.keys()]
    .filter((k) => Array.from(k).length === 1)
    .sort()
    .join('');
  const lens = [...data.byLength.keys()].sort((a, b) => a - b);
  const ends = (end: TermEnd) => Object.fromEntries(lens.map((n) => [String(n), writeEndKeys([...new Set([...data.byLength.get(n)!].map((t) => endOf(t, end)))].sort(), n)]));
  const tl = data.pages.map((p) => (p ? titleLengthDigit(p.title) : '0')).join('');
  // After each prefix shorter than the full shards' (two characters at most), the characters that follow it, commonest first
  // (by postings: what the next shard will hold); a prefix that is a term only and begins no longer one gets ''.
  const weight = new Map<string, number>();
  const named = Math.min(2, data.sp - 1);
  for (const [key, terms] of data.byKey) {
    const n = Array.from(key).length;
    if (n >= 2 && n <= named + 1)
      weight.set(
        key,
        [...terms].reduce((sum, t) => sum + data.postings.get(t)!.docs.length, 0),
      );
  }
  const sec: Record<string, string> = {};
  for (const key of data.byKey.keys()) if (Array.from(key).length <= named) sec[key] = '';
  for (const [key] of [...weight].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    const chars = Array.from(key);
    sec[chars.slice(0, -1).join('')] += chars.at(-1)!;
  }
  // The terms of two characters, for a site whose words being typed wait for three (not needed below).
  const mp = data.minPrefix;
  const two =
    mp > 2
      ? [...data.postings.keys()]
          .filter((t) => Array.from(t).length === 2)
          .sort()
          .join(' ')
      : undefined;
  return SearchMeta.parse({
    v: data.version,
    docs: data.pages.length,
    first,
    lens,
    wf: ends('f'),
    wl: ends('l'),
    syn,
    sp: data.sp,
    tl,
    sec,
    mp,
    ...(two === undefined ? {} : { two }),
    ...(data.wa ? { wa: true } : {}),
  });
}

/** Writes the entry file last, by rename: it only ever names a complete version folder. */
function writeMeta(target: string, meta: SearchMeta): void {
  writeFileSync(path.join(target, 'index.json.tmp'), JSON.stringify(meta));
  renameSync(path.join(target, 'index.json.tmp'), path.join(target, 'index.json'));
}

/**
 * Indexes `pages` and writes `<outDir>/search/`, replacing any previous index;
 * through `writer` when given (the build's, rooted at `outDir`), else its own.
 * `ms` is the time spent indexing and writing it; `data` what it was written
 * from, for `updateSearchIndex` (only when `keep` is set: a build does not need it).
 */
export function writeSearchIndex(
  outDir: string,
  pages: ReadonlyArray<SearchPage>,
  writer?: FileWriter,
  options: SearchIndexOptions & { keep?: boolean; shardPrefix?: number; wholeTermLists?: boolean; minPrefix?: number } = {},
): { pages: number; version: string; ms: number; data?: SearchIndexData } {
  const started = performance.now();
  const target = path.join(outDir, 'search');
  rmSync(target, { recursive: true, force: true });
  // Written into a temporary folder, named by the hash of everything in it once complete.
  const tmp = path.join(target, `tmp-${process.pid}`);
  for (const sub of ['s', 't', 'd']) mkdirSync(path.join(tmp, sub), { recursive: true });
  const out = writer ?? new FileWriter(outDir);
  const inTmp = path.relative(outDir, tmp);
  const hash = createHash('sha256');
  pages.forEach((p, doc) => {
    const text = fragmentText(p);
    hash.update(`${doc}\0${text}\0`);
    out.write(path.join(inTmp, 'd', `${doc}.json`), text);
  });
  const data = invert(pages, options.shardPrefix ?? shardPrefixFor(pages.length), options.wholeTermLists ?? wholeTermListsFor(pages.length), options.minPrefix);
  const files: Array<[string, Uint8Array]> = [
    ...[...data.byKey.keys()].map((k): [string, Uint8Array] => [shardFile(k, data.sp), shardBytes(data, k)]),
    ...[...data.byLength.keys()].flatMap((n) => [...termLists(data, n)]),
  ];
  for (const [file, bytes] of files.sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    hash.update(file).update(bytes);
    out.write(path.join(inTmp, file), bytes);
  }
  const ms = performance.now() - started;
  data.version = hash.digest('hex').slice(0, 12);
  renameSync(tmp, path.join(target, data.version));
  writeMeta(target, metaOf(data, options.synonyms));
  return { pages: pages.length, version: data.version, ms, ...(options.keep ? { data } : {}) };
}

/**
 * What the index in `<outDir>/search/` was written from, rebuilt in memory
 * without writing when it was written from `pages` (the dev server's cache
 * of an earlier run); undefined when there is no index there.
 */
export function searchIndexData(outDir: string, pages: ReadonlyArray<SearchPage>): SearchIndexData | undefined {
  const entry = path.join(outDir, 'search', 'index.json');
  if (!existsSync(entry)) return undefined;
  const meta = SearchMeta.safeParse(JSON.parse(readFileSync(entry, 'utf8')));
  if (!meta.success || !existsSync(path.join(outDir, 'search', meta.data.v))) return undefined;
  const data = invert(pages, meta.data.sp ?? SHARD_PREFIX, meta.data.wa ?? false, meta.data.mp);
  data.version = meta.data.v;
  return data;
}

/**
 * Applies a change of a few pages to an index written by `writeSearchIndex`
 * (with `keep`): the changed pages' fragments, and the shards and term lists
 * of every term they had or have, are written again; nothing else is. The
 * version folder is renamed to a new version first, so a browser that had
 * read the old one reads the entry file again (as after a deploy).
 *
 * The changed pages' weights and the changed terms' idf are computed anew;
 * the other postings keep the weights of when they were written (a page
 * added or grown shifts the average length only a little), so the ranking
 * matches a full build's closely, not to the unit. A term on more than
 * MAX_POSTINGS pages that loses one of its kept pages keeps one fewer.
 * `data` is updated in place. Synonyms that changed need `writeSearchIndex`.
 */
export function updateSearchIndex(
  outDir: string,
  data: SearchIndexData,
  change: { upsert: ReadonlyArray<SearchPage>; remove: ReadonlyArray<string> },
  options: SearchIndexOptions = {},
): { version: string; files: number; ms: number } {
  const started = performance.now();
  const touched = new Set<string>();
  const docs = new Map<number, ReturnType<typeof pageTerms> | undefined>();
  const fragments = new Map<number, string | undefined>();
  /** The terms each changed page had before. */
  const had = new Map<number, ReadonlySet<string>>();
  const forget = (doc: number) => {
    const old = data.pages[doc];
    if (!old) return;
    const terms = new Set(pageTerms(old).counts.keys());
    had.set(doc, terms);
    for (const term of terms) touched.add(term);
  };
  for (const p of change.remove) {
    const doc = data.docOf.get(p);
    if (doc === undefined) continue;
    forget(doc);
    data.pages[doc] = undefined;
    data.docOf.delete(p);
    data.lengths[doc] = 0;
    docs.set(doc, undefined);
    fragments.set(doc, undefined);
  }
  for (const p of change.upsert) {
    let doc = data.docOf.get(p.path);
    if (doc === undefined) {
      doc = data.pages.length;
      data.docOf.set(p.path, doc);
      data.lengths.push(0);
    } else forget(doc);
    data.pages[doc] = p;
    const terms = pageTerms(p);
    data.lengths[doc] = terms.length;
    for (const term of terms.counts.keys()) touched.add(term);
    docs.set(doc, terms);
    fragments.set(doc, fragmentText(p));
  }
  const live = data.docOf.size;
  const avg = data.lengths.reduce((a, b) => a + b, 0) / Math.max(1, live) || 1;
  const keys = new Set<string>();
  const lengths = new Set<number>();
  const lists = new Set<string>();
  for (const term of touched) {
    const old = data.postings.get(term);
    const entries: Array<{ doc: number; w: number; f: number }> = [];
    let df = data.df.get(term) ?? 0;
    if (old)
      old.docs.forEach((doc, i) => {
        if (docs.has(doc)) return;
        entries.push({ doc, w: old.weights[i]!, f: old.flags[i]! });
      });
    // Pages that had the term and were changed or removed: counted again below if they still have it.
    for (const [doc] of docs) if (had.get(doc)?.has(term)) df--;
    for (const [doc, terms] of docs) {
      const tf = terms?.counts.get(term);
      if (tf === undefined) continue;
      entries.push({ doc, w: weightOf(tf, data.lengths[doc]!, avg), f: terms!.flags.get(term)! });
      df++;
    }
    for (const key of keysOf(term, data.sp)) keys.add(key);
    lengths.add(Array.from(term).length);
    for (const file of termListFilesOf(data, term)) lists.add(file);
    if (entries.length === 0) {
      data.postings.delete(term);
      data.df.delete(term);
      for (const key of keysOf(term, data.sp)) deleteFrom(data.byKey, key, term);
      deleteFrom(data.byLength, Array.from(term).length, term);
      continue;
    }
    data.df.set(term, df);
    entries.sort((a, b) => a.doc - b.doc);
    const postings = { idf: idfOf(live, df), docs: Uint32Array.from(entries, (e) => e.doc), weights: Uint8Array.from(entries, (e) => e.w), flags: Uint8Array.from(entries, (e) => e.f) };
    data.postings.set(term, bestPostings(postings, MAX_POSTINGS));
    for (const key of keysOf(term, data.sp)) addTo(data.byKey, key, term);
    addTo(data.byLength, Array.from(term).length, term);
  }
  // Every file first (into the folder of the current version), then the folder renamed and the entry file naming it.
  const target = path.join(outDir, 'search');
  const dir = path.join(target, data.version);
  const hash = createHash('sha256').update(data.version);
  let files = 0;
  const put = (file: string, bytes: string | Uint8Array | undefined) => {
    const abs = path.join(dir, file);
    files++;
    hash.update(file).update(bytes ?? '');
    if (bytes === undefined) return rmSync(abs, { force: true });
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, bytes);
  };
  for (const [doc, text] of fragments) put(`d/${doc}.json`, text);
  // Compressed for speed, not size: the files go no further than the author's own browser.
  for (const key of keys) put(shardFile(key, data.sp), data.byKey.has(key) ? shardBytes(data, key, DEV_GZIP_LEVEL) : undefined);
  for (const n of lengths) {
    const written = termLists(data, n, DEV_GZIP_LEVEL, lists);
    for (const file of lists) if (file.startsWith(`w/${n}/`) || file === wholeTermListFile(n)) put(file, written.get(file));
  }
  const version = hash.digest('hex').slice(0, 12);
  renameSync(dir, path.join(target, version));
  data.version = version;
  writeMeta(target, metaOf(data, options.synonyms));
  return { version, files, ms: performance.now() - started };
}
