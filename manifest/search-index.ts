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
 * pages. Term lists by length (`w/<n>.bin`) let the browser correct typos.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { FileWriter } from './output.ts';
import { addWords, sectionTerms, TITLE_WEIGHT, type SectionTerms } from './search-terms.ts';
import {
  EXCERPT_SECTIONS,
  EXCERPT_SOURCE,
  encodeShard,
  foldText,
  IN_TITLE,
  words,
  keyFile,
  MAX_POSTINGS,
  MAX_WEIGHT,
  prefixOf,
  SHARD_PREFIX,
  TOP_TERMS,
  type Postings,
  SearchMeta,
  type SearchFragment,
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

interface TermData {
  docs: number[];
  /** Weighted term frequency per posting. */
  tf: number[];
  flags: number[];
}

/** Options of the index from the site config. */
export interface SearchIndexOptions {
  /** Synonym groups (site.yml `search.synonyms`). */
  synonyms?: ReadonlyArray<ReadonlyArray<string>> | undefined;
}

/** Builds the postings of every term. */
function invert(pages: ReadonlyArray<SearchPage>): { terms: Map<string, Postings>; docs: number } {
  const raw = new Map<string, TermData>();
  const lengths = new Float64Array(pages.length);
  pages.forEach((page, doc) => {
    // The title's words first, then the sections' as counted: the same counts, in the same order, as word by word.
    const counts = new Map<string, number>();
    const flags = new Map<string, number>();
    let length = addWords(counts, page.title, TITLE_WEIGHT, flags, IN_TITLE);
    const counted = page.terms ?? sectionTerms(page.sections);
    length += counted.words;
    if (counted.tf.length > 0)
      counted.terms.split('\n').forEach((term, i) => {
        counts.set(term, (counts.get(term) ?? 0) + counted.tf[i]!);
        flags.set(term, (flags.get(term) ?? 0) | counted.flags[i]!);
      });
    lengths[doc] = length;
    for (const [term, tf] of counts) {
      let t = raw.get(term);
      if (!t) raw.set(term, (t = { docs: [], tf: [], flags: [] }));
      t.docs.push(doc);
      t.tf.push(tf);
      t.flags.push(flags.get(term)!);
    }
  });
  const n = pages.length;
  const avg = lengths.reduce((a, b) => a + b, 0) / Math.max(1, n) || 1;
  const terms = new Map<string, Postings>();
  for (const [term, t] of raw) {
    const df = t.docs.length;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    let order = t.docs.map((doc, i) => {
      const tf = t.tf[i]!;
      const norm = (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[doc]!) / avg));
      return { doc, w: Math.max(1, Math.min(MAX_WEIGHT, Math.round((norm / (K1 + 1)) * MAX_WEIGHT))), f: t.flags[i]! };
    });
    if (order.length > MAX_POSTINGS)
      order = order
        .sort((a, b) => b.w - a.w || a.doc - b.doc)
        .slice(0, MAX_POSTINGS)
        .sort((a, b) => a.doc - b.doc);
    // A word on every page still counts a little (the smallest stored idf), so such pages can be found by it.
    terms.set(term, { idf: Math.max(1, Math.round(idf * 1000)), docs: Uint32Array.from(order, (o) => o.doc), weights: Uint8Array.from(order, (o) => o.w), flags: Uint8Array.from(order, (o) => o.f) });
    raw.delete(term);
  }
  return { terms, docs: n };
}

