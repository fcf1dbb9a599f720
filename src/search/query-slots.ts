/**
 * A query as the local engine reads it: its words in order, a run of words
 * that is a member of a synonym group (site config) read as one place with
 * the group's other members as alternatives, and the words to mark in
 * excerpts.
 */
import { MIN_TERM, termOf, words } from '../shared/search-index.ts';

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
 * How a query's short last word is read: as a prefix from `minPrefix`
 * letters on (the index says how many, SearchMeta.mp); shorter, as a whole
 * word when the index has it (`isTerm`), else not yet.
 */
export interface TypedWordRule {
  minPrefix: number;
  isTerm?: (word: string) => boolean;
}

/** Without the index's rule: a prefix from two letters (one letter begins too many words to tell anything, and no term that short is indexed). */
const DEFAULT_RULE: TypedWordRule = { minPrefix: MIN_TERM };

/** True when the reader is still typing the query's last word (no space or mark after it). */
const typing = (query: string) => /[\p{L}\p{N}]$/u.test(query);

/** `waitsForLetters` for the word being typed, `last` (undefined when none is). */
function waits(last: string | undefined, rule: TypedWordRule): boolean {
  if (last === undefined) return false;
  const n = Array.from(last).length;
  return n < rule.minPrefix && (n < MIN_TERM || !(rule.isTerm?.(last) ?? true));
}

/**
 * True when the word being typed is too short to look for yet: shorter
 * than the rule's `minPrefix` and not a word of the index by itself
 * (`isTerm`; without it, any word of MIN_TERM letters counts as one). Such a
 * word waits for its next letter, and the words before it answer meanwhile.
 */
export function waitsForLetters(query: string, rule: TypedWordRule = DEFAULT_RULE): boolean {
  return waits(typing(query) ? words(query).at(-1) : undefined, rule);
}

/**
 * The query's slots: its words in order (repeats dropped), a run of words
 * that is a member of a synonym group (`syn`) becoming one slot with the
 * group's members as alternatives. The word being typed is also a prefix
 * from the rule's `minPrefix` letters on; shorter, it is looked for as a
 * whole word when the index has it, and left out otherwise (waitsForLetters).
 */
export function slotsOf(query: string, syn: ReadonlyArray<ReadonlyArray<ReadonlyArray<string>>>, rule: TypedWordRule = DEFAULT_RULE): Slot[] {
  const all = words(query);
  const lastTyped = typing(query) ? all.at(-1) : undefined;
  // The words before a left-out one are whole words: none of them is being typed.
  const early = waits(lastTyped, rule);
  const prefix = !early && lastTyped !== undefined && Array.from(lastTyped).length >= rule.minPrefix;
  const ws = early ? all.slice(0, -1) : all;
  const slots: Slot[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < ws.length;) {
    let best: { len: number; group: ReadonlyArray<ReadonlyArray<string>>; member: ReadonlyArray<string> } | undefined;
    for (const group of syn) for (const member of group) if (member.length > (best?.len ?? 0) && holds(ws, member, i)) best = { len: member.length, group, member };
    const last = i + (best?.len ?? 1) >= ws.length;
    if (best && !(last && prefix && best.len === 1 && ws[i] !== best.member[0])) {
      const typed = ws.slice(i, i + best.len);
      slots.push({ alts: [typed, ...best.group.filter((m) => m !== best.member && m.length > 0).map((m) => [...m])], prefix: false });
      i += best.len;
      continue;
    }
    const w = ws[i]!;
    if (!seen.has(w)) {
      seen.add(w);
      slots.push({ alts: [[w]], prefix: last && prefix });
    }
    i++;
  }
  return slots;
}

/** The words of a query as the box should mark them in excerpts (typed, stems, corrections and synonyms). */
export function markWords(slots: ReadonlyArray<Slot>, corrections: ReadonlyMap<string, string[]>): string[] {
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

/**
 * The query's words as the title rule reads them: each word's stem, or for
 * a misspelt word its best correction ("virutal devices" is the title
 * "Virtual devices").
 */
export function queryTerms(slots: ReadonlyArray<Slot>, corrections: ReadonlyMap<string, string[]>): string[] {
  return slots.flatMap((s) => s.alts[0]!.map((w) => corrections.get(w)?.[0] ?? termOf(w)));
}

/** True when `title`'s words are the query's terms (queryTerms; stems compared). */
export function titleIsQuery(title: string, terms: ReadonlyArray<string>): boolean {
  return terms.length > 0 && words(title).map(termOf).join(' ') === terms.join(' ');
}
