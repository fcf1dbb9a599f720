// GFM constructs are only turned off for texts that cannot hold them, and then the tree is the very same.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm, { gfmOptionsFor } from '../../../src/shared/markdown/remark-gfm-parse.ts';

const full = unified().use(remarkParse).use(remarkGfm);
const lean = (md: string) => unified().use(remarkParse).use(remarkGfm, gfmOptionsFor(md));
const same = (md: string) => {
  const p = lean(md);
  expect(p.runSync(p.parse(md))).toEqual(full.runSync(full.parse(md)));
};
const none = unified().use(remarkParse).use(remarkGfm, { protocolAutolinks: false, wwwAutolinks: false, emailAutolinks: false, tables: false, strikethrough: false });

const pages = (readdirSync('content', { recursive: true }) as string[]).filter((f) => f.endsWith('.md') && !f.startsWith('public')).map((f) => readFileSync(path.join('content', f), 'utf8'));

describe('parsing without literal autolinks', () => {
  // Parsing all 67 pages (450,000 characters) twice is the cost: 4.5 s for the full parser alone, 6.8 to 8.1 s
  // for the test, measured on the 2-core machine beside a browser test. Four times that, not the 5 s default.
  it('gives the same tree for every content page', { timeout: 30_000 }, () => {
    const literal = (o: ReturnType<typeof gfmOptionsFor>) => o.protocolAutolinks || o.wwwAutolinks || o.emailAutolinks;
    expect(pages.filter((p) => !literal(gfmOptionsFor(p))).length).toBeGreaterThan(10);
    // Pages that name a URL but no e-mail address: parsed without the e-mail kind, tried at every word.
    expect(pages.filter((p) => gfmOptionsFor(p).protocolAutolinks && !gfmOptionsFor(p).emailAutolinks).length).toBeGreaterThan(3);
    expect(pages.filter((p) => !gfmOptionsFor(p).tables).length).toBeGreaterThan(5);
    for (const md of pages) same(md);
  });

  it('keeps each construct on for text that has it (where the trees would differ)', () => {
    const cases: Array<[string, keyof ReturnType<typeof gfmOptionsFor>]> = [
      ['See https://voxcheck.example/docs.', 'protocolAutolinks'],
      ['Go to www.voxcheck.example now', 'wwwAutolinks'],
      ['Go to WWW.voxcheck.example now', 'wwwAutolinks'],
      ['Write to help@voxcheck.example', 'emailAutolinks'],
      ['| a |\n| - |\n| b |', 'tables'],
      // A one-column table needs no pipe when its delimiter has a colon (found by the property below).
      ['h\n:- ', 'tables'],
      ['h\n--:', 'tables'],
      ['~~old~~ new', 'strikethrough'],
    ];
    for (const [md, key] of cases) {
      expect(gfmOptionsFor(md)[key]).toBe(true);
      expect(none.parse(md)).not.toEqual(full.parse(md));
      // That construct alone off changes the tree: the trigger is the one its kind needs.
      const without = unified()
        .use(remarkParse)
        .use(remarkGfm, { [key]: false });
      expect(without.runSync(without.parse(md))).not.toEqual(full.runSync(full.parse(md)));
      same(md);
    }
  });

  it('gives the same tree for random Markdown', () => {
    const piece = fc.constantFrom(
      '# ',
      '## ',
      '- ',
      '1. ',
      '> ',
      '| a | b |\n|---|---|\n| c | d |\n',
      '`code`',
      '**b**',
      '_i_',
      '~~s~~',
      '[x](/y)',
      '![a](/i.png)',
      '[^1]',
      '[^1]: note\n',
      '- [ ] task\n',
      '<kbd>k</kbd>',
      'http',
      'www',
      'wwwx',
      'h',
      'w',
      ':',
      '/',
      '.',
      ' ',
      '\n',
      '\n\n',
      'word',
      'https:/x',
      'https://x.example/a_b',
      'a@b.example',
      'WWW.x.example',
      'x@',
      'https://a@b.example',
      'mailto',
      'x_y_z',
      '*',
      '_',
      '|',
      '~',
      '~~',
      '-',
      ':-',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const md = parts.join('');
        same(md);
      }),
      { numRuns: 400 },
    );
  });
});
