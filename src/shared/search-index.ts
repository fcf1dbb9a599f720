/**
 * The local search index, shared by the build that writes it and the browser
 * that reads it: how text becomes terms, where a term's shard lives, and the
 * binary layout of a shard.
 *
 * Files (under /search/):
 * - `index.json`: `{ v, docs }`, the version folder of this build's index and its page count;
 * - `<v>/s/<key>.bin`: every term starting with the 3-character `key` (2 on a small site, 4 on a large one: `sp`), with its postings;
 * - `<v>/t/<key>.bin`: for a shorter `key`, the commonest terms starting with it
 *   (what a reader who has typed one or two letters is most likely looking for), each with
 *   its TOP_POSTINGS best pages, and the term `key` itself, if there is one, with all of its;
 * - `<v>/d/<doc>.json`: one page's title, path, and each section's heading and opening text
 *   (at most EXCERPT_SOURCE characters), for the result list and its excerpts;
 * - `<v>/w/<n>/f<c>.bin` and `<v>/w/<n>/l<c>.bin`: the indexed terms of `n` characters
 *   whose first (f) or last (l) character is `c` (as `keyFile` names it), commonest first,
 *   one per line: the term lists a misspelt word is corrected against. A word of n letters
 *   with one or two typos is n-2 to n+2 letters long, and one typo leaves its first or its
 *   last letter as it was, so a few small files answer it whatever letter the typo is in.
 *   A small site (`wa`) writes one list per length instead, `<v>/w/<n>.bin`, every term of
 *   `n` characters commonest first: the reader filters it by the same first or last
 *   character, so the corrections are the same, and the build creates some 20 files
 *   instead of 561.
 *
 * Terms are stems (Porter's algorithm, the `stemmer` package), made by `termOf`
 * both here at build time and in the browser, so "failing", "fails" and
 * "failed" are the one term "fail".
 * Shards are gzip-compressed by the build (the browser inflates them with
 * DecompressionStream), so their size does not depend on the host.
 *
 * The JSON files and the term lists are described by zod schemas, which the
 * build checks what it writes against and the browser what it reads; a
 * shard's binary layout is checked by `decodeShard`.
 */

import { stemmer } from 'stemmer';
// The mini build: this module is loaded by the browser with the search engine.
import * as z from 'zod/mini';

/** Where the index lives on the site. */
export const SEARCH_BASE = '/search/';
/** The index's entry file, read when search is first used. */
export const SEARCH_META = `${SEARCH_BASE}index.json`;
/** Terms shorter than this are not indexed ("a", "I", single digits). */
export const MIN_TERM = 2;
/** Longer terms are identifiers or noise; they are not indexed. */
export const MAX_TERM = 40;
/** Length of the prefix that names a full shard, on a site of fewer than LARGE_INDEX_PAGES pages. */
export const SHARD_PREFIX = 3;
/**
 * On a large site a three-character prefix holds too much: at 10,000 pages,
 * its commonest ones (a syllable many names begin with) made shards of 60 KB,
 * a download of three times a whole first answer for one letter typed. There
 * full shards are named by four characters, and three-character keys get top
 * shards like one and two.
 */
export const LARGE_SHARD_PREFIX = 4;
/** Pages from which an index uses LARGE_SHARD_PREFIX. */
export const LARGE_INDEX_PAGES = 2000;
/**
 * On a small site a two-character prefix holds little (this site's largest
 * such shard: 2.8 KB), and the three-character layout wrote a file for
 * every three letters any word begins with: 952 full shards and 398 top
 * shards for 74 pages. Each file costs the build its creation, which on a
 * shared disk took 0.3 to 0.8 ms; there full shards are named by two
 * characters, and only one-character keys get top shards (398 files in all
 * instead of 1,350, the build about 0.7 s sooner).
 */
export const SMALL_SHARD_PREFIX = 2;
/** Pages below which an index uses SMALL_SHARD_PREFIX. */
export const SMALL_INDEX_PAGES = 300;

/**
 * True when an index of `pages` pages writes one term list per length: a small
 * site's lists by end character are hundreds of files of a few terms each (561
 * for this site's 74 pages, each file a cost to the build), while one list per
 * length stays a few KB.
 */
export function wholeTermListsFor(pages: number): boolean {
  return pages < SMALL_INDEX_PAGES;
}

/** The shard prefix of an index of `pages` pages. */
export function shardPrefixFor(pages: number): number {
  if (pages >= LARGE_INDEX_PAGES) return LARGE_SHARD_PREFIX;
  return pages < SMALL_INDEX_PAGES ? SMALL_SHARD_PREFIX : SHARD_PREFIX;
}
/**
 * The letters from which a word being typed is also looked for as a prefix,
 * on a site of `pages` pages. Two letters begin hundreds of words: on a large
 * site their pages change with every letter typed, each page's text a
 * download (at 10,000 pages a session of ten typed queries fetched 52 KB of
 * texts for two-letter prefixes that the third letter replaced). There a word
 * is a prefix from its third letter, and a word of two letters is looked for
 * only as itself, when the site has it. A small site's texts cost little,
 * and "device ap" still finds the device API.
 */
