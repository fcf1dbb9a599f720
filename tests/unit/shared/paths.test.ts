import { describe, expect, it } from 'vitest';
import { buildPathIndex, chunkUrl, regularPathOf, resolvePath } from '../../../src/shared/paths.ts';

const page = (path: string, regularPath = path, aliases?: string[]) => ({ path, regularPath, frontmatter: { aliases } });
const index = buildPathIndex([
  page('/'),
  page('/guides/'),
  page('/guides/ivr/'),
  page('/guides/cli/', '/guides/cli/', ['/cli/']),
  page('/api/', '/api/', ['/api/overview.html']),
  page('/releases/201912.html'),
  page('/blog/new/', '/blog/old-name.html'),
]);

describe('regularPathOf', () => {
  it.each([
    ['index.md', '/'],
    ['README.md', '/'],
    ['guides/index.md', '/guides/'],
    ['guides/README.md', '/guides/'],
    ['guides/ivr.md', '/guides/ivr.html'],
    ['guides/ivr/index.md', '/guides/ivr/'],
    ['releases/201912.md', '/releases/201912.html'],
    ['TODO.md', '/TODO.html'],
  ])('%s -> %s', (file, expected) => expect(regularPathOf(file)).toBe(expected));
});

describe('chunkUrl', () => {
  it('derives the chunk URL from the path', () => {
    expect(chunkUrl('/')).toBe('/data/pages/index.json');
    expect(chunkUrl('/guides/ivr/')).toBe('/data/pages/guides/ivr/index.json');
    expect(chunkUrl('/releases/201912.html')).toBe('/data/pages/releases/201912.html.json');
  });
});

describe('resolvePath', () => {
  it.each([
    ['/guides/ivr/', { kind: 'page', path: '/guides/ivr/' }],
    ['/', { kind: 'page', path: '/' }],
    ['/releases/201912.html', { kind: 'page', path: '/releases/201912.html' }],
    ['/guides/ivr/index.html', { kind: 'redirect', to: '/guides/ivr/' }],
    ['/index.html', { kind: 'redirect', to: '/' }],
    ['/guides/ivr.html', { kind: 'redirect', to: '/guides/ivr/' }],
    ['/cli/', { kind: 'redirect', to: '/guides/cli/' }],
    ['/cli', { kind: 'redirect', to: '/guides/cli/' }],
    ['/api/overview.html', { kind: 'redirect', to: '/api/' }],
    ['/blog/old-name.html', { kind: 'redirect', to: '/blog/new/' }],
    ['/guides/ivr', { kind: 'redirect', to: '/guides/ivr/' }],
    ['/releases/201912', { kind: 'redirect', to: '/releases/201912.html' }],
    ['/guides/%69vr/', { kind: 'page', path: '/guides/ivr/' }],
    ['/nope/', { kind: 'not-found' }],
    ['/nope', { kind: 'not-found' }],
    ['/guides/ivr/extra', { kind: 'not-found' }],
    ['//evil.example/x', { kind: 'not-found' }],
    ['/%E0%A4%A', { kind: 'not-found' }],
  ])('%s', (input, expected) => expect(resolvePath(input, index)).toEqual(expected));

  it('prefers .html over / when both exist', () => {
    const both = buildPathIndex([page('/a.html'), page('/a/')]);
    expect(resolvePath('/a', both)).toEqual({ kind: 'redirect', to: '/a.html' });
  });

  it('never returns a redirect that is not a canonical page path', () => {
    for (const p of ['//evil.example', '/\\evil.example', '/..//evil', 'http://evil.example/']) {
      const r = resolvePath(p, index);
      if (r.kind === 'redirect') expect(index.pages.has(r.to)).toBe(true);
    }
  });
});
