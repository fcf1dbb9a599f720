/**
 * What a page shows in the result list: its sections where the query words
 * occur, best first, each with an excerpt whose matching words are marked.
 * Words are matched as the reader types them: a text word matches when it
 * begins with a query word, accents and case aside.
 */
import { clipExcerpt, EXCERPT_MAX } from './excerpt.ts';
import { lowerBound } from './sorted.ts';
import { MAX_HITS_PER_GROUP, type ExcerptPart, type SearchGroup, type SearchHit } from './engine.ts';
import { foldText, type SearchFragment } from '../shared/search-index.ts';

/** Heading words count this much more than body words when ordering a page's sections. */
const HEADING_BONUS = 3;

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
    for (let i = lowerBound(t.distinct, q); i < t.distinct.length && t.distinct[i]!.startsWith(q); i++) {
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

/** A page text's sections, their heading and text words found. */
type SectionWords = Array<{ title: TextWords; text: TextWords }>;

/**
 * Makes the result groups of page texts, keeping per text what the next
 * query will need again. Each engine has its own: the texts are its own, and
 * what it keeps goes when they do.
 */
export class ResultGroups {
  /** Each section's heading and text words, per page text, found on first use. */
  private readonly sectionWords = new WeakMap<SearchFragment, SectionWords>();
  /** Each page text's last group, and which of its words that group marked: typing on in a word often matches the same words. */
  private readonly lastGroups = new WeakMap<SearchFragment, { matched: string; group: SearchGroup }>();

  /** True when the words of `f` are found already (a group of it costs no more than matching). */
  prepared(f: SearchFragment): boolean {
    return this.sectionWords.has(f);
  }

  /** The words of each section of `f`, found once. */
  wordsOf(f: SearchFragment): SectionWords {
    let found = this.sectionWords.get(f);
    if (!found) this.sectionWords.set(f, (found = f.s.map(([, title, text]) => ({ title: textWords(title), text: textWords(text) }))));
    return found;
  }

  /**
   * A page's result group: its sections where the query words occur, best
   * first. The same words matched as for the page's last group give that
   * group again (the same object), so nothing is made twice.
   */
  groupOf(f: SearchFragment, query: ReadonlyArray<string>): SearchGroup {
    const found = this.wordsOf(f);
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
    const last = this.lastGroups.get(f);
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
    this.lastGroups.set(f, { matched, group });
    return group;
  }
}
