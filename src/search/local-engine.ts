/**
 * Local search over the index the build writes (src/shared/search-index.ts):
 * each query word fetches one shard (cached, so typing on in the same word
 * costs no request), pages are ranked by their words' BM25 weights, and the
 * shown pages' texts give the headings and excerpts.
 *
 * A keystroke whose files are all loaded is answered at once (`searchNow`),
 * so the box can show it in the same frame. After each answer, `prefetch`
 * loads what the likeliest next letters will need: their shard and the texts
 * of the pages they would show.
 */
import { clipExcerpt, EXCERPT_MAX } from './excerpt.ts';
import { MAX_GROUPS, MAX_HITS_PER_GROUP, type ExcerptPart, type SearchEngine, type SearchGroup, type SearchHit } from './engine.ts';
import {
  decodeShard,
  foldText,
  fragmentUrl,
  MAX_WEIGHT,
  SEARCH_BASE,
  SHARD_PREFIX,
  shardFor,
  shardUrl,
  words,
  type SearchFragment,
  type SearchMeta,
  type Shard,
} from '../shared/search-index.ts';

/** A page that matched a word by a longer word it begins (typing "mon" finds "monitor") weighs this much at most of an exact match. */
const PREFIX_FACTOR = 0.8;
/** Heading words count this much more than body words when ordering a page's sections. */
const HEADING_BONUS = 3;
/** Next letters guessed after each answer (the commonest ways the last word goes on). */
const PREFETCH_LETTERS = 2;
/** Query words whose page scores are kept (a query being typed reuses its earlier words'). */
const SCORES_KEPT = 16;

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

async function get(url: string, signal?: AbortSignal): Promise<Response> {
  const res = await fetch(url, { credentials: 'same-origin', signal: signal ?? null });
  if (!res.ok) throw new SearchFetchError(url, res.status);
  return res;
}