/** Shard files: path under the version folder -> gzip bytes. */
function shards(terms: Map<string, Postings>): { files: Map<string, Uint8Array>; first: string; lens: number[] } {
  const sorted = [...terms.keys()].sort();
  const full = new Map<string, string[]>();
  const top = new Map<string, string[]>();
  for (const term of sorted) {
    const chars = Array.from(term);
    if (chars.length >= SHARD_PREFIX) {
      const key = prefixOf(term, SHARD_PREFIX);
      let list = full.get(key);
      if (!list) full.set(key, (list = []));
      list.push(term);
    }
    for (let n = 1; n < SHARD_PREFIX && n <= chars.length; n++) {
      const key = chars.slice(0, n).join('');
      let list = top.get(key);
      if (!list) top.set(key, (list = []));
      list.push(term);
    }
  }
  const files = new Map<string, Uint8Array>();
  const write = (file: string, list: string[], next = '') =>
    files.set(
      file,
      gzipSync(
        encodeShard(
          list.map((t) => [t, terms.get(t)!]),
          next,
        ),
        { level: 9 },
      ),
    );
  for (const [key, list] of full) write(`s/${keyFile(key)}.bin`, list);
  // What follows a top shard's key: the longer top shards (after one character) or the full shards (after two).
  const following = new Map<string, Set<string>>();
  for (const k of [...top.keys(), ...full.keys()]) {
    const chars = Array.from(k);
    if (chars.length < 2) continue;
    const head = chars.slice(0, -1).join('');
    let set = following.get(head);
    if (!set) following.set(head, (set = new Set()));
    set.add(chars.at(-1)!);
  }
  for (const [key, list] of top) {
    // The word typed so far, if it is a word itself, then the commonest words it begins.
    const best = list
      .filter((t) => t !== key)
      .sort((a, b) => terms.get(b)!.docs.length - terms.get(a)!.docs.length || (a < b ? -1 : 1))
      .slice(0, TOP_TERMS - (terms.has(key) ? 1 : 0));
    write(`t/${keyFile(key)}.bin`, [...(terms.has(key) ? [key] : []), ...best].sort(), [...(following.get(key) ?? [])].sort().join(''));
  }
  // Term lists by length, commonest first, for correcting typos.
  const byLength = new Map<number, string[]>();
  for (const term of sorted) {
    const n = Array.from(term).length;
    let list = byLength.get(n);
    if (!list) byLength.set(n, (list = []));
    list.push(term);
  }
  for (const [n, list] of byLength) {
    list.sort((a, b) => terms.get(b)!.docs.length - terms.get(a)!.docs.length || (a < b ? -1 : 1));
    files.set(`w/${n}.bin`, gzipSync(new TextEncoder().encode(list.join('\n')), { level: 9 }));
  }
  return {
    files,
    first: [...top.keys()]
      .filter((k) => Array.from(k).length === 1)
      .sort()
      .join(''),
    lens: [...byLength.keys()].sort((a, b) => a - b),
  };
}

/** A section's text cut to what an excerpt can show, at a word boundary. */
function excerptSource(text: string): string {
  if (text.length <= EXCERPT_SOURCE) return text;
  const cut = text.slice(0, EXCERPT_SOURCE);
  const space = cut.lastIndexOf(' ');
  return space > EXCERPT_SOURCE / 2 ? cut.slice(0, space) : cut;
}

/**
 * Indexes `pages` and writes `<outDir>/search/`, replacing any previous index;
 * through `writer` when given (the build's, rooted at `outDir`), else its own.
 * `ms` is the time spent indexing and writing it.
 */
export function writeSearchIndex(outDir: string, pages: ReadonlyArray<SearchPage>, writer?: FileWriter, options: SearchIndexOptions = {}): { pages: number; version: string; ms: number } {
  const started = performance.now();
  const target = path.join(outDir, 'search');
  rmSync(target, { recursive: true, force: true });
  // Written into a temporary folder, named by the hash of everything in it once complete.
  const tmp = path.join(target, `tmp-${process.pid}`);
  for (const sub of ['s', 't', 'd', 'w']) mkdirSync(path.join(tmp, sub), { recursive: true });
  const out = writer ?? new FileWriter(outDir);
  const inTmp = path.relative(outDir, tmp);
  const hash = createHash('sha256');
  pages.forEach((p, doc) => {
    // Sections past EXCERPT_SECTIONS, and text past EXCERPT_SOURCE, are in the index but not shown.
    const f: SearchFragment = { p: p.path, t: p.title, s: p.sections.slice(0, EXCERPT_SECTIONS).map((s) => [s.slug, s.title, excerptSource(s.text)]) };
    const text = JSON.stringify(f);
    hash.update(`${doc}\0${text}\0`);
    out.write(path.join(inTmp, 'd', `${doc}.json`), text);
  });
  const { terms } = invert(pages);
  const { first, lens, files } = shards(terms);
  terms.clear();
  for (const [file, bytes] of [...files].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    hash.update(file).update(bytes);
    out.write(path.join(inTmp, file), bytes);
  }
  const ms = performance.now() - started;
  const version = hash.digest('hex').slice(0, 12);
  renameSync(tmp, path.join(target, version));
  const syn = (options.synonyms ?? []).map((group) => group.map((member) => words(foldText(member)))).filter((g) => g.filter((m) => m.length > 0).length >= 2);
  // Checked with the browser's own schema: an entry file the engine would reject is a build error, not a broken search box.
  const meta = SearchMeta.parse({ v: version, docs: pages.length, first, lens, syn });
  // The entry file last, by rename: it only ever names a complete version folder.
  writeFileSync(path.join(target, 'index.json.tmp'), JSON.stringify(meta));
  renameSync(path.join(target, 'index.json.tmp'), path.join(target, 'index.json'));
  return { pages: pages.length, version, ms };
}
