// DocSearch hits grouped by page: same-host URLs become site paths, hits keep Algolia's order, matches stay marked.
import { describe, expect, it } from 'vitest';
import { groupDocSearchHits, localUrl, type DocSearchHit } from '../../../src/search/docsearch-results.ts';

const ORIGIN = 'https://docs.example.com';
const hit = (url: string, lvl1: string, lvl2: string | null, content: string | null, marked?: string): DocSearchHit => ({
  url,
  hierarchy: { lvl0: 'Guides', lvl1, lvl2, lvl3: null },
  content,
  _highlightResult: marked ? { content: { value: marked } } : { hierarchy: { lvl1: { value: lvl1.replace('IVR', '<mark>IVR</mark>') } } },
});

describe('groupDocSearchHits', () => {
  it('groups by page in ranking order and links each hit to its heading', () => {
    const groups = groupDocSearchHits(
      [
        hit(`${ORIGIN}/guides/ivr/#dial-a-number`, 'IVR testing', 'Dial a number', 'Call the <number>', 'Call the &lt;<mark>number</mark>&gt;'),
        hit(`${ORIGIN}/guides/cli/#install`, 'CLI guide', 'Install', 'npm i', 'npm <mark>i</mark>'),
        hit(`${ORIGIN}/guides/ivr/`, 'IVR testing', null, null),
        hit(`${ORIGIN}/guides/ivr/#dial-a-number`, 'IVR testing', 'Dial a number', 'duplicate', 'duplicate'),
      ],
      ORIGIN,
    );
    expect(groups).toEqual([
      {
        path: '/guides/ivr/',
        title: 'IVR testing',
        hits: [
          {
            url: '/guides/ivr/#dial-a-number',
            title: 'Dial a number',
            excerpt: [
              { text: 'Call the <', mark: false },
              { text: 'number', mark: true },
              { text: '>', mark: false },
            ],
          },
          {
            url: '/guides/ivr/',
            title: 'IVR testing',
            excerpt: [
              { text: 'IVR', mark: true },
              { text: ' testing', mark: false },
            ],
          },
        ],
      },
      {
        path: '/guides/cli/',
        title: 'CLI guide',
        hits: [
          {
            url: '/guides/cli/#install',
            title: 'Install',
            excerpt: [
              { text: 'npm ', mark: false },
              { text: 'i', mark: true },
            ],
          },
        ],
      },
    ]);
  });

  it('keeps other hosts absolute and names a hit after its deepest heading', () => {
    const h: DocSearchHit = { url: 'https://other.example/a/#b', hierarchy: { lvl0: 'Other', lvl1: 'A', lvl2: 'B', lvl3: 'C' }, content: 'plain' };
    expect(groupDocSearchHits([h], ORIGIN)).toEqual([
      { path: 'https://other.example/a/', title: 'A', hits: [{ url: 'https://other.example/a/#b', title: 'C', excerpt: [{ text: 'plain', mark: false }] }] },
    ]);
  });

  it('lists at most 8 pages and 4 hits a page', () => {
    const many = Array.from({ length: 30 }, (_, i) => hit(`${ORIGIN}/p${i % 10}/#h${i}`, `P${i % 10}`, `H${i}`, 'x', '<mark>x</mark>'));
    const groups = groupDocSearchHits(many, ORIGIN);
    expect(groups.map((g) => g.path)).toEqual(['/p0/', '/p1/', '/p2/', '/p3/', '/p4/', '/p5/', '/p6/', '/p7/']);
    expect(groups.every((g) => g.hits.length === 3)).toBe(true);
    const one = groupDocSearchHits(
      Array.from({ length: 6 }, (_, i) => hit(`${ORIGIN}/p/#h${i}`, 'P', `H${i}`, 'x', 'x')),
      ORIGIN,
    );
    expect(one[0]!.hits).toHaveLength(4);
  });
});

describe('localUrl', () => {
  it('makes same-origin URLs site paths and leaves the rest', () => {
    expect(localUrl('https://docs.example.com/a/?q=1#b', ORIGIN)).toBe('/a/?q=1#b');
    expect(localUrl('/a/#b', ORIGIN)).toBe('/a/#b');
    expect(localUrl('http://docs.example.com/a/', ORIGIN)).toBe('http://docs.example.com/a/');
  });
});
