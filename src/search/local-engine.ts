/**
 * Local search over the index the build writes (src/shared/search-index.ts).
 *
 * A query is read as words (the last one possibly half typed); a word that
 * belongs to a synonym group of the site config is looked for in every
 * member of its group (query-slots.ts). Each word is matched by its stem
 * (`termOf`, the same stemmer as the build), the last word also as a prefix,
 * and a word no indexed term matches is corrected against the term lists of
 * the lengths one or two typos can reach (then "Did you mean" offers the
 * correction). Pages are ranked by their words' BM25 weights (ranking.ts); a
 * page whose title is the whole query comes first. Excerpts come from the
 * page fragments, which hold only the opening of each section
 * (result-groups.ts); `first` loads them for the first pages of an answer
 * only, as many as a screen of options likely needs (and for a page whose title may be the query: the entry file says how
 * many words each title has), the box asks for the rest when the reader
 * scrolls to them. Every file read is checked, and every request has a
 * timeout (index-files.ts).
 *
 * This module decides what to load and when: each file once, a failed one
 * again on the next keystroke, and none twice for one version of the index.
 * A keystroke whose files are all loaded is answered at once (`searchNow`),
 * so the box can show it in the same frame. After each answer, `prefetch`
 * loads what the likeliest next letters will need.
 */
import { Lru } from './lru.ts';
import { MAX_GROUPS, MAX_HITS_PER_GROUP, type SearchEngine, type SearchPart } from './engine.ts';
import { indexFiles, SearchFetchError, type IndexFetchOptions } from './index-files.ts';
import { markWords, queryTerms, slotsOf, titleIsQuery, type Slot, type TypedWordRule } from './query-slots.ts';
import { addPostings, altHits, FUZZY_FACTOR, likelyNext, matchOf, rank, SYNONYM_FACTOR, type WordHits, type WordMatch } from './ranking.ts';
import { ResultGroups } from './result-groups.ts';
import { lowerBound } from './sorted.ts';
import {
  editDistance,
  fragmentUrl,
  IN_TITLE,
  MIN_TERM,
  SEARCH_BASE,
  SearchFragment,
  SearchMeta,
  SECTION_MASK,
  SHARD_PREFIX,
  shardFor,
  shardUrl,
  termListUrl,
  wholeTermListUrl,
  endOf,
  endKeys,
  termOf,
  typosAllowed,
  words,
  type Postings,
  type SearchTermList,
  type Shard,
} from '../shared/search-index.ts';

// What the engine's modules export, here as before the split: tests and tools import it from this module.
export { FETCH_TIMEOUT_MS, SearchFetchError, SearchIndexError, SearchTimeoutError, type IndexFetchOptions } from './index-files.ts';
export { slotsOf, type Slot } from './query-slots.ts';
export { likelyNext, rank, scoresOf } from './ranking.ts';
export { markMatches } from './result-groups.ts';

/** Corrections kept per misspelt word. */
const CORRECTIONS = 3;
/**
 * Next letters guessed after each answer: the commonest way the last word
 * goes on, when it is at least GUESS_SHARE of the ways (by postings). At
 * 10,000 pages a guess after three letters is a full shard of 2 to 9 KB; in
 * the bench's session of ten typed queries, a second letter guessed fetched
 * 31 KB, and a first one less likely than that 22 KB, that no keystroke
 * used (with the share rule one keystroke more waits for a shard: 29 of the
 * session's against 28).
 */
const PREFETCH_LETTERS = 1;
const GUESS_SHARE = 0.5;
/** Query words whose page scores are kept (a query being typed reuses its earlier words'). */
const SCORES_KEPT = 32;
/** Recent queries whose "Did you mean" suggestion is kept. */
const SUGGESTIONS_KEPT = 64;

/** A query's word hits from loaded files (see evaluate). */
interface Evaluated {
  perSlot: WordHits[];
  weights: number[];
  corrections: Map<string, string[]>;
}

/** A load in progress or done; `value` is there once it has arrived. */
interface Entry<V> {
  promise: Promise<V>;
  value?: V;
}

/** Options of a local engine; the browser uses the defaults. */
export type LocalEngineOptions = IndexFetchOptions;

/**
 * Loads the index's entry file and answers queries from its shards. Each
 * engine keeps what it has loaded and worked out (files, scores, result
 * groups) to itself: two engines never share a cache.
 */
