// Highlighted excerpts from Algolia become text runs; nothing is ever read as HTML.
import { describe, expect, it } from 'vitest';
import { clipExcerpt, decodeEntities, parseExcerpt } from '../../../src/search/excerpt.ts';

describe('parseExcerpt', () => {
  it('splits at <mark> tags', () => {
    expect(parseExcerpt('Set the listening <mark>timeout</mark> to <mark>5</mark> s.')).toEqual([
      { text: 'Set the listening ', mark: false },
      { text: 'timeout', mark: true },
      { text: ' to ', mark: false },
      { text: '5', mark: true },
      { text: ' s.', mark: false },
    ]);
  });

  it('decodes escaped text, so escaped markup stays text', () => {
    expect(parseExcerpt('&lt;script&gt;alert(1)&lt;/script&gt; &amp; <mark>&quot;dial&quot;</mark> &#39;x&#x27;')).toEqual([
      { text: '<script>alert(1)</script> & ', mark: false },
      { text: '"dial"', mark: true },
      { text: " 'x'", mark: false },
    ]);
    expect(parseExcerpt('&lt;mark&gt;not a match&lt;/mark&gt;')).toEqual([{ text: '<mark>not a match</mark>', mark: false }]);
  });

  it('drops other tags, merges neighbouring runs and skips empty ones', () => {
    expect(parseExcerpt('<em>a</em>b<mark></mark><mark>c</mark><MARK class="x">d</MARK>')).toEqual([
      { text: 'ab', mark: false },
      { text: 'cd', mark: true },
    ]);
    expect(parseExcerpt('')).toEqual([]);
  });

  it('leaves unknown or invalid references alone', () => {
    expect(decodeEntities('&copy; &#0; &#x110000; &nbsp;')).toBe('&copy; &#0; &#x110000; \u00a0');
  });
});

describe('clipExcerpt', () => {
  const long = (n: number) => 'w'.repeat(n);

  it('keeps short excerpts as they are', () => {
    const parts = [
      { text: 'short ', mark: false },
      { text: 'hit', mark: true },
    ];
    expect(clipExcerpt(parts, 160)).toBe(parts);
  });

  it('starts a little before the first match and marks cut ends', () => {
    const out = clipExcerpt(
      [
        { text: long(200), mark: false },
        { text: 'hit', mark: true },
        { text: long(200), mark: false },
      ],
      100,
    );
    expect(out).toEqual([
      { text: `…${long(40)}`, mark: false },
      { text: 'hit', mark: true },
      { text: `${long(57)}…`, mark: false },
    ]);
  });

  it('keeps the start when the match is near it', () => {
    const out = clipExcerpt(
      [
        { text: 'hit', mark: true },
        { text: long(300), mark: false },
      ],
      50,
    );
    expect(out[0]).toEqual({ text: 'hit', mark: true });
    expect(out.map((p) => p.text).join('')).toBe(`hit${long(47)}…`);
  });
});
