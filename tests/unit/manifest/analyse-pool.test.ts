// Markdown analysis on worker threads gives exactly what the build's own thread gives, in page order.
import { describe, expect, it } from 'vitest';
import { analyseAll, AnalysisPool } from '../../../manifest/analyse-pool.ts';
import { analyseMarkdown } from '../../../manifest/markdown.ts';

const bodies = Array.from({ length: 60 }, (_, i) =>
  [
    i % 2 ? '# Page ' + i : '',
    '',
    `Intro of page ${i} with a [link](/guides/ivr/#dial-${i}) and <kbd>raw</kbd> HTML.`,
    '',
    `## Section ${i}`,
    '',
    `| a | b |\n|---|---|\n| ${i} | ![diagram](/images/d${i}.svg) |`,
    '',
    `### Détails ${i % 5}`,
    '',
    'Text under the third level, with https://example.com autolinked.',
  ].join('\n'),
);

describe('analyseAll', () => {
  it('returns the same facts from two worker threads as from this thread, in order', { timeout: 30_000 }, async () => {
    const here = bodies.map((b) => analyseMarkdown(b));
    const pooled = await analyseAll(bodies, 2);
    expect(pooled).toEqual(here);
    expect(pooled[7]!.headers.map((h) => h.slug)).toEqual(['section-7', 'détails-2']);
  });

  it('gives the facts in page order when this thread parses beside a worker (largest pages first)', { timeout: 30_000 }, async () => {
    const sized = bodies.map((b, i) => b + '\n\nMore text. '.repeat(i % 7 === 0 ? 400 : 1));
    const pool = new AnalysisPool({ workers: 1, here: true });
    try {
      sized.forEach((b, i) => pool.add(i, b));
      expect(await pool.results()).toEqual(sized.map((b) => analyseMarkdown(b)));
    } finally {
      await pool.close();
    }
  });

  it('leaves out the article HTML on every thread when asked to (the dev server), and nothing else', { timeout: 30_000 }, async () => {
    const full = bodies.map((b) => analyseMarkdown(b));
    expect(full.every((f) => typeof f.article === 'string' && f.article.includes('<h2'))).toBe(true);
    const pool = new AnalysisPool({ workers: 1, here: true }, { article: false });
    try {
      bodies.forEach((b, i) => pool.add(i, b));
      expect(await pool.results()).toEqual(full.map((f) => ({ ...f, article: null })));
    } finally {
      await pool.close();
    }
  });

  it('runs in this thread for small sites', async () => {
    expect(await analyseAll(bodies.slice(0, 3))).toEqual(bodies.slice(0, 3).map((b) => analyseMarkdown(b)));
  });
});
