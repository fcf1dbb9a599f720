import { describe, expect, it } from 'vitest';
import { canonicalUrl, editUrl, isFeedPost, markdownPathOf, markdownUrl, siteUrl } from '../../../src/shared/site-urls.ts';

describe('markdownPathOf', () => {
  it.each([
    ['/', '/index.md'],
    ['/guides/', '/guides/index.md'],
    ['/guides/ivr/', '/guides/ivr/index.md'],
    ['/releases/201912.html', '/releases/201912.md'],
    ['/blogs/202004_multitest.html', '/blogs/202004_multitest.md'],
    ['/TODO.html', '/TODO.md'],
    ['/cli', '/cli.md'],
  ])('%s -> %s', (path, expected) => expect(markdownPathOf(path)).toBe(expected));

  it('gives different pages different addresses, each beside its page', () => {
    const paths = ['/', '/guides/', '/guides/ivr/', '/guides/ivr.html', '/releases/201912.html'];
    const md = paths.map(markdownPathOf);
    expect(new Set(md).size).toBe(paths.length);
    for (const [i, p] of paths.entries()) expect(md[i]!.startsWith(p.replace(/[^/]*$/, ''))).toBe(true);
  });
});

describe('addresses from the site config', () => {
  const origin = 'https://docs.example.com';

  it('are absolute with an origin and plain paths without one', () => {
    expect(siteUrl({ origin }, '/guides/')).toBe('https://docs.example.com/guides/');
    expect(siteUrl({}, '/guides/')).toBe('/guides/');
    expect(canonicalUrl({ origin }, '/releases/201912.html')).toBe('https://docs.example.com/releases/201912.html');
    expect(canonicalUrl({}, '/guides/')).toBeUndefined();
    expect(markdownUrl({ origin }, '/guides/ivr/')).toBe('https://docs.example.com/guides/ivr/index.md');
    expect(markdownUrl({}, '/')).toBe('/index.md');
  });

  it('edit links name the branch, the content folder and the file', () => {
    const repo = { url: 'https://github.com/voxcheck/docs', branch: 'main', dir: 'content' };
    expect(editUrl(repo, 'guides/ivr/index.md')).toBe('https://github.com/voxcheck/docs/edit/main/content/guides/ivr/index.md');
    expect(editUrl({ ...repo, dir: '' }, 'TODO.md')).toBe('https://github.com/voxcheck/docs/edit/main/TODO.md');
    expect(editUrl({ ...repo, branch: 'release/2', dir: 'docs/content' }, 'a b/ü.md')).toBe('https://github.com/voxcheck/docs/edit/release/2/docs/content/a%20b/%C3%BC.md');
    expect(editUrl(undefined, 'guides/ivr/index.md')).toBeUndefined();
    expect(editUrl(repo, '')).toBeUndefined();
  });

  it('feed posts are the pages under a feed folder, and only when feeds are built', () => {
    const feed = { title: 'Releases', include: ['/releases/', '/blogs/'] };
    expect(isFeedPost({ origin, feed }, '/releases/201912.html')).toBe(true);
    expect(isFeedPost({ origin, feed }, '/blogs/202004_multitest.html')).toBe(true);
    expect(isFeedPost({ origin, feed }, '/guides/')).toBe(false);
    expect(isFeedPost({ feed }, '/releases/201912.html')).toBe(false);
    expect(isFeedPost({ origin }, '/releases/201912.html')).toBe(false);
  });
});
