/**
 * The word the search figures type: the one found in the most pages (6 to 12
 * letters, not a stop word), read from a sample of the Markdown, so that it
 * has many results on any site and the choice is deterministic.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const STOP = new Set(['because', 'before', 'between', 'should', 'through', 'without', 'within', 'another', 'always', 'during', 'either', 'whether', 'instead', 'should', 'number', 'string', 'example', 'following', 'default', 'different', 'another', 'however', 'otherwise']);
/** Pages read at most: enough for a stable choice, few enough to stay fast at 10,000 pages. */
const SAMPLE = 400;

/** Picks the search word for the content folder. */
export function searchWord(contentDir: string): string {
  const files = (readdirSync(contentDir, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.md') && !f.startsWith('public/') && !f.split('/').some((s) => s.startsWith('_')))
    .sort();
  const step = Math.max(1, Math.floor(files.length / SAMPLE));
  const df = new Map<string, number>();
  for (let i = 0; i < files.length; i += step) {
    const text = readFileSync(path.join(contentDir, files[i]!), 'utf8')
      .replace(/^---[\s\S]*?\n---/, '')
      .replace(/```[\s\S]*?```/g, '')
      // Prose only: image alt text and link targets are not in the search index.
      .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
      .replace(/\]\([^)]*\)/g, ']')
      .toLowerCase();
    for (const w of new Set(text.match(/\b[a-z]{6,12}\b/g) ?? [])) if (!STOP.has(w)) df.set(w, (df.get(w) ?? 0) + 1);
  }
  const best = [...df].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  return best?.[0] ?? 'testing';
}
