// The words the analysis counts for the search index are the ones the index would count itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeSearchIndex, type SearchPage } from '../../../manifest/search-index.ts';
import { sectionTerms, wordsOf } from '../../../manifest/search-terms.ts';
import { words } from '../../../src/shared/search-index.ts';

describe('wordsOf', () => {
  it('gives the words `words` gives, for ASCII text and any other', () => {
    const char = fc.constantFrom('a', 'Z', 'q', '0', '9', ' ', '-', '_', '.', '\n', '\t', '/', '@', 'é', 'É', 'ß', 'ﬁ', '²', 'ǅ', 'İ', 'ö', '中', '\u0301', '٣');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 60 }), (chars) => {
        const text = chars.join('');
        expect(wordsOf(text)).toEqual(words(text));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 80 }), (text) => {
        expect(wordsOf(text)).toEqual(words(text));
      }),
      { numRuns: 500 },
    );
  });
});

describe('sectionTerms', () => {
  it('lets the index give the same files as counting every word itself', () => {
    const pages: SearchPage[] = [
      {
        path: '/a/',
        title: 'Dial a number',
        sections: [
          { slug: '', title: '', text: 'Dial the number, then dial again.' },
          { slug: 'menu', title: 'Menu tones', text: 'Tones for the menu: café, Café.' },
        ],
      },
      { path: '/b/', title: 'Number', sections: [] },
      { path: '/c/', title: 'Ünïcode ﬁle', sections: [{ slug: 'x', title: 'x2 ready', text: 'naïve ﬁle ² tones tones tones' }] },
    ];
    const dirs = [mkdtempSync(path.join(tmpdir(), 'terms-')), mkdtempSync(path.join(tmpdir(), 'terms-'))];
    try {
      const plain = writeSearchIndex(dirs[0]!, pages);
      const counted = writeSearchIndex(
        dirs[1]!,
        pages.map((p) => ({ ...p, terms: sectionTerms(p.sections) })),
      );
      // The version is the hash of every file the index writes.
      expect(counted.version).toBe(plain.version);
    } finally {
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });
});