export async function createLocalEngine(base = SEARCH_BASE, options: LocalEngineOptions = {}): Promise<SearchEngine> {
  const files = indexFiles(options);
  const groups = new ResultGroups();
  const loadMeta = (): Promise<SearchMeta> => files.json(`${base}index.json`, SearchMeta);
  let meta = await loadMeta();
  let shards = new Map<string, Entry<Shard>>();
  let fragments = new Map<number, Entry<SearchFragment>>();
  let termLists = new Map<string, Entry<SearchTermList>>();
  const scoreCache = new Lru<string, { shard: Shard; match: WordMatch }>(SCORES_KEPT);
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
  /** How the word being typed is read (SearchMeta.mp and .two): from the entry file, again for each version. */
  const ruleOf = (m: SearchMeta): TypedWordRule => {
    const two = new Set(m.two?.split(' '));
    return { minPrefix: m.mp ?? MIN_TERM, isTerm: (word) => m.two === undefined || two.has(word) };
  };
  let rule = ruleOf(meta);
  type Where = { kind: 't' | 's'; key: string };
  const load = (where: Where) => {
    const url = shardUrl(meta.v, where, base);
    return cached(shards, url, () => files.shard(url));
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
    // Nothing of one character is indexed: with the entry file naming the letters, no file of one character is needed.
    if (meta.sec && chars.length < MIN_TERM) return { shard: EMPTY };
    const prefix = meta.sp ?? SHARD_PREFIX;
    const end = Math.min(chars.length, prefix);
    // Each character must follow the ones before it in some indexed word: as the entry file says, or else their top shard.
    for (let n = 2; n <= end; n++) {
      const before = chars.slice(0, n - 1).join('');
      let next = meta.sec?.[before];
      if (next === undefined) {
        const where: Where = { kind: 't', key: before };
        const top = loadedShard(where);
        if (!top) return { need: where };
        next = top.next;
      }
      if (!next.includes(chars[n - 1]!)) return { shard: EMPTY };
    }
    const where = shardFor(chars.slice(0, end).join(''), prefix);
    const shard = loadedShard(where);
    return shard ? { shard } : { need: where };
  };

  const shardOf = async (word: string): Promise<Shard> => {
    for (;;) {
      const step = locate(word);
      if ('shard' in step) return step.shard;
      await load(step.need);
    }
  };

  const matchFor = (word: string, shard: Shard, prefix: boolean): WordMatch => {
    const key = `${prefix ? '>' : '='}${word}`;
    const kept = scoreCache.get(key);
    if (kept?.shard === shard) return kept.match;
    const match = matchOf(word, shard, prefix);
    scoreCache.set(key, { shard, match });
    return match;
  };

  const fragmentOf = (doc: number) => cached(fragments, doc, () => files.json(fragmentUrl(meta.v, doc, base), SearchFragment));
  const termList = (url: string) => cached(termLists, url, () => files.termList(url));

  /**
   * The term lists that can hold a correction of `word`: the lengths it, or
   * its stem, can reach with its typos, and of those the terms that begin
   * as it begins or end as it ends (the first or last character, two from
   * TWO_CHARACTER_ENDS on: one typo leaves one end as it was; a word with
   * typos at both ends is not corrected).
   */
  const listsFor = (word: string): Array<{ l: number; end: 'f' | 'l'; c: string }> => {
    const k = typosAllowed(Array.from(word).length);
    const out = new Map<string, { l: number; end: 'f' | 'l'; c: string }>();
    for (const form of new Set([word, termOf(word)])) {
      const n = Array.from(form).length;
      for (let l = n - k; l <= n + k; l++)
        for (const end of ['f', 'l'] as const) {
          const c = endOf(form, end, l);
          const keys = (end === 'f' ? meta.wf : meta.wl)[String(l)];
          if (keys !== undefined && endKeys(keys, l).includes(c)) out.set(termListUrl(meta.v, l, end, c, base), { l, end, c });
        }
    }
    return [...out].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, list]) => list);
  };

  /** One of those lists: its own file, or on a small site the terms of its length's file with `c` at `end`, in their order. */
  const listOf = ({ l, end, c }: { l: number; end: 'f' | 'l'; c: string }): Promise<SearchTermList> => {
    if (!meta.wa) return termList(termListUrl(meta.v, l, end, c, base));
    const url = wholeTermListUrl(meta.v, l, base);
    return cached(termLists, `${url}#${end}${c}`, async () => (await termList(url)).filter((t) => endOf(t, end) === c));
  };

  /** The closest terms to a misspelt word (from the term lists): fewest typos first, then the commonest. */
  const correct = async (word: string): Promise<Array<{ term: string; d: number }>> => {
    const known = corrected.get(word);
    if (known) return known;
    const k = typosAllowed(Array.from(word).length);
    if (k === 0) return [];
    const stem = termOf(word);
    const lists = await Promise.all(listsFor(word).map(listOf));
    // A term is in two lists (by its first and by its last character): counted once, at its better rank.
    const found = new Map<string, { term: string; d: number; rank: number }>();
    for (const list of lists)
      list.forEach((term, rank) => {
        const had = found.get(term);
        if (had) return void (had.rank = Math.min(had.rank, rank));
        const d = Math.min(editDistance(word, term, k), editDistance(stem, term, k));
        if (d <= k) found.set(term, { term, d, rank });
      });
    const best = [...found.values()]
      .sort((a, b) => a.d - b.d || a.rank - b.rank)
      .slice(0, CORRECTIONS)
      .map(({ term, d }) => ({ term, d }));
    corrected.set(word, best);
    return best;
  };

  /**
   * True when `word` is corrected: it met nothing as typed, or only shorter
   * terms it begins with and goes on from with no suffix ("devce" meets
   * "dev" that way, and is corrected to "device").
   */
  const toCorrect = (word: string, m: WordMatch) => !m.asTyped && typosAllowed(Array.from(word).length) > 0;

  /**
   * One word's page hits from loaded files, or undefined when a file is
   * missing; `fuzzy` lists the corrections used.
   */
  const wordNow = (word: string, prefix: boolean): { hits: WordHits; fuzzy: string[] } | undefined => {
    const step = locate(word);
    if (!('shard' in step)) return undefined;
    const m = matchFor(word, step.shard, prefix);
    if (!toCorrect(word, m)) return { hits: m.hits, fuzzy: [] };
    const found = corrected.get(word);
    if (!found) return undefined;
    // The corrections stand for the word ("devce" is "device"); the shorter terms it began with ("dev")
    // were a coincidence of its first letters, and are no correction of it.
    const fixes = found.filter((f) => !m.shorter.includes(f.term));
    if (fixes.length === 0) return { hits: m.hits, fuzzy: [] };
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
    if (!toCorrect(word, matchFor(word, shard, prefix))) return;
    const fixes = await correct(word);
    await Promise.all(fixes.map((f) => shardOf(f.term)));
  };

  /** Everything a query needs from loaded files, or undefined when something is missing. */
  const evaluate = (slots: ReadonlyArray<Slot>): Evaluated | undefined => {
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

  /** The postings of a word's own term (its stem, else the word), from loaded files; undefined when there are none. */
  const exactPostings = (word: string): Postings | undefined => {
    const step = locate(word);
    return 'shard' in step ? (step.shard.terms.get(termOf(word)) ?? step.shard.terms.get(word)) : undefined;
  };

  /**
   * True when page `doc` has every term of the query (queryTerms: the words
   * as typed, stems compared, or their corrections; not completions) in its
   * title: only such a page's title can be the whole query. Postings are in
   * page order.
   */
  const allInTitle = (doc: number, terms: ReadonlyArray<string>): boolean =>
    terms.every((term) => {
      const step = locate(term);
      const p = 'shard' in step ? step.shard.terms.get(term) : undefined;
      if (!p) return false;
      const at = lowerBound(p.docs, doc);
      return p.docs[at] === doc && (p.flags[at]! & IN_TITLE) !== 0;
    });

  /** A word's weight in the query: the idf of its exact term (common words weigh little), 1 when unknown. */
  const idfOf = (word: string): number => {
    const p = exactPostings(word);
    return p ? p.idf / 1000 : 1;
  };

  const loadSlots = async (slots: ReadonlyArray<Slot>) => {
    await Promise.all(slots.flatMap((slot) => slot.alts.flatMap((alt, a) => alt.map((w, i) => loadWord(w, slot.prefix && a === 0 && i === alt.length - 1)))));
  };

  /**
   * The ranked pages whose texts an answer needs: the first ones, until
   * their groups are likely to hold `options` options (each page's sections
   * with a query word, from the section bits of its postings, at most
   * MAX_HITS_PER_GROUP and at least one), and any page with every word of
   * the query in its title and as many words in its title as the query has
   * (the rule that puts a page whose title is the whole query first reads its
   * title). Texts already loaded come with the answer too, at no cost.
   */
  const needed = (ranked: ReadonlyArray<{ doc: number }>, slots: ReadonlyArray<Slot>, e: Evaluated, options: number): boolean[] => {
    const terms = queryTerms(slots, e.corrections);
    const n = terms.length;
    const titleFits = (doc: number) => meta.tl === undefined || parseInt(meta.tl.charAt(doc) || 'z', 36) === Math.min(n, 35);
    let expected = 0;
    return ranked.map(({ doc }) => {
      const early = expected < options;
      if (early) expected += likelyHits(doc, e);
      return early || (titleFits(doc) && allInTitle(doc, terms));
    });
  };

  /** How many options a page's group will likely have: its sections with a query word (section bits: sections past six share them). */
  const likelyHits = (doc: number, e: Evaluated): number => {
    let bits = 0;
    for (const hits of e.perSlot) bits |= (hits.get(doc)?.flags ?? 0) & SECTION_MASK;
    let sections = 0;
    for (; bits; bits &= bits - 1) sections++;
    return Math.min(MAX_HITS_PER_GROUP, Math.max(1, sections));
  };

  /**
   * The page groups, best first, as far as the texts go (`texts[i]` is
   * undefined for a ranked page whose text was not loaded: it and the pages
   * after it are left out); records the query's suggestion.
   */
  const finish = (
    query: string,
    slots: ReadonlyArray<Slot>,
    ranked: ReadonlyArray<{ doc: number; score: number }>,
    texts: ReadonlyArray<SearchFragment | undefined>,
    corrections: Map<string, string[]>,
  ): SearchPart => {
    const terms = queryTerms(slots, corrections);
    const order = ranked.map((r, i) => ({ f: texts[i], score: r.score * (texts[i] && titleIsQuery(texts[i].t, terms) ? 100 : 1), i }));
    order.sort((a, b) => b.score - a.score || a.i - b.i);
    const missing = order.findIndex((o) => o.f === undefined);
    const shown = (missing < 0 ? order : order.slice(0, missing)).map((o) => o.f!);
    const marks = markWords(slots, corrections);
    remember(query, corrections, shown);
    return { groups: shown.map((f) => groups.groupOf(f, marks)), complete: missing < 0 };
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

  /** `newVersion`, shared by the queries that ask while it runs. */
  let rechecking: Promise<boolean> | null = null;
  const recheck = (): Promise<boolean> => (rechecking ??= newVersion().finally(() => (rechecking = null)));

  /** True when the entry file now names another version (which is then used from here on). */
  const newVersion = async (): Promise<boolean> => {
    const next = await loadMeta();
    if (next.v === meta.v) return false;
    meta = next;
    rule = ruleOf(meta);
    shards = new Map();
    fragments = new Map();
    termLists = new Map();
    corrected = new Map();
    scoreCache.clear();
    return true;
  };

  const NONE: SearchPart = { groups: [], complete: true };

  /** The first pages of the answer (see `needed`) from loaded files only; undefined when one is missing. */
  const answerNow = (query: string, options: number): SearchPart | undefined => {
    const slots = slotsOf(query, meta.syn, rule);
    if (slots.length === 0) return NONE;
    const e = evaluate(slots);
    if (!e) return undefined;
    const ranked = rank(e.perSlot, MAX_GROUPS, e.weights);
    let need = needed(ranked, slots, e, options);
    for (;;) {
      const texts = ranked.map(({ doc }) => fragments.get(doc)?.value);
      if (texts.some((f, i) => !f && need[i])) return undefined;
      const part = finish(query, slots, ranked, texts, e.corrections);
      const more = short(part, ranked, texts, options);
      if (!more) return part;
      need = more;
    }
  };

  /**
   * When the pages of `part` hold fewer than `options` options and more
   * pages are ranked, the pages to load next: as many of the following ones
   * as options are missing (one each, at least); undefined otherwise. An
   * answer whose first pages hold fewer options than estimated is completed
   * before it is shown, so the box draws it once.
   */
  const short = (part: SearchPart, ranked: ReadonlyArray<unknown>, texts: ReadonlyArray<SearchFragment | undefined>, options: number): boolean[] | undefined => {
    const count = part.groups.reduce((sum, g) => sum + g.hits.length, 0);
    if (part.complete || count >= options) return undefined;
    // As many options a page as the pages shown have on average.
    const each = part.groups.length > 0 ? count / part.groups.length : 1;
    let pages = Math.max(1, Math.ceil((options - count) / each));
    return ranked.map((_, i) => texts[i] !== undefined || pages-- > 0);
  };

  const answer = async (query: string, options: number, signal?: AbortSignal, tries = 3): Promise<SearchPart> => {
    const slots = slotsOf(query, meta.syn, rule);
    if (slots.length === 0) return NONE;
    const version = meta.v;
    await loadSlots(slots);
    signal?.throwIfAborted();
    const e = evaluate(slots);
    if (!e) {
      // Loaded, but dropped again by a new version meanwhile: start over, a few times at most.
      if (tries <= 0) throw new Error('The search index changed while it was read.');
      return answer(query, options, signal, tries - 1);
    }
    const ranked = rank(e.perSlot, MAX_GROUPS, e.weights);
    let need: boolean[] | undefined = needed(ranked, slots, e, options);
    for (;;) {
      const wanted = need;
      const texts = await Promise.all(ranked.map((r, i) => (wanted[i] ? fragmentOf(r.doc) : Promise.resolve(fragments.get(r.doc)?.value))));
      signal?.throwIfAborted();
      // A deploy seen while this query ran: its page numbers belong to the old index.
      if (version !== meta.v) return answer(query, options, signal);
      const part = finish(query, slots, ranked, texts, e.corrections);
      need = short(part, ranked, texts, options);
      if (!need) return part;
    }
  };

  /** `answer`, asked again once with the new index when a file of the old one is gone (a new deploy replaced it). */
  const answerWithNewVersion = async (query: string, options: number, signal?: AbortSignal): Promise<SearchPart> => {
    signal?.throwIfAborted();
    generation++;
    const version = meta.v;
    let part: SearchPart;
    try {
      part = await answer(query, options, signal);
    } catch (e) {
      if (e instanceof SearchFetchError && e.status === 404 && (meta.v !== version || (await newVersion()))) return answer(query, options, signal);
      throw e;
    }
    // Nothing found may mean words the index in hand does not know yet (a deploy, an edit in the dev
    // server) while no file of it was missing to tell: the entry file is read again (one reading at a time).
    // Not for words too short for any index to hold ("v ").
    const indexable = slotsOf(query, meta.syn, rule).some((s) => s.alts.some((alt) => alt.some((w) => Array.from(w).length >= MIN_TERM)));
    if (part.groups.length === 0 && indexable && (await recheck())) {
      signal?.throwIfAborted();
      return answer(query, options, signal);
    }
    return part;
  };

  /**
   * Loads, for the likeliest next letters of the last word, the shards that
   * query needs, one guess after the other; a newer query stops it. Nothing
   * is guessed after a space.
   */
  const guess = async (query: string, gen: number) => {
    const all = words(query);
    const last = all.at(-1);
    if (last === undefined || !/[\p{L}\p{N}]$/u.test(query)) return;
    const head = query.slice(0, query.length - last.length);
    let likely: string[];
    const named = meta.sec?.[last];
    if (named !== undefined) likely = Array.from(named, (c) => last + c).slice(0, PREFETCH_LETTERS);
    else {
      const here = locate(last);
      if (!('shard' in here)) return;
      likely = likelyNext(last, here.shard, PREFETCH_LETTERS, GUESS_SHARE);
    }
    for (const next of likely) {
      const q = head + next;
      const slots = slotsOf(q, meta.syn, rule);
      await loadSlots(slots);
      if (gen !== generation) return;
      const e = evaluate(slots);
      if (!e) return;
      // The pages' texts are not fetched for a guess: at scale most guesses are wrong, and each page is a request.
      // Those already here have their words found now, while the reader has not typed on: one page per task, so a keystroke waits for one at most.
      for (const { doc } of rank(e.perSlot, MAX_GROUPS, e.weights)) {
        const f = fragments.get(doc)?.value;
        if (gen !== generation) return;
        if (f && !groups.prepared(f)) {
          groups.wordsOf(f);
          await new Promise((r) => setTimeout(r, 0));
        }
      }
    }
  };

  return {
    async search(query, signal) {
      return (await answerWithNewVersion(query, Infinity, signal)).groups;
    },
    searchNow(query) {
      generation++;
      return answerNow(query, Infinity)?.groups;
    },
    first(query, options, signal) {
      return answerWithNewVersion(query, options, signal);
    },
    firstNow(query, options) {
      generation++;
      return answerNow(query, options);
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
