/**
 * The site's own files that `head:` in site.yml links (the icon): each one
 * copied under /assets/ with its content's hash in the name, and the link
 * pointed at the copy.
 *
 * Chromium asks for the page's icon again after every client navigation. At
 * its plain address the file is served `no-cache` (it may change with any
 * deploy), so each navigation cost a request to the server; a hashed file
 * under /assets/ is cached for good and answered from the browser's cache.
 * The file stays at its own address too, for whatever names it there.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../src/shared/schemas/site-config.ts';

type HeadTag = SiteConfig['head'][number];

/** The file under the site's base that `href` names (a path with no query, hash or scheme), else undefined. */
function localFile(href: string, base: string): string | undefined {
  if (!href.startsWith(base) || !/^\/(?!\/)[^?#]*$/.test(href)) return undefined;
  try {
    return decodeURI(href.slice(base.length));
  } catch {
    return undefined;
  }
}

/** `head`'s tags with each local `link` href that names a file in `outDir` pointed at a hashed copy under `assets/`. */
export function hashHeadAssets(head: readonly HeadTag[], outDir: string, base: string): HeadTag[] {
  return head.map((t) => {
    const href = t.tag === 'link' ? t.attrs.href : undefined;
    const rel = href === undefined ? undefined : localFile(href, base);
    if (rel === undefined || rel === '' || rel.startsWith('assets/')) return t;
    const file = path.resolve(outDir, rel);
    if (!file.startsWith(path.resolve(outDir) + path.sep) || !existsSync(file) || !statSync(file).isFile()) return t;
    const hash = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 10);
    const ext = path.extname(rel);
    const name = `${path.basename(rel, ext)}-${hash}${ext}`;
    copyFileSync(file, path.join(outDir, 'assets', name));
    return { ...t, attrs: { ...t.attrs, href: `${base}assets/${encodeURIComponent(name)}` } };
  });
}