export function minPrefixFor(pages: number): number {
  return pages >= LARGE_INDEX_PAGES ? 3 : 2;
}

/** Terms kept in a "top" shard (a key shorter than the index's shard prefix). */
export const TOP_TERMS = 16;
/** Postings kept per completion in a top shard: its best-weighted pages (the word's own full shard has the rest). */
export const TOP_POSTINGS = 48;
/** Postings kept per term: its best-scoring pages. A word on more pages than this ranks only by them. */
export const MAX_POSTINGS = 1000;
/** Highest quantised term weight. */
export const MAX_WEIGHT = 255;
/**
 * Characters of a section's text kept for excerpts (the index holds every
 * word; the excerpt needs only a little): about twenty words, what DocSearch
 * shows, two lines on a phone and one and a half in the desktop popup. The
 * page texts are most of what a search session downloads on a large site;
 * 160 characters made a session of ten typed queries at 10,000 pages 15 to
 * 16 KB heavier.
 */
export const EXCERPT_SOURCE = 120;
/** Sections of a page kept for excerpts. */
export const EXCERPT_SECTIONS = 48;
/** Posting flag: the term is in the page title. */
export const IN_TITLE = 0x80;
/** Posting flag: the term is in a heading. */
export const IN_HEADING = 0x40;
/** Posting flags: sections the term occurs in, section i as bit i mod SECTION_BITS. */
export const SECTION_BITS = 6;
export const SECTION_MASK = (1 << SECTION_BITS) - 1;

/** The entry file. */
export const SearchMeta = z.object({
  /** Version folder of the index files. */
  v: z.string().check(z.regex(/^[a-z0-9]+$/)),
  /** Pages indexed. */
  docs: z.number().check(z.int(), z.nonnegative()),
  /** The first characters of the indexed words: the 1-character top shards that exist. */
  first: z.string(),
  /** Term lengths that have term lists (`w/<n>/`). */
  lens: z.array(z.number().check(z.int(), z.positive())),
  /** Per term length, the keys (first characters, see endOf) that have a term list (`w/<n>/f<c>.bin`), as endKeys reads them. */
  wf: z.record(z.string(), z.string()),
  /** Per term length, the keys (last characters) that have a term list (`w/<n>/l<c>.bin`). */
  wl: z.record(z.string(), z.string()),
  /** Synonym groups from the site config, folded: each member a list of words. */
  syn: z.array(z.array(z.array(z.string()))),
  /** Length of the prefix that names a full shard (shardPrefixFor); SHARD_PREFIX when absent. */
  sp: z.optional(z.number().check(z.int(), z.positive())),
  /**
   * Per page (by its number), the number of words in its title as a base-36
   * digit (35 for 35 and more; "0" for a page removed): which pages' titles can be a query
   * of so many words, without loading their texts. Absent in an index built
   * before it (every page then counts as a candidate).
   */
  tl: z.optional(z.string()),
  /**
   * Per prefix of one character, and of two when full shards are named by
   * more, the characters that follow it in the indexed terms, those of the
   * most postings first ('' when none does): which shards exist, found
   * without loading the top shards of one and two characters (a word being
   * typed is looked for from MIN_PREFIX letters), and the likeliest next
   * letter to load ahead. Absent in an index built before it (the top shards
   * then say).
   */
  sec: z.optional(z.record(z.string(), z.string())),
  /**
   * The indexed terms of two characters, space-separated: on a site whose
   * words are prefixes from three letters (`mp`), a word of two letters being
   * typed is looked for (as itself) only when it is one of them.
   */
  two: z.optional(z.string()),
  /**
   * The letters from which a word being typed is also a prefix
   * (minPrefixFor): two, three on a large site. Absent: two.
   */
  mp: z.optional(z.number().check(z.int(), z.positive())),
  /** True when the term lists are one per length (`w/<n>.bin`, wholeTermListsFor), not per length and end character. */
  wa: z.optional(z.boolean()),
});
export type SearchMeta = z.infer<typeof SearchMeta>;

/**
 * The id a heading has when its page text leaves it out: its words, lower
 * case, joined by hyphens (what the page gives most headings; the build
 * writes any other id out).
 */
