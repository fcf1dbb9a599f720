/**
 * Highlighted excerpts as Algolia sends them: HTML-escaped text with
 * `<mark>` around the matched words. Parsed into text runs here, so the UI
 * renders them as text and never as HTML.
 */
import type { ExcerptPart } from './engine.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes the character references an HTML-escaping engine writes (named basics and numeric). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Joins neighbouring runs of the same kind. */
function merge(parts: ExcerptPart[]): ExcerptPart[] {
  const out: ExcerptPart[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (last && last.mark === p.mark) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/** Splits `html` at `<mark>`/`</mark>` into text runs; any other tag is dropped, adjacent runs of one kind are merged. */
export function parseExcerpt(html: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let mark = false;
  for (const piece of html.split(/(<\/?mark\b[^>]*>)/i)) {
    if (/^<mark\b/i.test(piece)) mark = true;
    else if (/^<\/mark/i.test(piece)) mark = false;
    else {
      const text = decodeEntities(piece.replace(/<[^>]*>/g, ''));
      if (text) parts.push({ text, mark });
    }
  }
  return merge(parts);
}

/** Characters of context kept before the first match when an excerpt is clipped. */
const CONTEXT_BEFORE = 40;
/** Characters an excerpt keeps at most (besides the ellipses). */
export const EXCERPT_MAX = 160;

/** Shortens a long excerpt to `max` characters, starting a little before the first match; cut ends get an ellipsis. */
export function clipExcerpt(parts: ExcerptPart[], max = EXCERPT_MAX): ExcerptPart[] {
  const total = parts.reduce((n, p) => n + p.text.length, 0);
  if (total <= max) return parts;
  let firstMark = 0;
  for (const p of parts) {
    if (p.mark) break;
    firstMark += p.text.length;
  }
  const start = Math.max(0, Math.min(firstMark - CONTEXT_BEFORE, total - max));
  const end = start + max;
  const out: ExcerptPart[] = [];
  let at = 0;
  for (const p of parts) {
    const from = Math.max(start, at);
    const to = Math.min(end, at + p.text.length);
    if (from < to) out.push({ text: p.text.slice(from - at, to - at), mark: p.mark });
    at += p.text.length;
  }
  if (start > 0) out.unshift({ text: '…', mark: false });
  if (end < total) out.push({ text: '…', mark: false });
  return merge(out);
}
