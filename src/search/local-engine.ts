/**
 * Local search over the index the build writes (src/shared/search-index.ts).
 *
 * A query is read as words (the last one possibly half typed); a word that
 * belongs to a synonym group of the site config is looked for in every
 * member of its group. Each word is matched by its stem (`termOf`, the same
 * stemmer as the build), the last word also as a prefix, and a word no
 * indexed term matches is corrected against the term lists of the lengths
 * one or two typos can reach (then "Did you mean" offers the correction).
 * Pages are ranked by their words' BM25 weights, weighed up for matches in
 * the title and headings, for matching every word, and for words in the
 * same section; a page whose title is the whole query comes first.
 * Excerpts come from the page fragments, which hold only the opening of each
 * section. Every file read is checked (zod, shard format), and every request
 * has a timeout.
 *
 * A keystroke whose files are all loaded is answered at once (`searchNow`),
 * so the box can show it in the same frame. After each answer, `prefetch`
 * loads what the likeliest next letters will need.
 */
import { clipExcerpt, EXCERPT_MAX } from './excerpt.ts';
import { Lru } from './lru.ts';
import { MAX_GROUPS, MAX_HITS_PER_GROUP, type ExcerptPart, type SearchEngine, type SearchGroup, type SearchHit } from './engine.ts';
import {
  decodeShard,
  editDistance,
  foldText,
  fragmentUrl,
  IN_HEADING,
  IN_TITLE,
  SECTION_MASK,
  termListUrl,
  termOf,
  typosAllowed,
  type Postings,
  MAX_WEIGHT,
  SEARCH_BASE,
  SHARD_PREFIX,
  shardFor,
  shardUrl,
  words,
  SearchFragment,
  SearchMeta,
  SearchTermList,
  type Shard,
} from '../shared/search-index.ts';

/** A word matched by a longer term it begins (typing "mon" finds "monitor") weighs this much of an exact match. */
const PREFIX_FACTOR = 0.8;
/** A word matched through a synonym weighs this much. */
const SYNONYM_FACTOR = 0.85;
/** A corrected word (one typo, two typos) weighs this much: below any exact match of the same page. */
const FUZZY_FACTOR = [1, 0.45, 0.3];
/** Corrections kept per misspelt word. */
const CORRECTIONS = 3;
/** Extra weight of a word found in the page title, or in a heading. */
const TITLE_BOOST = 2.5;
const HEADING_BOOST = 1.5;
/** Extra weight when every word is in the title, and when all are in one section. */
const ALL_IN_TITLE = 2;
const SAME_SECTION = 1.4;
/** Heading words count this much more than body words when ordering a page's sections. */
const HEADING_BONUS = 3;
/** Next letters guessed after each answer (the commonest ways the last word goes on). */
const PREFETCH_LETTERS = 2;
/** Query words whose page scores are kept (a query being typed reuses its earlier words'). */
const SCORES_KEPT = 32;
/** Recent queries whose "Did you mean" suggestion is kept. */
const SUGGESTIONS_KEPT = 64;
/** A request for an index file that takes longer than this is given up. */
export const FETCH_TIMEOUT_MS = 10_000;

/** A failed request for an index file; `status` 404 may mean that a newer deploy replaced the index. */
export class SearchFetchError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`Search index file ${url} answered ${status}.`);
    this.name = 'SearchFetchError';
  }
}

/** A file of the index that arrived but is broken (truncated, malformed, of another format). */
export class SearchIndexError extends Error {
  constructor(
    readonly url: string,
    detail: string,
  ) {
    super(`The search index is damaged (${url.split('/').slice(-2).join('/')}: ${detail}). Reload the page to try again.`);
    this.name = 'SearchIndexError';
  }
}

