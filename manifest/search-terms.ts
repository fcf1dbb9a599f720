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

/** Counts the words of `sections`: headings weigh HEADING_WEIGHT, text 1. */
export function sectionTerms(sections: ReadonlyArray<{ title: string; text: string }>): SectionTerms {
  const counts = new Map<string, number>();
  const flags = new Map<string, number>();
  let n = 0;
  sections.forEach((s, i) => {
    const bit = 1 << (i % SECTION_BITS);
    n += addWords(counts, s.title, HEADING_WEIGHT, flags, IN_HEADING | bit) + addWords(counts, s.text, 1, flags, bit);
  });
  return { terms: [...counts.keys()].join('\n'), tf: Uint32Array.from(counts.values()), flags: Uint8Array.from(counts.keys(), (t) => flags.get(t)!), words: n };
}
