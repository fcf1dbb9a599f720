import { describe, expect, it } from 'vitest';
import { markdownSourceOf, pageMarkdown } from '../../../src/shared/page-markdown.ts';
import { markdownFromCopy, markdownHash } from '../../../src/shared/markdown-source.ts';
import type { PageRecord } from '../../../src/shared/schemas/page-record.ts';

const record = (frontmatter: PageRecord['frontmatter']): PageRecord => ({
  title: 'Test an IVR',
  frontmatter,
  regularPath: '/guides/ivr/',
  relativePath: 'guides/ivr/index.md',
  key: 'v-1',
  path: '/guides/ivr/',
  headers: [],
  lastUpdated: 'November 25, 2026',
  lastUpdatedTimestamp: 0,
});

describe('a chunk Markdown kept in the published copy', () => {
  const bodies = ['Plain text.\n\n## A heading\n\nMore — with “quotes” and 🎧.\n', '    an indented code block first\n\ntext\n\n\n', '\n\n  \nText after blank lines', ''];
  const records = [record({ description: 'One line.' }), record({ tagline: 'Tag', features: [{ title: 'F', link: '/f/', details: 'd' }], choices: [{ title: 'C', link: '/c/', description: 'c' }] })];

  it('gives back exactly the body, white space included, from the copy readers get', () => {
    for (const r of records)
      for (const body of bodies) {
        const text = pageMarkdown(r, body, 'https://docs.example/guides/ivr/');
        expect(markdownFromCopy(text, markdownSourceOf(r, body, 'https://docs.example/guides/ivr/'))).toBe(body);
      }
  });

  it('finds nothing in a copy of another build', () => {
    const source = markdownSourceOf(records[0]!, 'Old text.\n', 'u');
    const text = pageMarkdown(records[0]!, 'New text.\n', 'u');
    expect(markdownFromCopy(text, source)).toBeUndefined();
    expect(markdownFromCopy('', source)).toBeUndefined();
  });

  it('hashes to 8 hex digits that differ for a one-letter change', () => {
    expect(markdownHash('abc')).toMatch(/^[0-9a-f]{8}$/);
    expect(markdownHash('abc')).not.toBe(markdownHash('abd'));
    expect(markdownHash('')).toBe('811c9dc5');
  });
});