async function get(url: string, signal?: AbortSignal): Promise<Response> {
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  const res = await fetch(url, { credentials: 'same-origin', signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  if (!res.ok) throw new SearchFetchError(url, res.status);
  return res;
}

/** Inflates a gzip body with the browser's own decompressor. */
async function gunzip(url: string, res: Response): Promise<Uint8Array> {
  try {
    const stream = res.body!.pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (e) {
    if (e instanceof DOMException && (e.name === 'AbortError' || e.name === 'TimeoutError')) throw e;
    throw new SearchIndexError(url, 'not a complete gzip file');
  }
}

/** Reads a JSON file of the index and checks it against `schema`. */
async function getJson<T>(url: string, schema: { safeParse(x: unknown): { success: true; data: T } | { success: false } }, signal?: AbortSignal): Promise<T> {
  const res = await get(url, signal);
  let json: unknown;
  try {
    json = await res.json();
  } catch (e) {
    if (e instanceof DOMException && (e.name === 'AbortError' || e.name === 'TimeoutError')) throw e;
    throw new SearchIndexError(url, 'not valid JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new SearchIndexError(url, 'unexpected content');
  return parsed.data;
}

/** How a page matched one query word. */
interface Hit {
  s: number;
  flags: number;
}
/** Per page, how it matched a query word. */
type WordHits = Map<number, Hit>;

function addPostings(out: WordHits, p: Postings, factor: number): void {
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
  const out: WordHits = new Map();
  const stem = termOf(word);
  const exact = shard.terms.get(stem) ?? shard.terms.get(word);
  if (exact) addPostings(out, exact, 1);
  if (prefix) {
    for (const [term, p] of shard.terms) {
      if (term === stem || term === word) continue;
      if (term.startsWith(word)) addPostings(out, p, PREFIX_FACTOR * (0.5 + (0.5 * word.length) / term.length));
      else if (word.startsWith(term) && term.length >= 3 && word.length - term.length <= 3) addPostings(out, p, PREFIX_FACTOR);
    }
  }
  return out;
}

/**
 * The `n` words `word` most likely becomes with one more letter: the
 * letters that lead to the words of `shard` found on the most pages.
 */
export function likelyNext(word: string, shard: Shard, n: number): string[] {
  const weight = new Map<string, number>();
  for (const [term, p] of shard.terms) {
    if (term.length <= word.length || !term.startsWith(word)) continue;
    const next = String.fromCodePoint(term.codePointAt(word.length)!);
    weight.set(next, (weight.get(next) ?? 0) + p.docs.length);
  }
  return [...weight]
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

/**
 * One character at a time, lower case and without accents, keeping the
 * string's length so that match positions point into the original text.
 */
function foldSameLength(s: string): string {
  const lower = s.toLowerCase();
  let out = lower;
  if (lower.length !== s.length) {
    // A rare letter whose lower case is longer (İ): fold that text one character at a time.
    out = '';
    for (const ch of s) out += ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch;
  }
  // Only non-ASCII characters can carry accents; most text has none, and is done here.
  return NON_ASCII.test(out)
    ? out.replace(NON_ASCII_ALL, (ch) => {
        const f = foldText(ch);
        return f.length === ch.length ? f : ch;
      })
    : out;
}

// eslint-disable-next-line no-control-regex -- the ASCII range, control characters included, is what these leave out.
const NON_ASCII = /[^\x00-\x7f]/;
// eslint-disable-next-line no-control-regex -- as above.
const NON_ASCII_ALL = /[^\x00-\x7f]/g;
/** A word as the index sees one: a run of letters and digits. */
const WORD_RUN = /[\p{L}\p{N}]+/gu;

/**
 * The words of a text, found once: where each starts and each folded (the
 * same length as written); and its distinct words in order, each with how
 * many times and from which word on it occurs, to find the words a query
 * word begins by binary search.
 */
interface TextWords {
  at: number[];
  folded: string[];
  distinct: string[];
  count: number[];
  first: number[];
}

function textWords(text: string, folded = foldSameLength(text)): TextWords {
  const at: number[] = [];
  const found: string[] = [];
  const seen = new Map<string, { count: number; first: number }>();
  for (const m of folded.matchAll(WORD_RUN)) {
    const s = seen.get(m[0]);
    if (s) s.count++;
    else seen.set(m[0], { count: 1, first: found.length });
    at.push(m.index);
    found.push(m[0]);
  }
  const distinct = [...seen.keys()].sort();
  return { at, folded: found, distinct, count: distinct.map((w) => seen.get(w)!.count), first: distinct.map((w) => seen.get(w)!.first) };
}

/** Calls `fn` with the index (in `t.distinct`) of each distinct word that begins with a query word, once per word. */
function eachMatch(t: TextWords, query: ReadonlyArray<string>, fn: (i: number) => void): void {
  const done = query.length > 1 ? new Set<number>() : undefined;
  for (const q of query) {
    let lo = 0;
    let hi = t.distinct.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (t.distinct[mid]! < q) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < t.distinct.length && t.distinct[i]!.startsWith(q); i++) {
      if (done) {
        if (done.has(i)) continue;
        done.add(i);
      }
      fn(i);
    }
  }
}

/** True when `word` begins with one of the query words. */
function begins(word: string, query: ReadonlyArray<string>): boolean {
  for (const q of query) if (word.startsWith(q)) return true;
  return false;
}

/** The index (in `t.at`) of the first word that begins with a query word, or -1. */
function firstMatch(t: TextWords, query: ReadonlyArray<string>): number {
  let first = -1;
  eachMatch(t, query, (i) => {
    if (first < 0 || t.first[i]! < first) first = t.first[i]!;
  });
  return first;
}

/**
 * Runs of `text` with the words that begin with a query word marked. With
 * `span`, words are marked only up to `span` characters after the first
 * match (all an excerpt of that length can show); the text is whole.
 */
function markRuns(text: string, t: TextWords, query: ReadonlyArray<string>, span = Infinity): { parts: ExcerptPart[]; count: number } {
  const parts: ExcerptPart[] = [];
  let count = 0;
  let at = 0;
  const from = query.length > 0 ? firstMatch(t, query) : -1;
  if (from >= 0) {
    const end = t.at[from]! + span;
    for (let k = from; k < t.at.length && t.at[k]! < end; k++) {
      const start = t.at[k]!;
      const word = t.folded[k]!;
      if (!begins(word, query)) continue;
      if (start > at) parts.push({ text: text.slice(at, start), mark: false });
      parts.push({ text: text.slice(start, start + word.length), mark: true });
      at = start + word.length;
      count++;
    }
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return { parts, count };
}

/**
 * Runs of `text` with the words that begin with a query word marked; also
 * how many were marked. `folded` is the text folded to the same length
 * (computed when not given).
 */
export function markMatches(text: string, query: ReadonlyArray<string>, folded: string = foldSameLength(text)): { parts: ExcerptPart[]; count: number } {
  return markRuns(text, textWords(text, folded), query);
}

/** Each section's heading and text words, per page text, found on first use. */
const sectionWords = new WeakMap<SearchFragment, Array<{ title: TextWords; text: TextWords }>>();

function wordsOf(f: SearchFragment): Array<{ title: TextWords; text: TextWords }> {
  let found = sectionWords.get(f);
  if (!found) sectionWords.set(f, (found = f.s.map(([, title, text]) => ({ title: textWords(title), text: textWords(text) }))));
  return found;
}

/** Each page text's last group, and which of its words that group marked: typing on in a word often matches the same words. */
const lastGroups = new WeakMap<SearchFragment, { matched: string; group: SearchGroup }>();

/**
 * A page's result group: its sections where the query words occur, best
 * first. The same words matched as for the page's last group give that
 * group again (the same object), so nothing is made twice.
 */
export function groupOf(f: SearchFragment, query: ReadonlyArray<string>): SearchGroup {
  const found = wordsOf(f);
  let matched = '';
  const scored = f.s.map(([slug, title, text], i) => {
    let score = 0;
    const { title: inTitle, text: inText } = found[i]!;
    eachMatch(inTitle, query, (w) => {
      score += inTitle.count[w]! * HEADING_BONUS;
      matched += `${i}h${w},`;
    });
    eachMatch(inText, query, (w) => {
      score += inText.count[w]!;
      matched += `${i}t${w},`;
    });
    return { i, slug, title, text, score };
  });
  const last = lastGroups.get(f);
  if (last?.matched === matched) return last.group;
  const best = scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || a.i - b.i);
  const hit = (s: (typeof scored)[number]): SearchHit => ({
    url: s.slug ? `${f.p}#${s.slug}` : f.p,
    title: s.title || f.t,
    // Marks past the excerpt's reach would be cut off: only the first ones are made.
    excerpt: clipExcerpt(markRuns(s.text, found[s.i]!.text, query, EXCERPT_MAX).parts),
  });
  const hits = best.length > 0 ? best.slice(0, MAX_HITS_PER_GROUP).map(hit) : scored.length > 0 ? [hit(scored[0]!)] : [{ url: f.p, title: f.t, excerpt: [] }];
  const group = { path: f.p, title: f.t, hits };
  lastGroups.set(f, { matched, group });
  return group;
}

/** A load in progress or done; `value` is there once it has arrived. */
interface Entry<V> {
  promise: Promise<V>;
  value?: V;
}

/** One place of the query: a word, or a phrase of a synonym group with the group's other members. */
export interface Slot {
  /** Alternatives, the words as typed first; each a list of words. */
  alts: string[][];
  /** True for the word being typed (the query's last, not followed by a space): matched as a prefix too. */
  prefix: boolean;
}

/** True when `words` holds `phrase` at `at`. */
const holds = (ws: ReadonlyArray<string>, phrase: ReadonlyArray<string>, at: number) => phrase.length > 0 && phrase.every((w, i) => ws[at + i] === w || termOf(ws[at + i] ?? '') === termOf(w));

/**
 * The query's slots: its words in order (repeats dropped), a run of words
 * that is a member of a synonym group (`syn`) becoming one slot with the
 * group's members as alternatives.
 */
export function slotsOf(query: string, syn: ReadonlyArray<ReadonlyArray<ReadonlyArray<string>>>): Slot[] {
  const ws = words(query);
  const typing = /[\p{L}\p{N}]$/u.test(query);
  const slots: Slot[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < ws.length;) {
    let best: { len: number; group: ReadonlyArray<ReadonlyArray<string>>; member: ReadonlyArray<string> } | undefined;
    for (const group of syn) for (const member of group) if (member.length > (best?.len ?? 0) && holds(ws, member, i)) best = { len: member.length, group, member };
    const last = i + (best?.len ?? 1) >= ws.length;
    if (best && !(last && typing && best.len === 1 && ws[i] !== best.member[0])) {
      const typed = ws.slice(i, i + best.len);
      slots.push({ alts: [typed, ...best.group.filter((m) => m !== best.member && m.length > 0).map((m) => [...m])], prefix: false });
      i += best.len;
      continue;
    }
    const w = ws[i]!;
    if (!seen.has(w)) {
      seen.add(w);
      slots.push({ alts: [[w]], prefix: last && typing });
    }
    i++;
  }
  return slots;
}

/** The words of a query as the box should mark them in excerpts (typed, stems, corrections and synonyms). */
function markWords(slots: ReadonlyArray<Slot>, corrections: ReadonlyMap<string, string[]>): string[] {
  const out = new Set<string>();
  for (const slot of slots)
    for (const alt of slot.alts)
      for (const w of alt) {
        out.add(w);
        const t = termOf(w);
        if (t.length >= 3) out.add(t);
        for (const c of corrections.get(w) ?? []) if (c.length >= 3) out.add(c);
      }
  return [...out];
}

/** Loads the index's entry file and answers queries from its shards. */
export async function createLocalEngine(base = SEARCH_BASE): Promise<SearchEngine> {
  const loadMeta = (): Promise<SearchMeta> => getJson(`${base}index.json`, SearchMeta);
  let meta = await loadMeta();
  let shards = new Map<string, Entry<Shard>>();
  let fragments = new Map<number, Entry<SearchFragment>>();
  let termLists = new Map<number, Entry<string[]>>();
  const scoreCache = new Lru<string, { shard: Shard; scores: WordHits }>(SCORES_KEPT);
  /** Corrections found per misspelt word (term, distance), per version. */
  let corrected = new Map<string, Array<{ term: string; d: number }>>();
  /** The suggestion for each recent query ("Did you mean"). */
  const suggestions = new Lru<string, string | undefined>(SUGGESTIONS_KEPT);
  /** Bumped by every query: a guess made for an older one stops. */
  let generation = 0;

  // A failed load is forgotten, so the next keystroke tries again.
  const cached = <K, V>(cache: Map<K, Entry<V>>, key: K, load: () => Promise<V>): Promise<V> => {
    let e = cache.get(key);
    if (!e) {
      const entry: Entry<V> = { promise: load() };
      cache.set(key, entry);
      entry.promise.then(
        (v) => (entry.value = v),
        () => cache.get(key) === entry && cache.delete(key),
      );
      e = entry;
    }
    return e.promise;
  };

  const EMPTY: Shard = { terms: new Map(), next: '' };
  type Where = { kind: 't' | 's'; key: string };
  const load = (where: Where) => {
    const url = shardUrl(meta.v, where, base);
    return cached(shards, url, async () => {
      const bytes = await gunzip(url, await get(url));
      try {
        return decodeShard(bytes);
      } catch (e) {
        throw new SearchIndexError(url, e instanceof Error ? e.message : 'malformed');
      }
    });
  };
  const loadedShard = (where: Where) => shards.get(shardUrl(meta.v, where, base))?.value;

  /**
   * The shard for a query word, or the next file on the way to it that is
   * not loaded yet. Each top shard says which longer shards exist, so a word
   * no indexed word begins costs no request (and no 404).
   */
  const locate = (word: string): { shard: Shard } | { need: Where } => {
    const chars = Array.from(word);
    if (!meta.first.includes(chars[0]!)) return { shard: EMPTY };
    let where: Where = { kind: 't', key: chars[0]! };
    let top = loadedShard(where);
    if (!top) return { need: where };
    for (let n = 2; n <= Math.min(chars.length, SHARD_PREFIX); n++) {
      if (!top.next.includes(chars[n - 1]!)) return { shard: EMPTY };
      where = shardFor(chars.slice(0, n).join(''));
      const s = loadedShard(where);
      if (!s) return { need: where };
      if (where.kind === 's') return { shard: s };
      top = s;
    }
    return { shard: top };
  };

  const shardOf = async (word: string): Promise<Shard> => {
    for (;;) {
      const step = locate(word);
      if ('shard' in step) return step.shard;
      await load(step.need);
    }
  };

  const scoresFor = (word: string, shard: Shard, prefix: boolean): WordHits => {
    const key = `${prefix ? '>' : '='}${word}`;
    const kept = scoreCache.get(key);
    if (kept?.shard === shard) return kept.scores;
    const scores = scoresOf(word, shard, prefix);
    scoreCache.set(key, { shard, scores });
    return scores;
  };

  const fragmentOf = (doc: number) => cached(fragments, doc, () => getJson(fragmentUrl(meta.v, doc, base), SearchFragment));
  const termList = (n: number) =>
    cached(termLists, n, async () => {
      const url = termListUrl(meta.v, n, base);
      const text = new TextDecoder().decode(await gunzip(url, await get(url)));
      const parsed = SearchTermList.safeParse(text.split('\n'));
      if (!parsed.success) throw new SearchIndexError(url, 'unexpected content');
      return parsed.data;
    });

  /** Term lengths a word of `word`'s length, or its stem's, can reach with its typos. */
  const lengthsFor = (word: string): number[] => {
    const k = typosAllowed(Array.from(word).length);
    const out = new Set<number>();
    for (const form of new Set([word, termOf(word)])) {
      const n = Array.from(form).length;
      for (let l = n - k; l <= n + k; l++) if (meta.lens.includes(l)) out.add(l);
    }
    return [...out].sort((a, b) => a - b);
  };

  /** The closest terms to a misspelt word (from the term lists): fewest typos first, then the commonest. */
  const correct = async (word: string): Promise<Array<{ term: string; d: number }>> => {
    const known = corrected.get(word);
    if (known) return known;
    const k = typosAllowed(Array.from(word).length);
    if (k === 0) return [];
    const stem = termOf(word);
    const lists = await Promise.all(lengthsFor(word).map(termList));
    const found: Array<{ term: string; d: number; rank: number }> = [];
    for (const list of lists)
      list.forEach((term, rank) => {
        const d = Math.min(editDistance(word, term, k), editDistance(stem, term, k));
        if (d <= k) found.push({ term, d, rank });
      });
    const best = found
      .sort((a, b) => a.d - b.d || a.rank - b.rank)
      .slice(0, CORRECTIONS)
      .map(({ term, d }) => ({ term, d }));
    corrected.set(word, best);
    return best;
  };

  /** True when `word` matches nothing as typed (so it is corrected). */
  const unmatched = (hits: WordHits) => hits.size === 0;

  /**
   * One word's page hits from loaded files, or undefined when a file is
   * missing; `fuzzy` lists the corrections used.
   */
  const wordNow = (word: string, prefix: boolean): { hits: WordHits; fuzzy: string[] } | undefined => {
    const step = locate(word);
    if (!('shard' in step)) return undefined;
    const hits = scoresFor(word, step.shard, prefix);
    if (!unmatched(hits) || typosAllowed(Array.from(word).length) === 0) return { hits, fuzzy: [] };
    const fixes = corrected.get(word);
    if (!fixes) return undefined;
    const out: WordHits = new Map();
    for (const { term, d } of fixes) {
      const at = locate(term);
      if (!('shard' in at)) return undefined;
      const p = at.shard.terms.get(term);
      if (p) addPostings(out, p, FUZZY_FACTOR[d]!);
    }
    return { hits: out, fuzzy: fixes.map((f) => f.term) };
  };

  /** Loads what `wordNow(word)` needs. */
  const loadWord = async (word: string, prefix: boolean): Promise<void> => {
    const shard = await shardOf(word);
    const hits = scoresFor(word, shard, prefix);
    if (!unmatched(hits) || typosAllowed(Array.from(word).length) === 0) return;
    const fixes = await correct(word);
    await Promise.all(fixes.map((f) => shardOf(f.term)));
  };

  /** Scores of a slot's alternative: a phrase's pages match every word of it (the sum), or else half its best word. */
  const altHits = (per: ReadonlyArray<WordHits>): WordHits => {
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
  };

  /** Everything a query needs from loaded files, or undefined when something is missing. */
  const evaluate = (slots: ReadonlyArray<Slot>): { perSlot: WordHits[]; weights: number[]; corrections: Map<string, string[]> } | undefined => {
    const perSlot: WordHits[] = [];
    const weights: number[] = [];
    const corrections = new Map<string, string[]>();
    for (const slot of slots) {
      const merged: WordHits = new Map();
      let weight = 0;
      for (let a = 0; a < slot.alts.length; a++) {
        const alt = slot.alts[a]!;
        const per: WordHits[] = [];
        for (let i = 0; i < alt.length; i++) {
          const w = alt[i]!;
          const r = wordNow(w, slot.prefix && a === 0 && i === alt.length - 1);
          if (!r) return undefined;
          if (r.fuzzy.length > 0 && a === 0) corrections.set(w, r.fuzzy);
          per.push(r.hits);
        }
        const hits = altHits(per);
        const factor = a === 0 ? 1 : SYNONYM_FACTOR;
        for (const [doc, h] of hits) {
          const s = h.s * factor;
          const had = merged.get(doc);
          if (!had || s > had.s) merged.set(doc, { s, flags: h.flags });
        }
        if (a === 0) weight = Math.max(0.2, ...alt.map((w) => idfOf(w)));
      }
      perSlot.push(merged);
      weights.push(weight);
    }
    return { perSlot, weights, corrections };
  };

  /** A word's weight in the query: the idf of its exact term (common words weigh little), 1 when unknown. */
  const idfOf = (word: string): number => {
    const step = locate(word);
    if (!('shard' in step)) return 1;
    const p: Postings | undefined = step.shard.terms.get(termOf(word)) ?? step.shard.terms.get(word);
    return p ? p.idf / 1000 : 1;
  };

  const loadSlots = async (slots: ReadonlyArray<Slot>) => {
    await Promise.all(slots.flatMap((slot) => slot.alts.flatMap((alt, a) => alt.map((w, i) => loadWord(w, slot.prefix && a === 0 && i === alt.length - 1)))));
  };

  /** True when `title`'s words are the query's words (stems compared). */
  const titleIsQuery = (title: string, slots: ReadonlyArray<Slot>): boolean => {
    const t = words(title).map(termOf).join(' ');
    return slots.length > 0 && t === slots.map((s) => s.alts[0]!.map(termOf).join(' ')).join(' ');
  };

  /** The page groups, best first, once the texts of the ranked pages are there; records the query's suggestion. */
  const finish = (
    query: string,
    slots: ReadonlyArray<Slot>,
    ranked: ReadonlyArray<{ doc: number; score: number }>,
    texts: ReadonlyArray<SearchFragment>,
    corrections: Map<string, string[]>,
  ): SearchGroup[] => {
    const order = ranked.map((r, i) => ({ f: texts[i]!, score: r.score * (titleIsQuery(texts[i]!.t, slots) ? 100 : 1), i }));
    order.sort((a, b) => b.score - a.score || a.i - b.i);
    const marks = markWords(slots, corrections);
    remember(
      query,
      corrections,
      order.map((o) => o.f),
    );
    return order.map((o) => groupOf(o.f, marks));
  };

  /**
   * "Did you mean": when a word was corrected, the query with each such word
   * replaced by how the best page writes its correction.
   */
  const remember = (query: string, corrections: Map<string, string[]>, texts: ReadonlyArray<SearchFragment>) => {
    let suggestion: string | undefined;
    if (corrections.size > 0) {
      const written = (term: string): string => {
        for (const f of texts) for (const text of [f.t, ...f.s.flatMap(([, h, t]) => [h, t])]) for (const w of words(text)) if (termOf(w) === term) return w;
        return term;
      };
      suggestion = words(query)
        .map((w) => {
          const c = corrections.get(w);
          return c ? written(c[0]!) : w;
        })
        .join(' ');
      if (suggestion === words(query).join(' ')) suggestion = undefined;
    }
    suggestions.set(query, suggestion);
  };

  /** True when the entry file now names another version (which is then used from here on). */
  const newVersion = async (): Promise<boolean> => {
    const next = await loadMeta();
    if (next.v === meta.v) return false;
    meta = next;
    shards = new Map();
    fragments = new Map();
    termLists = new Map();
    corrected = new Map();
    scoreCache.clear();
    return true;
  };

  /** The answer from loaded files only; undefined when one is missing. */
  const answerNow = (query: string): SearchGroup[] | undefined => {
    const slots = slotsOf(query, meta.syn);
    if (slots.length === 0) return [];
    const e = evaluate(slots);
    if (!e) return undefined;
    const ranked = rank(e.perSlot, MAX_GROUPS, e.weights);
    const texts: SearchFragment[] = [];
    for (const { doc } of ranked) {
      const f = fragments.get(doc)?.value;
      if (!f) return undefined;
      texts.push(f);
    }
    return finish(query, slots, ranked, texts, e.corrections);
  };

  const answer = async (query: string, signal?: AbortSignal, tries = 3): Promise<SearchGroup[]> => {
    const slots = slotsOf(query, meta.syn);
    if (slots.length === 0) return [];
    const version = meta.v;
    await loadSlots(slots);
    signal?.throwIfAborted();
    const e = evaluate(slots);
    if (!e) {
      // Loaded, but dropped again by a new version meanwhile: start over, a few times at most.
      if (tries <= 0) throw new Error('The search index changed while it was read.');
      return answer(query, signal, tries - 1);
    }
    const ranked = rank(e.perSlot, MAX_GROUPS, e.weights);
    const texts = await Promise.all(ranked.map((r) => fragmentOf(r.doc)));
    signal?.throwIfAborted();
    // A deploy seen while this query ran: its page numbers belong to the old index.
    if (version !== meta.v) return answer(query, signal);
    return finish(query, slots, ranked, texts, e.corrections);
  };

  /**
   * Loads, for the likeliest next letters of the last word, the shard and
   * the texts of the pages that query would show, one guess after the
   * other; a newer query stops it. Nothing is guessed after a space.
   */
  const guess = async (query: string, gen: number) => {
    const all = words(query);
    const last = all.at(-1);
    if (last === undefined || !/[\p{L}\p{N}]$/u.test(query)) return;
    const here = locate(last);
    if (!('shard' in here)) return;
    const head = query.slice(0, query.length - last.length);
    for (const next of likelyNext(last, here.shard, PREFETCH_LETTERS)) {
      const q = head + next;
      const slots = slotsOf(q, meta.syn);
      await loadSlots(slots);
      if (gen !== generation) return;
      const e = evaluate(slots);
      if (!e) return;
      const texts = await Promise.all(rank(e.perSlot, MAX_GROUPS, e.weights).map((r) => fragmentOf(r.doc)));
      // Their words are found now, while the reader has not typed on yet: one page per task, so a keystroke waits for one at most.
      for (const f of texts) {
        if (gen !== generation) return;
        if (!sectionWords.has(f)) {
          wordsOf(f);
          await new Promise((r) => setTimeout(r, 0));
        }
      }
    }
  };

  return {
    async search(query, signal) {
      signal?.throwIfAborted();
      generation++;
      const version = meta.v;
      try {
        return await answer(query, signal);
      } catch (e) {
        // A file of the index gone: a new deploy replaced it. Ask once more with the new index.
        if (e instanceof SearchFetchError && e.status === 404 && (meta.v !== version || (await newVersion()))) return answer(query, signal);
        throw e;
      }
    },
    searchNow(query) {
      generation++;
      return answerNow(query);
    },
    suggest(query) {
      return suggestions.get(query);
    },
    prefetch(query) {
      // A failed guess costs nothing: the query itself asks again.
      return guess(query, ++generation).catch(() => undefined);
    },
  };
}
