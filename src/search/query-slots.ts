/**
 * A query as the local engine reads it: its words in order, a run of words
 * that is a member of a synonym group (site config) read as one place with
 * the group's other members as alternatives, and the words to mark in
 * excerpts.
 */
import { termOf, words } from '../shared/search-index.ts';

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

/** True when `title`'s words are the query's words (stems compared). */
export function titleIsQuery(title: string, slots: ReadonlyArray<Slot>): boolean {
  const t = words(title).map(termOf).join(' ');
  return slots.length > 0 && t === slots.map((s) => s.alts[0]!.map(termOf).join(' ')).join(' ');
}