export function headingId(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * One page's text, as `d/<doc>.json` holds it. A section is [heading id, heading,
 * text], or [heading, text] when the id is `headingId(heading)` (a tenth of
 * the file's bytes); read, every section has its id.
 */
export const SearchFragment = z.pipe(
  z.object({
    /** Site path. */
    p: z.string(),
    /** Page title. */
    t: z.string(),
    /** Sections: [heading id ('' before the first heading), heading text, text], or [heading text, text]. */
    s: z.array(z.union([z.tuple([z.string(), z.string(), z.string()]), z.tuple([z.string(), z.string()])])),
  }),
  z.transform((f) => ({ p: f.p, t: f.t, s: f.s.map((x): [string, string, string] => (x.length === 2 ? [headingId(x[0]), x[0], x[1]] : x)) })),
);
export type SearchFragment = z.output<typeof SearchFragment>;
/** A page text as written, its derivable ids left out. */
export type SearchFragmentFile = z.input<typeof SearchFragment>;

/** A term list, `w/<n>/<end><c>.bin` inflated and split at its line breaks: terms, commonest first. */
export const SearchTermList = z.array(z.string().check(z.minLength(1)));
export type SearchTermList = z.infer<typeof SearchTermList>;

/** One term's postings: pages in ascending order, and a weight (1-255) for each. */
export interface Postings {
  /** Inverse document frequency x 1000. */
  idf: number;
  docs: Uint32Array;
  weights: Uint8Array;
  /** Per page: IN_TITLE, IN_HEADING and the section bits. */
  flags: Uint8Array;
}

/** A decoded shard. */
export interface Shard {
  /** Term -> postings, terms in ascending order. */
  terms: Map<string, Postings>;
  /**
   * For a top shard, the characters that follow its key in some indexed word,
   * so the next shard is only asked for when it exists: after a 1-character
   * key, the 2-character top shards; after a 2-character key, the full shards.
   */
  next: string;
}

const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;

/** Lower case without accents: what terms and queries are compared in. */
export function foldText(s: string): string {
  return s.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** The words of `s`, folded (every length; the index keeps MIN_TERM..MAX_TERM). */
export function words(s: string): string[] {
  return foldText(s).match(WORD) ?? [];
}

const PLAIN = /^[a-z]+$/;
/** Stems seen, so that typing and ranking stem each word once. */
const stems = new Map<string, string>();

/** A folded word's index term: its Porter stem when made of letters a-z only, else itself. */
export function termOf(word: string): string {
  if (!PLAIN.test(word) || word.length < 3) return word;
  let s = stems.get(word);
  if (s === undefined) {
    s = stemmer(word);
    if (stems.size > 50_000) stems.clear();
    stems.set(word, s);
  }
  return s;
}

/** True for a word the index keeps. */
export function indexable(term: string): boolean {
  return term.length >= MIN_TERM && term.length <= MAX_TERM;
}

/** First `n` characters (code points) of a term. */
export function prefixOf(term: string, n: number): string {
  return Array.from(term).slice(0, n).join('');
}

/** File-name form of a shard key: itself when plain ASCII, otherwise `_` and its UTF-8 bytes in hex. */
export function keyFile(key: string): string {
  if (/^[a-z0-9]+$/.test(key)) return key;
  return `_${Array.from(new TextEncoder().encode(key), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The shard that answers a query word: a top shard for a word shorter than `prefix`, else the full shard of its first `prefix` characters. */
export function shardFor(word: string, prefix = SHARD_PREFIX): { kind: 't' | 's'; key: string } {
  const chars = Array.from(word);
  return chars.length < prefix ? { kind: 't', key: word } : { kind: 's', key: chars.slice(0, prefix).join('') };
}

/** Address of a shard file under the version folder. */
export function shardUrl(v: string, shard: { kind: 't' | 's'; key: string }, base = SEARCH_BASE): string {
  return `${base}${v}/${shard.kind}/${keyFile(shard.key)}.bin`;
}

/** Which end of a term a term list is keyed by: its first or its last characters. */
export type TermEnd = 'f' | 'l';

/**
 * Term length from which the term lists are keyed by two characters at an
 * end, not one. A misspelt word is looked up in the lists of the lengths its
 * typos can reach, by its first and by its last characters: one of the two
 * ends is as written unless a typo touches both. From five characters on, one
 * typo (a swap included) leaves the first two or the last two as written, and
 * a list keyed by two characters holds a few percent of the terms of one keyed
 * by one: a misspelling at 10,000 pages downloads a quarter of the bytes.
 */
export const TWO_CHARACTER_ENDS = 5;

/**
 * The key at `end` of a term in the term lists of `n`-character terms (`n`
 * the term's own length by default): its first or last character, or two
 * from TWO_CHARACTER_ENDS on.
 */
export function endOf(term: string, end: TermEnd, n?: number): string {
  const chars = Array.from(term);
  const k = (n ?? chars.length) >= TWO_CHARACTER_ENDS ? 2 : 1;
  return (end === 'f' ? chars.slice(0, k) : chars.slice(-k)).join('');
}

/** The keys in the entry file's list of the term lists of `n`-character terms (`wf`/`wl`): characters, or from TWO_CHARACTER_ENDS on two-character keys separated by spaces. */
export function endKeys(list: string, n: number): string[] {
  return n >= TWO_CHARACTER_ENDS ? list.split(' ') : Array.from(list);
}

/** Writes the keys of the term lists of `n`-character terms as endKeys reads them. */
export function writeEndKeys(keys: ReadonlyArray<string>, n: number): string {
  return keys.join(n >= TWO_CHARACTER_ENDS ? ' ' : '');
}

/** The `tl` digit of a title: its number of words (as titleIsQuery counts them), in base 36, at most 35. */
export function titleLengthDigit(title: string): string {
  return Math.min(words(title).length, 35).toString(36);
}

/** Path, under the version folder, of the term list of `n`-character terms with `c` at `end`. */
export function termListFile(n: number, end: TermEnd, c: string): string {
  return `w/${n}/${end}${keyFile(c)}.bin`;
}

/** Address of the term list of `n`-character terms with `c` at `end`. */
export function termListUrl(v: string, n: number, end: TermEnd, c: string, base = SEARCH_BASE): string {
  return `${base}${v}/${termListFile(n, end, c)}`;
}

/** Path, under the version folder, of the list of every `n`-character term (a small site's layout). */
export function wholeTermListFile(n: number): string {
  return `w/${n}.bin`;
}

/** Address of the list of every `n`-character term. */
export function wholeTermListUrl(v: string, n: number, base = SEARCH_BASE): string {
  return `${base}${v}/${wholeTermListFile(n)}`;
}

/** Address of a page's fragment. */
export function fragmentUrl(v: string, doc: number, base = SEARCH_BASE): string {
  return `${base}${v}/d/${doc}.json`;
}

/**
 * Writes a shard (before compression): varint term count, then per term its
 * UTF-8 name, idf and postings (page deltas, then weights), then `next` in UTF-8.
 */
export function encodeShard(terms: ReadonlyArray<[string, Postings]>, next = ''): Uint8Array {
  const enc = new TextEncoder();
  let buf = new Uint8Array(1024);
  let at = 0;
  const room = (n: number) => {
    if (at + n <= buf.length) return;
    const next = new Uint8Array(Math.max(buf.length * 2, at + n));
    next.set(buf.subarray(0, at));
    buf = next;
  };
  const varint = (n: number) => {
    room(5);
    while (n >= 0x80) {
      buf[at++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    buf[at++] = n;
  };
  varint(terms.length);
  for (const [term, p] of terms) {
    const name = enc.encode(term);
    varint(name.length);
    room(name.length);
    buf.set(name, at);
    at += name.length;
    varint(p.idf);
    varint(p.docs.length);
    let prev = 0;
    for (const d of p.docs) {
      varint(d - prev);
      prev = d;
    }
    room(p.weights.length * 2);
    buf.set(p.weights, at);
    at += p.weights.length;
    buf.set(p.flags, at);
    at += p.flags.length;
  }
  const tail = enc.encode(next);
  varint(tail.length);
  room(tail.length);
  buf.set(tail, at);
  at += tail.length;
  return buf.slice(0, at);
}

/** Reads what encodeShard wrote; throws on a truncated or malformed shard. */
export function decodeShard(bytes: Uint8Array): Shard {
  const dec = new TextDecoder('utf-8', { fatal: true });
  let at = 0;
  const varint = () => {
    let n = 0;
    let shift = 0;
    for (;;) {
      if (at >= bytes.length) throw new RangeError('search shard is truncated');
      const b = bytes[at++]!;
      n += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return n;
      shift += 7;
      if (shift > 35) throw new RangeError('search shard is malformed');
    }
  };
  const take = (n: number) => {
    if (at + n > bytes.length) throw new RangeError('search shard is truncated');
    const s = bytes.subarray(at, at + n);
    at += n;
    return s;
  };
  const terms = new Map<string, Postings>();
  const count = varint();
  for (let i = 0; i < count; i++) {
    const term = dec.decode(take(varint()));
    const idf = varint();
    const n = varint();
    const docs = new Uint32Array(n);
    let prev = 0;
    for (let j = 0; j < n; j++) docs[j] = prev += varint();
    terms.set(term, { idf, docs, weights: take(n).slice(), flags: take(n).slice() });
  }
  const next = dec.decode(take(varint()));
  if (at !== bytes.length) throw new RangeError('search shard has trailing bytes');
  return { terms, next };
}

/**
 * Optimal-string-alignment distance between `a` and `b` (insertions,
 * deletions, substitutions and swaps of neighbours), or `max + 1` as soon as
 * it must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n]!, max + 1);
}

/** Typos allowed in a query word of `length` characters: none under 4, one from 4, two from 8. */
export function typosAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}
