import { describe, expect, it } from 'vitest';
import { headerTree, prevNext, readingOrder, resolveSidebar } from '../../../src/shared/sidebar.ts';
import type { PageRecord } from '../../../src/shared/schemas/page-record.ts';

const rec = (path: string, title: string, frontmatter: PageRecord['frontmatter'] = {}): PageRecord => ({
  title,
  frontmatter,
  path,
  regularPath: path,
  relativePath: '',
  key: path,
  headers: [],
  lastUpdated: '',
  lastUpdatedTimestamp: 0,
});
const pages = new Map([rec('/a/', 'A'), rec('/b/', 'B'), rec('/c/', 'C', { prev: false, next: '/a/' })].map((r) => [r.path, r]));
const sidebar = [{ title: 'G', children: ['/a/', { title: 'Sub', children: ['/b/', '/c/'] }] }];

describe('sidebar', () => {
  it('flattens the reading order', () => expect(readingOrder(sidebar)).toEqual(['/a/', '/b/', '/c/']));
  it('resolves titles', () => {
    expect(resolveSidebar(sidebar, pages)).toEqual([
      {
        kind: 'group',
        title: 'G',
        collapsed: false,
        children: [
          { kind: 'page', path: '/a/', title: 'A' },
          {
            kind: 'group',
            title: 'Sub',
            collapsed: false,
            children: [
              { kind: 'page', path: '/b/', title: 'B' },
              { kind: 'page', path: '/c/', title: 'C' },
            ],
          },
        ],
      },
    ]);
  });
  it('prev/next follow the order; front matter overrides', () => {
    const order = readingOrder(sidebar);
    expect(prevNext(pages.get('/b/')!, order, pages)).toEqual({ prev: { path: '/a/', title: 'A' }, next: { path: '/c/', title: 'C' } });
    expect(prevNext(pages.get('/a/')!, order, pages)).toEqual({ prev: undefined, next: { path: '/b/', title: 'B' } });
    expect(prevNext(pages.get('/c/')!, order, pages)).toEqual({ prev: undefined, next: { path: '/a/', title: 'A' } });
  });
  it('nests headers down to sidebarDepth', () => {
    const h = [
      { level: 2, title: 'One', slug: 'one' },
      { level: 3, title: 'One a', slug: 'one-a' },
      { level: 2, title: 'Two', slug: 'two' },
    ];
    expect(headerTree(h, 0)).toEqual([]);
    expect(headerTree(h)).toEqual([
      { title: 'One', slug: 'one', children: [] },
      { title: 'Two', slug: 'two', children: [] },
    ]);
    expect(headerTree(h, 2)[0]!.children).toEqual([{ title: 'One a', slug: 'one-a', children: [] }]);
  });
});
