/**
 * A page's words as the search index counts them (manifest/search-index.ts).
 * Apart from the index so that the Markdown analysis, which on a large site
 * runs on worker threads, counts each page's headings and text where it
 * already has them: the index then only adds up what it is given.
 */
import { IN_HEADING, indexable, SECTION_BITS, termOf, words } from '../src/shared/search-index.ts';

/** How much a word counts where it stands. */
export const TITLE_WEIGHT = 8;
export const HEADING_WEIGHT = 3;

/** Text with no character outside ASCII: nothing to fold but letter case. */
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included.
const ASCII = /^[\x00-\x7f]*$/;
/** What `words` finds in lower-case ASCII: its letters and digits are the ASCII ones. */
const ASCII_WORD = /[a-z0-9]+/g;

/** `words(text)`, sooner for ASCII text (most of it), which has no accents or compatibility forms to fold. */
export function wordsOf(text: string): string[] {
  return ASCII.test(text) ? (text.toLowerCase().match(ASCII_WORD) ?? []) : words(text);
}

/** A page's headings and text counted (its title is counted by the index, which knows it). */
export interface SectionTerms {
  /** The indexable terms in the order they first occur, joined by newlines (one string: cheap to keep and to pass between threads). */
  terms: string;
  /** Weighted count of each term. */
  tf: Uint32Array;
  /** Per term: IN_HEADING when in a heading, and the bits of the sections it is in (section i: bit i mod SECTION_BITS). */
  flags: Uint8Array;
  /** Words of every length, for the page's length. */
  words: number;
}

/**
 * Adds the terms (stems) of the indexable words of `text` to `counts`, each
 * `weight` times, and `flag` to their `flags`; returns the number of words of every length.
 */
export function addWords(counts: Map<string, number>, text: string, weight: number, flags?: Map<string, number>, flag = 0): number {
  const all = wordsOf(text);
  for (const w of all) {
    if (!indexable(w)) continue;
    const t = termOf(w);
    counts.set(t, (counts.get(t) ?? 0) + weight);
    if (flags) flags.set(t, (flags.get(t) ?? 0) | flag);
  }
  return all.length;
}

/**
 * Counts the words of `sections`: headings weigh HEADING_WEIGHT, text 1.
 * Each distinct word is looked up once per page (a page repeats most of its
 * words): its stem and its place in the counts are kept by the word, so a
 * repeated word costs one map lookup instead of a stem lookup and two updates.
 */
export function sectionTerms(sections: ReadonlyArray<{ title: string; text: string }>): SectionTerms {
  /** Word -> index of its term, -1 for a word the index does not keep. */
  const byWord = new Map<string, number>();
  /** Term -> index (a term is not always its own stem, so words and terms are kept apart). */
  const byTerm = new Map<string, number>();
  const terms: string[] = [];
  const tf: number[] = [];
  const flags: number[] = [];
  const add = (text: string, weight: number, flag: number): number => {
    const all = wordsOf(text);
    for (const w of all) {
      let i = byWord.get(w);
      if (i === undefined) {
        i = -1;
        if (indexable(w)) {
          const t = termOf(w);
          i = byTerm.get(t) ?? -1;
          if (i < 0) {
            i = terms.push(t) - 1;
            tf.push(0);
            flags.push(0);
            byTerm.set(t, i);
          }
        }
        byWord.set(w, i);
      }
      if (i < 0) continue;
      tf[i]! += weight;
      flags[i]! |= flag;
    }
    return all.length;
  };
  let n = 0;
  sections.forEach((s, i) => {
    const bit = 1 << (i % SECTION_BITS);
    n += add(s.title, HEADING_WEIGHT, IN_HEADING | bit) + add(s.text, 1, bit);
  });
  return { terms: terms.join('\n'), tf: Uint32Array.from(tf), flags: Uint8Array.from(flags), words: n };
}
