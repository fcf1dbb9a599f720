// The Markdown analysis kept between builds gives exactly what a fresh analysis gives, and only for the same text, options and code.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AnalysisPool } from '../../../manifest/analyse-pool.ts';
import { AnalysisCache } from '../../../manifest/analysis-cache.ts';
import { analyseMarkdown, type MarkdownFacts } from '../../../manifest/markdown.ts';

const bodies = Array.from({ length: 12 }, (_, i) => `Intro of page ${i} with a [link](/guides/ivr/).\n\n## Section ${i}\n\n- one\n- two\n\n### Détails ${i}\n\nText.`);

/** Runs the pool on `texts` with a cache in `dir`; returns the facts and how many pages were analysed. */
async function run(dir: string, texts: string[], code = 'code-1', options = { article: true }): Promise<{ facts: MarkdownFacts[]; analysed: number }> {
  const cache = AnalysisCache.open(dir, code, options);
  let analysed = 0;
  const put = cache.put.bind(cache);
  cache.put = (key, facts) => {
    analysed++;
    put(key, facts);
  };
  const pool = new AnalysisPool({ workers: 0, here: true }, options, cache);
  try {
    texts.forEach((b, i) => pool.add(i, b));
    return { facts: await pool.results(), analysed };
  } finally {
    await pool.close();
  }
}

describe('the analysis cache', () => {
  it('gives the facts a fresh analysis gives, and analyses again only the page that changed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'analysis-cache-'));
    const fresh = bodies.map((b) => analyseMarkdown(b));
    const first = await run(dir, bodies);
    expect(first.analysed).toBe(bodies.length);
    expect(first.facts).toEqual(fresh);

    const second = await run(dir, bodies);
    expect(second.analysed).toBe(0);
    expect(second.facts).toEqual(fresh);
    expect(second.facts[3]!.ids).toBeInstanceOf(Set);

    const edited = bodies.map((b, i) => (i === 5 ? b.replace('Text.', 'Other text.') : b));
    const third = await run(dir, edited);
    expect(third.analysed).toBe(1);
    expect(third.facts).toEqual(edited.map((b) => analyseMarkdown(b)));
  });

  it('hands out a copy: what the compiler changes in the facts is not kept', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'analysis-cache-'));
    (await run(dir, bodies)).facts[0]!.body = 'changed';
    const again = await run(dir, bodies);
    again.facts[1]!.body = 'changed too';
    expect((await run(dir, bodies)).facts.map((f) => f.body)).toEqual(bodies.map((b) => analyseMarkdown(b).body));
  });

  it('finds nothing for other analysis code or other options', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'analysis-cache-'));
    await run(dir, bodies);
    expect((await run(dir, bodies, 'code-2')).analysed).toBe(bodies.length);
    const single = await run(dir, bodies, 'code-2', { article: false });
    expect(single.analysed).toBe(bodies.length);
    expect(single.facts.every((f) => f.article === null)).toBe(true);
    // Each set of options keeps its own file: the pages output's entries are still there.
    expect((await run(dir, bodies, 'code-2')).analysed).toBe(0);
  });
});
