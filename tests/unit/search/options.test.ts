// Keyboard order of the results: every hit of every group, arrows wrap around.
import { describe, expect, it } from 'vitest';
import { keepEqual, moveActive, optionsOf } from '../../../src/search/options.ts';

describe('optionsOf', () => {
  it('flattens groups in order with ids unique to the listbox', () => {
    const hit = (url: string) => ({ url, title: url, excerpt: [] });
    const options = optionsOf(
      [
        { path: '/a/', title: 'A', hits: [hit('/a/'), hit('/a/#x')] },
        { path: '/b/', title: 'B', hits: [hit('/b/#y')] },
      ],
      'lb',
    );
    expect(options.map((o) => [o.id, o.hit.url])).toEqual([
      ['lb-0-0', '/a/'],
      ['lb-0-1', '/a/#x'],
      ['lb-1-0', '/b/#y'],
    ]);
  });
});

describe('moveActive', () => {
  it.each([
    [-1, 1, 3, 0],
    [-1, -1, 3, 2],
    [0, 1, 3, 1],
    [2, 1, 3, 0],
    [0, -1, 3, 2],
    [1, 1, 0, -1],
  ] as const)('from %i by %i of %i -> %i', (active, step, count, next) => expect(moveActive(active, step, count)).toBe(next));
});

describe('keepEqual', () => {
  const hit = (url: string, mark = 'x') => ({
    url,
    title: url,
    excerpt: [
      { text: 'a ', mark: false },
      { text: mark, mark: true },
    ],
  });
  it('keeps the objects of hits and groups that did not change, so they are not rendered again', () => {
    const prev = [
      { path: '/a/', title: 'A', hits: [hit('/a/'), hit('/a/#x')] },
      { path: '/b/', title: 'B', hits: [hit('/b/')] },
    ];
    const same = keepEqual(prev, [
      { path: '/a/', title: 'A', hits: [hit('/a/'), hit('/a/#x')] },
      { path: '/b/', title: 'B', hits: [hit('/b/')] },
    ]);
    expect(same).toBe(prev);
    const next = keepEqual(prev, [
      { path: '/b/', title: 'B', hits: [hit('/b/')] },
      { path: '/a/', title: 'A', hits: [hit('/a/'), hit('/a/#x', 'y')] },
    ]);
    expect(next[0]).toBe(prev[1]);
    expect(next[1]).not.toBe(prev[0]);
    expect(next[1]!.hits[0]).toBe(prev[0]!.hits[0]);
    expect(next[1]!.hits[1]).toEqual(hit('/a/#x', 'y'));
    expect(keepEqual([], prev)).toBe(prev);
  });
});
