import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hashHeadAssets } from '../../../scripts/head-assets.ts';

/** A built site's folder with an icon at its root and an empty assets folder. */
function site(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'head-assets-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

const icon = (href: string) => ({ tag: 'link' as const, attrs: { rel: 'icon', href, type: 'image/svg+xml' } });

describe('the files the site head links', () => {
  it('are copied under assets/ with their hash, and the link names the copy; the file stays where it was', () => {
    const dir = site();
    const [tag] = hashHeadAssets([icon('/favicon.svg')], dir, '/');
    const href = tag!.attrs.href!;
    expect(href).toMatch(/^\/assets\/favicon-[0-9a-f]{10}\.svg$/);
    expect(tag!.attrs).toMatchObject({ rel: 'icon', type: 'image/svg+xml' });
    expect(readFileSync(path.join(dir, href), 'utf8')).toBe(readFileSync(path.join(dir, 'favicon.svg'), 'utf8'));
    // Another content, another name: a deploy that changes the icon is seen at once.
    const other = site();
    writeFileSync(path.join(other, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1"/>');
    expect(hashHeadAssets([icon('/favicon.svg')], other, '/')[0]!.attrs.href).not.toBe(href);
  });

  it('read the file under the site base', () => {
    const dir = site();
    expect(hashHeadAssets([icon('/docs/favicon.svg')], dir, '/docs/')[0]!.attrs.href).toMatch(/^\/docs\/assets\/favicon-[0-9a-f]{10}\.svg$/);
  });

  it('leave alone what is not a file of the site: other hosts, missing files, folders, queries, paths out of the folder, meta tags', () => {
    const dir = site();
    const head = [
      icon('https://cdn.example/favicon.svg'),
      icon('//cdn.example/favicon.svg'),
      icon('/missing.svg'),
      icon('/assets/'),
      icon('/favicon.svg?v=2'),
      icon('/../favicon.svg'),
      icon('/favicon.svg'),
      { tag: 'meta' as const, attrs: { name: 'theme-color', content: '/favicon.svg' } },
    ];
    const out = hashHeadAssets(head, dir, '/');
    expect(out.slice(0, 6)).toEqual(head.slice(0, 6));
    expect(out[6]!.attrs.href).toMatch(/^\/assets\/favicon-/);
    expect(out[7]).toEqual(head[7]);
    // Under a base, a path outside it is not the site's.
    expect(hashHeadAssets([icon('/favicon.svg')], dir, '/docs/')).toEqual([icon('/favicon.svg')]);
  });
});
