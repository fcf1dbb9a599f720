/**
 * How the local engine scores pages: each query word's pages from its shard
 * postings (BM25 weights, weighed up in the title and headings), and the best
 * pages for the whole query. Pure functions over decoded shards; what to load
 * and when is the engine's (local-engine.ts).
 */
import { IN_HEADING, IN_TITLE, MAX_WEIGHT, SECTION_MASK, termOf, type Postings, type Shard } from '../shared/search-index.ts';

/** A word matched by a longer term it begins (typing "mon" finds "monitor") weighs this much of an exact match. */
const PREFIX_FACTOR = 0.8;
/** A word matched through a synonym weighs this much. */
export const SYNONYM_FACTOR = 0.85;
/** A corrected word (one typo, two typos) weighs this much: below any exact match of the same page. */
export const FUZZY_FACTOR = [1, 0.45, 0.3];
/** Extra weight of a word found in the page title, or in a heading. */
const TITLE_BOOST = 2.5;
const HEADING_BOOST = 1.5;
/** Extra weight when every word is in the title, and when all are in one section. */
const ALL_IN_TITLE = 2;
const SAME_SECTION = 1.4;

/** How a page matched one query word. */
export interface Hit {
  s: number;
  flags: number;
}
/** Per page, how it matched a query word. */
export type WordHits = Map<number, Hit>;

export function addPostings(out: WordHits, p: Postings, factor: number): void {
  const idf = (p.idf / 1000) * factor;
  for (let i = 0; i < p.docs.length; i++) {
    const flags = p.flags[i]!;
    const boost = flags & IN_TITLE ? TITLE_BOOST : flags & IN_HEADING ? HEADING_BOOST : 1;
    const s = (idf * p.weights[i]! * boost) / MAX_WEIGHT;
    const doc = p.docs[i]!;
    const had = out.get(doc);
    if (had === undefined) out.set(doc, { s, flags });
    else {
      if (s > had.s) had.s = s;
      had.flags |= flags;
    }
  }
}

/**
 * Per page, the best match of query word `word` in `shard`: its stem exactly,
 * and, for the word being typed (`prefix`), any term it begins or that it
 * begins with a suffix left to type ("monitori" meets "monitor").
 */
export function scoresOf(word: string, shard: Shard, prefix = false): WordHits {
  return matchOf(word, shard, prefix).hits;
}

/** English suffixes a word being typed may be partway through ("monitori" on its way to "monitoring"). */
const SUFFIXES =
  's es ed ing er ers est ly ion ions ation ations ment ments ness able ible al ally ity ities ive ize ized izes ise ised ful less ance ence ant ent or ors y ies ied ic ics ical ist ism ure age ery ory ary ous ial'.split(
    ' ',
  );

/** True when `rest`, what a typed word has after `term`, is the start of a suffix (after a doubled last letter: "runnin"). */
function suffixStart(term: string, rest: string): boolean {
  const starts = (r: string) => r.length > 0 && SUFFIXES.some((x) => x.startsWith(r));
  return starts(rest) || (rest.length > 1 && rest[0] === term.at(-1) && starts(rest.slice(1)));
}

/** How a query word met a shard: its pages, and how it met them. */
export interface WordMatch {
  hits: WordHits;
  /**
   * It met its own term, or, being typed, a longer term it begins, or a
   * shorter one it goes on from with the start of a suffix ("monitor" for
   * "monitori").
   */
  asTyped: boolean;
  /** The shorter terms it begins with, a suffix or not ("dev" for "devce"). */
  shorter: string[];
}

/**
 * `scoresOf`, saying how the word met its pages. A word that met only
 * shorter terms may be a typo that begins like one ("devce" begins with
 * "dev"): the engine then looks for a correction as well.
 */
export function matchOf(word: string, shard: Shard, prefix = false): WordMatch {
  const out: WordHits = new Map();
  const stem = termOf(word);
  const exact = shard.terms.get(stem) ?? shard.terms.get(word);
  if (exact) addPostings(out, exact, 1);
  let longer = false;
  const shorter: string[] = [];
  if (prefix) {
    for (const [term, p] of shard.terms) {
      if (term === stem || term === word) continue;
      if (term.startsWith(word)) {
        longer = true;
        addPostings(out, p, PREFIX_FACTOR * (0.5 + (0.5 * word.length) / term.length));
      } else if (word.startsWith(term) && term.length >= 3 && word.length - term.length <= 3) {
        shorter.push(term);
        addPostings(out, p, PREFIX_FACTOR);
      }
    }
  }
  return { hits: out, asTyped: exact !== undefined || longer || shorter.some((t) => suffixStart(t, word.slice(t.length))), shorter };
}

