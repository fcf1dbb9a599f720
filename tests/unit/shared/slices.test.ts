// A page parsed in slices gives the tree a single parse gives: for every content page and for random Markdown.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import rehypeSlug from 'rehype-slug';
import remarkGfm from '../../../src/shared/markdown/remark-gfm-parse.ts';
import remarkCallouts from '../../../src/shared/markdown/remark-callouts.ts';
import { sliceMarkdown } from '../../../src/shared/markdown/slices.ts';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkCallouts);
const toHast = unified().use(remarkRehype).use(rehypeSlug);

/** The rendered tree without source positions (which are relative to a slice). */
function strip(n: unknown): unknown {
  if (Array.isArray(n)) return n.map(strip);
  if (n && typeof n === 'object')
    return Object.fromEntries(
      Object.entries(n)
        .filter(([k]) => k !== 'position')
        .map(([k, v]) => [k, strip(v)]),
    );
  return n;
}
const whole = (md: string) => strip(toHast.runSync(parser.runSync(parser.parse(md)) as never));
const sliced = (md: string, size?: number) => {
  const children = sliceMarkdown(md, size).flatMap((s) => (parser.runSync(parser.parse(s)) as unknown as { children: unknown[] }).children);
  return strip(toHast.runSync({ type: 'root', children } as never));
};

const pages = (readdirSync('content', { recursive: true }) as string[])
  .filter((f) => f.endsWith('.md') && !f.startsWith('public'))
  .map((f) => readFileSync(path.join('content', f), 'utf8').replace(/^---\n[\s\S]*?\n---\n/, ''));

describe('parsing in slices', () => {
  it('slices are the text, in order', () => {
    for (const md of pages) expect(sliceMarkdown(md).join('')).toBe(md);
  });

  it('cuts the long content pages, and each page gives the same tree as one parse', { timeout: 60_000 }, () => {
    expect(pages.filter((p) => sliceMarkdown(p).length > 2).length).toBeGreaterThan(20);
    for (const md of pages) {
      expect(sliced(md)).toEqual(whole(md));
      // Smallest slices: every possible cut is taken.
      expect(sliced(md, 1)).toEqual(whole(md));
    }
  });

  it('does not cut inside a fence, a loose list or an indented block, nor texts with definitions, footnotes or HTML', () => {
    const cut = (md: string) => sliceMarkdown(md, 1);
    expect(cut('```\na\n\nb\n```\n\nc\n')).toEqual(['```\na\n\nb\n```\n\n', 'c\n']);
    expect(cut('- a\n\n- b\n\n  more\n\nc\n')).toEqual(['- a\n\n- b\n\n  more\n\n', 'c\n']);
    expect(cut('    code\n\n    more\n\nd\n')).toEqual(['    code\n\n    more\n\n', 'd\n']);
    expect(cut('[a][x]\n\ntext\n\n[x]: /y\n')).toHaveLength(1);
    expect(cut('a[^1]\n\ntext\n\n[^1]: note\n')).toHaveLength(1);
    expect(cut('<div>\n\na\n\n</div>\n')).toHaveLength(1);
    expect(cut('* ~~~\n\n\n# h\n')).toHaveLength(1);
    expect(cut('> ```\n> a\n\n```\nb\n\nc\n```\n')).toHaveLength(1);
  });

  it('cuts nothing after an indented fence, which a list item may hold and close', () => {
    const cut = (md: string) => sliceMarkdown(md, 1);
    // The item's end closes the fence, and the blank lines before it are not code: a cut there would make them code.
    expect(cut('- [ ] task\n    ~~~\n\n\n# ')).toEqual(['- [ ] task\n    ~~~\n\n\n# ']);
    // A fence in an item, closed by the item's end; the unindented ``` opens a new fence running to the end.
    const md = '1. a\n   ```\n   x\n```\n\ny\n\nz\n';
    expect(cut(md)).toEqual([md]);
    expect(sliced(md, 1)).toEqual(whole(md));
    // The text before the first indented fence is still cut.
    expect(cut('a\n\nb\n\n    ~~~\n\nc\n')).toEqual(['a\n\n', 'b\n\n    ~~~\n\nc\n']);
  });

  it('gives the same tree for random Markdown', { timeout: 60_000 }, () => {
    const piece = fc.constantFrom(
      '# ',
      '## h',
      'Title\n===\n',
      '- ',
      '* ',
      '1. ',
      '2) ',
      '> ',
      '| a | b |\n|---|---|\n| c | d |\n',
      '`code`',
      '```\n',
      '~~~\n',
      '````\n',
      '    ',
      '   ',
      '  ',
      '\t',
      '**b**',
      '_i_',
      '~~s~~',
      '[x](/y)',
      '![a](/i.png)',
      '- [ ] task\n',
      '---\n',
      'word',
      'more words',
      '\n',
      '\n\n',
      '\n\n\n',
      '[!TIP]',
      '> [!WARNING] Careful\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 50 }), (parts) => {
        const md = parts.join('');
        expect(sliced(md, 1)).toEqual(whole(md));
      }),
      { numRuns: 3000 },
    );
  });
});
