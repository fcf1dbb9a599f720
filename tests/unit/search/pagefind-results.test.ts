// Pagefind result data -> groups: URLs come back as the page paths the index was built with.
import { describe, expect, it } from 'vitest';
import { groupFromPagefind, sitePath } from '../../../src/search/pagefind-results.ts';

describe('sitePath', () => {
  it.each([
    ['/guides/ivr/', '/guides/ivr/'],
    ['/guides/ivr/#dial-a-number', '/guides/ivr/#dial-a-number'],
    ['/guides/ivr/index.html', '/guides/ivr/'],
    ['/guides/ivr/index.html#dial-a-number', '/guides/ivr/#dial-a-number'],
    ['/index.html', '/'],
    ['/releases/201912.html', '/releases/201912.html'],
    ['/releases/201912.html#new', '/releases/201912.html#new'],
    ['http://127.0.0.1:4173/guides/cli/', '/guides/cli/'],
  ])('%s -> %s', (url, path) => expect(sitePath(url)).toBe(path));
});

describe('groupFromPagefind', () => {
  it('turns sub-results into hits with anchors and parsed excerpts', () => {
    const g = groupFromPagefind({
      url: '/guides/ivr/index.html',
      meta: { title: 'IVR testing' },
      excerpt: 'whole page',
      sub_results: [
        { title: 'IVR testing', url: '/guides/ivr/index.html', excerpt: 'Test <mark>IVR</mark> menus' },
        { title: 'Dial a number', url: '/guides/ivr/index.html#dial-a-number', excerpt: '<mark>Dial</mark> it &amp; wait' },
      ],
    });
    expect(g).toEqual({
      path: '/guides/ivr/',
      title: 'IVR testing',
      hits: [
        { url: '/guides/ivr/', title: 'IVR testing', excerpt: [{ text: 'Test ', mark: false }, { text: 'IVR', mark: true }, { text: ' menus', mark: false }] },
        { url: '/guides/ivr/#dial-a-number', title: 'Dial a number', excerpt: [{ text: 'Dial', mark: true }, { text: ' it & wait', mark: false }] },
      ],
    });
  });

  it('lists the best-matching sections first, at most four', () => {
    const sub = (slug: string, scores: number[]) => ({ title: slug, url: `/p/#${slug}`, excerpt: slug, weighted_locations: scores.map((balanced_score) => ({ balanced_score })) });
    const g = groupFromPagefind({ url: '/p/', meta: { title: 'P' }, excerpt: '', sub_results: [sub('a', [1]), sub('b', [1]), sub('c', [2]), sub('d', [1]), sub('e', [30, 5])] });
    expect(g.hits.map((h) => h.title)).toEqual(['e', 'c', 'a', 'b']);
  });

  it('falls back to the page itself when there are no sub-results', () => {
    const g = groupFromPagefind({ url: '/releases/201912.html', meta: {}, excerpt: '<mark>New</mark>', sub_results: [] });
    expect(g).toEqual({ path: '/releases/201912.html', title: '/releases/201912.html', hits: [{ url: '/releases/201912.html', title: '/releases/201912.html', excerpt: [{ text: 'New', mark: true }] }] });
  });
});