/** Inflates a gzip body with the browser's own decompressor. */
async function gunzip(res: Response): Promise<Uint8Array> {
  const stream = res.body!.pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function isMeta(x: unknown): x is SearchMeta {
  const m = x as SearchMeta;
  return typeof m === 'object' && m !== null && typeof m.v === 'string' && /^[a-z0-9]+$/.test(m.v) && typeof m.docs === 'number' && typeof m.first === 'string';
}

function isFragment(x: unknown): x is SearchFragment {
  const f = x as SearchFragment;
  return typeof f === 'object' && f !== null && typeof f.p === 'string' && typeof f.t === 'string' && Array.isArray(f.s) && f.s.every((s) => Array.isArray(s) && s.length === 3 && s.every((v) => typeof v === 'string'));
}

/** Per page, the best score of any term matching `word` in `shard`. */
function scoresOf(word: string, shard: Shard): Map<number, number> {
  const out = new Map<number, number>();
  for (const [term, p] of shard.terms) {
    if (!term.startsWith(word)) continue;
    const factor = term === word ? 1 : PREFIX_FACTOR * (0.5 + (0.5 * word.length) / term.length);
    const idf = (p.idf / 1000) * factor;
    for (let i = 0; i < p.docs.length; i++) {
      const s = (idf * p.weights[i]!) / MAX_WEIGHT;
      const doc = p.docs[i]!;
      const had = out.get(doc);
      if (had === undefined || s > had) out.set(doc, s);
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
 * The best pages for the query words: pages matching every word, or, when none does, any word.
 * Only the `limit` best are kept while scanning (a common word matches up to 1,000 pages per term).
 */
export function rank(perWord: ReadonlyArray<Map<number, number>>, limit: number): number[] {
  if (perWord.length === 0 || limit <= 0) return [];
  let total = perWord[0]!;
  let all = perWord[0]!;
  if (perWord.length > 1) {
    total = new Map();
    const hits = new Map<number, number>();
    for (const m of perWord)
      for (const [doc, s] of m) {
        total.set(doc, (total.get(doc) ?? 0) + s);
        hits.set(doc, (hits.get(doc) ?? 0) + 1);
      }
    all = new Map([...total].filter(([doc]) => hits.get(doc) === perWord.length));
  }
  const pool = all.size > 0 ? all : total;
  // Kept sorted best first; a page enters only if it beats the last kept one.
  const docs: number[] = [];
  const scores: number[] = [];
  for (const [doc, s] of pool) {
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
  return docs;
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

const NON_ASCII = /[^\x00-\x7f]/;
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

/** The query's distinct words, in order. */
const queryWords = (query: string) => [...new Set(words(query))];

/** Loads the index's entry file and answers queries from its shards. */
export async function createLocalEngine(base = SEARCH_BASE): Promise<SearchEngine> {
  const loadMeta = async (): Promise<SearchMeta> => {
    const meta: unknown = await (await get(`${base}index.json`)).json();
    if (!isMeta(meta)) throw new Error('The search index entry file is malformed.');
    return meta;
  };
  let meta = await loadMeta();
  let shards = new Map<string, Entry<Shard>>();
  let fragments = new Map<number, Entry<SearchFragment>>();
  const scoreCache = new Map<string, { shard: Shard; scores: Map<number, number> }>();
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
    return cached(shards, url, async () => decodeShard(await gunzip(await get(url))));
  };
  const loadedShard = (where: Where) => shards.get(shardUrl(meta.v, where, base))?.value;

  /**
   * The shard for a query word, or the next file on the way to it that is
   * not loaded yet. Each top shard says which longer shards exist, so a word
   * no indexed word begins costs no request (and no 404): typing on one
   * letter at a time, every step is already known.
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

  const scoresFor = (word: string, shard: Shard): Map<number, number> => {
    const kept = scoreCache.get(word);
    if (kept?.shard === shard) return kept.scores;
    const scores = scoresOf(word, shard);
    scoreCache.delete(word);
    scoreCache.set(word, { shard, scores });
    if (scoreCache.size > SCORES_KEPT) scoreCache.delete(scoreCache.keys().next().value!);
    return scores;
  };

  const fragmentOf = (doc: number) =>
    cached(fragments, doc, async () => {
      const f: unknown = await (await get(fragmentUrl(meta.v, doc, base))).json();
      if (!isFragment(f)) throw new Error(`Search text of page ${doc} is malformed.`);
      return f;
    });

  /** True when the entry file now names another version (which is then used from here on). */
  const newVersion = async (): Promise<boolean> => {
    const next = await loadMeta();
    if (next.v === meta.v) return false;
    meta = next;
    shards = new Map();
    fragments = new Map();
    scoreCache.clear();
    return true;
  };

  /** The answer from loaded files only; undefined when one is missing. */
  const answerNow = (qs: ReadonlyArray<string>): SearchGroup[] | undefined => {
    const perWord: Array<Map<number, number>> = [];
    for (const w of qs) {
      const step = locate(w);
      if (!('shard' in step)) return undefined;
      perWord.push(scoresFor(w, step.shard));
    }
    const texts: SearchFragment[] = [];
    for (const doc of rank(perWord, MAX_GROUPS)) {
      const f = fragments.get(doc)?.value;
      if (!f) return undefined;
      texts.push(f);
    }
    return texts.map((f) => groupOf(f, qs));
  };

  const answer = async (query: string, signal?: AbortSignal): Promise<SearchGroup[]> => {
    const qs = queryWords(query);
    if (qs.length === 0) return [];
    const version = meta.v;
    const perWord = await Promise.all(qs.map(async (w) => scoresFor(w, await shardOf(w))));
    signal?.throwIfAborted();
    const docs = rank(perWord, MAX_GROUPS);
    const texts = await Promise.all(docs.map(fragmentOf));
    signal?.throwIfAborted();
    // A deploy seen while this query ran: its page numbers belong to the old index.
    if (version !== meta.v) return answer(query, signal);
    return texts.map((f) => groupOf(f, qs));
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
    const others = [...new Set(all.slice(0, -1))];
    for (const next of likelyNext(last, here.shard, PREFETCH_LETTERS)) {
      const shard = await shardOf(next);
      if (gen !== generation) return;
      const qs = [...new Set([...others, next])];
      const perWord: Array<Map<number, number>> = [];
      for (const w of qs) {
        const step = w === next ? { shard } : locate(w);
        if (!('shard' in step)) return;
        perWord.push(scoresFor(w, step.shard));
      }
      const texts = await Promise.all(rank(perWord, MAX_GROUPS).map(fragmentOf));
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
      const qs = queryWords(query);
      return qs.length === 0 ? [] : answerNow(qs);
    },
    prefetch(query) {
      // A failed guess costs nothing: the query itself asks again.
      return guess(query, ++generation).catch(() => undefined);
    },
  };
}