/**
 * The `n` words `word` most likely becomes with one more letter: the
 * letters that lead to the words of `shard` found on the most pages, each
 * only when it leads to at least `minShare` of all of them.
 */
export function likelyNext(word: string, shard: Shard, n: number, minShare = 0): string[] {
  const weight = new Map<string, number>();
  for (const [term, p] of shard.terms) {
    if (term.length <= word.length || !term.startsWith(word)) continue;
    const next = String.fromCodePoint(term.codePointAt(word.length)!);
    weight.set(next, (weight.get(next) ?? 0) + p.docs.length);
  }
  let total = 0;
  for (const w of weight.values()) total += w;
  return [...weight]
    .filter(([, w]) => w >= total * minShare)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([next]) => word + next);
}

/** True when page `a` (with score `sa`) ranks before page `b`: higher score first, then lower page number. */
const before = (sa: number, a: number, sb: number, b: number) => sa > sb || (sa === sb && a < b);

/**
 * The `limit` best pages for the query's slots (one map per slot: a word, or a
 * phrase and its synonyms). A page's score is the sum of its slots' scores,
 * times the square of the share of the query's weight (idf) it matches, so
 * pages matching every word come before pages matching some; then weighed up
 * when every slot is in its title, or all share a section.
 */
export function rank(perSlot: ReadonlyArray<WordHits>, limit: number, slotWeights?: ReadonlyArray<number>): Array<{ doc: number; score: number }> {
  if (perSlot.length === 0 || limit <= 0) return [];
  const weights = slotWeights ?? perSlot.map(() => 1);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const pages = new Map<number, { s: number; w: number; n: number; title: number; sections: number }>();
  perSlot.forEach((m, i) => {
    for (const [doc, h] of m) {
      let p = pages.get(doc);
      if (!p) pages.set(doc, (p = { s: 0, w: 0, n: 0, title: 0, sections: SECTION_MASK }));
      p.s += h.s;
      p.w += weights[i]!;
      p.n++;
      if (h.flags & IN_TITLE) p.title++;
      p.sections &= h.flags;
    }
  });
  const many = perSlot.length > 1;
  const docs: number[] = [];
  const scores: number[] = [];
  for (const [doc, p] of pages) {
    const share = p.w / total;
    let s = p.s * share * share;
    if (p.n === perSlot.length) {
      if (p.title === p.n) s *= ALL_IN_TITLE;
      if (many && (p.sections & SECTION_MASK) !== 0) s *= SAME_SECTION;
    }
    // Kept sorted best first; a page enters only if it beats the last kept one.
    const n = docs.length;
    if (n === limit && !before(s, doc, scores[n - 1]!, docs[n - 1]!)) continue;
    let i = n === limit ? n - 1 : n;
    while (i > 0 && before(s, doc, scores[i - 1]!, docs[i - 1]!)) {
      docs[i] = docs[i - 1]!;
      scores[i] = scores[i - 1]!;
      i--;
    }
    docs[i] = doc;
    scores[i] = s;
  }
  return docs.map((doc, i) => ({ doc, score: scores[i]! }));
}

/** Scores of a slot's alternative: a phrase's pages match every word of it (the sum), or else half its best word. */
export function altHits(per: ReadonlyArray<WordHits>): WordHits {
  if (per.length === 1) return per[0]!;
  const out: WordHits = new Map();
  const count = new Map<number, number>();
  for (const m of per)
    for (const [doc, h] of m) {
      const had = out.get(doc);
      count.set(doc, (count.get(doc) ?? 0) + 1);
      if (!had) out.set(doc, { s: h.s, flags: h.flags });
      else {
        had.s += h.s;
        had.flags &= h.flags | ~SECTION_MASK;
        had.flags = (had.flags & ~(IN_TITLE | IN_HEADING)) | (had.flags & h.flags & (IN_TITLE | IN_HEADING));
      }
    }
  for (const [doc, h] of out) if (count.get(doc)! < per.length) h.s *= 0.5 / per.length;
  return out;
}
