/**
 * Checks every reference a page or the site config makes: internal links and
 * #anchors, images (which must exist and have alt text; their sizes go into
 * the chunk), front-matter links, navbar links and sidebar entries.
 */
import path from 'node:path';
import type { SidebarItem, SiteConfig } from '../src/shared/schemas/site-config.ts';
import { buildPathIndex, decodePath, resolvePath } from '../src/shared/paths.ts';
import type { ContentError } from './errors.ts';
import type { YamlSource } from './yaml-source.ts';
import type { CompiledPage } from './compiled-page.ts';
import { imageSize } from './images.ts';

interface Context {
  pages: CompiledPage[];
  publicFiles: ReadonlySet<string>;
  contentDir: string;
  publicDir: string;
  site: { config: SiteConfig; src: YamlSource; file: string } | undefined;
  errors: ContentError[];
  /**
   * The pages whose references are checked (default: all). The dev server
   * re-checks only the pages a change can affect; every page still answers
   * as a link target.
   */
  only?: ReadonlyArray<CompiledPage> | undefined;
}

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** Suggests the existing path closest to `wanted` (longest shared prefix). */
function closest(wanted: string, paths: Iterable<string>): string {
  let best = '/';
  let score = -1;
  for (const p of paths) {
    let i = 0;
    while (i < p.length && p[i] === wanted[i]) i++;
    if (i > score) {
      score = i;
      best = p;
    }
  }
  return best;
}

/** Decodes percent-escapes of an #anchor where they are valid; keeps the raw text where they are not. */
function decodeAnchor(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The path `url` points at from `base`, or null when it is not a valid address (`/\[`). */
function pathnameOf(url: string, base: string): string | null {
  try {
    return decodePath(new URL(url, base).pathname);
  } catch {
    return null;
  }
}

/** Checks all references; pushes errors and fills each chunk's image sizes. */
export function checkReferences(ctx: Context): void {
  const { pages, errors } = ctx;
  const index = buildPathIndex(pages.map((p) => p.record));
  const byPath = new Map(pages.map((p) => [p.record.path, p]));
  const byFile = new Map(pages.map((p) => [p.record.relativePath, p]));
  // Each image file read once per check, however many pages show it: the 10,000-page bench site shows six
  // diagrams on some 10,000 pages, and each was opened and read for every one.
  const sizes = new Map<string, ReturnType<typeof imageSize>>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) sizes.set(file, (size = imageSize(file)));
    return size;
  };

  /** Checks one internal URL; returns an error text, or null when it resolves. */
  const check = (url: string, from: CompiledPage | null): string | null => {
    if (EXTERNAL.test(url)) return null;
    const hashAt = url.indexOf('#');
    const rawPath = (hashAt >= 0 ? url.slice(0, hashAt) : url).replace(/\?.*$/, '');
    const anchor = hashAt >= 0 ? decodeAnchor(url.slice(hashAt + 1)) : '';
    let target: CompiledPage | undefined;
    if (rawPath === '') {
      if (!from) return `"${url}" has no page to point into`;
      target = from;
    } else {
      const base = from ? `http://site${from.record.path}` : 'http://site/';
      let pathname = pathnameOf(rawPath, base);
      if (pathname === null) return `"${url}" is not a valid address`;
      if (pathname.toLowerCase().endsWith('.md')) {
        const p = byFile.get(pathname.slice(1));
        if (!p) return `the file ${pathname.slice(1)} is not a page`;
        pathname = p.record.path;
      }
      if (ctx.publicFiles.has(pathname)) return null;
      const r = resolvePath(pathname, index);
      if (r.kind === 'not-found') return `${pathname} leads nowhere (did you mean ${closest(pathname, index.pages)}?)`;
      target = byPath.get(r.kind === 'page' ? r.path : r.to);
    }
    if (anchor && target && !target.facts.ids.has(anchor)) {
      const ids = [...target.facts.ids];
      return `#${anchor} is not a heading of ${target.record.path}${ids.length ? ` (did you mean #${closest(anchor, ids)}?)` : ''}`;
    }
    return null;
  };

  for (const page of ctx.only ?? pages) {
    for (const link of page.facts.links) {
      const problem = check(link.url, page);
      if (problem) {
        errors.push({
          file: page.file,
          line: page.bodyLine + link.line - 1,
          message: `Dead link "${link.url}": ${problem}.`,
          fix: 'Point the link at an existing page and heading, or remove it.',
        });
      }
    }
    for (const img of page.facts.images) {
      const line = page.bodyLine + img.line - 1;
      if (EXTERNAL.test(img.url)) {
        errors.push({ file: page.file, line, message: `Image "${img.url}" is on another host.`, fix: `Save it under content/${ctx.publicDir}/images/ and link it by its site path.` });
        continue;
      }
      const src = pathnameOf(img.url, `http://site${page.record.path}`);
      if (src === null) {
        errors.push({ file: page.file, line, message: `Image "${img.url}" is not a valid address.`, fix: 'Link the image by its site path, such as /images/name.svg.' });
        continue;
      }
      if (!ctx.publicFiles.has(src)) {
        errors.push({ file: page.file, line, message: `Image "${img.url}" does not exist.`, fix: `Add the file as content/${ctx.publicDir}${src} or correct the path.` });
        continue;
      }
      if (!img.alt?.trim()) {
        errors.push({ file: page.file, line, message: `Image "${img.url}" has no alt text.`, fix: 'Describe the picture between the brackets: ![What it shows](...).' });
      }
      const size = sizeOf(path.join(ctx.contentDir, ctx.publicDir, src));
      if ('error' in size) {
        errors.push({ file: page.file, line, message: `Image "${img.url}" has no usable size: ${size.error}.`, fix: 'Give the <svg> element width and height attributes, or use a PNG.' });
      } else page.body.images[img.url] = size;
    }
    const fm = page.record.frontmatter;
    const fmLinks: Array<[PropertyKey[], string | false | undefined]> = [
      [['actionLink'], fm.actionLink],
      [['prev'], fm.prev],
      [['next'], fm.next],
      ...(fm.features ?? []).map((f, i): [PropertyKey[], string] => [['features', i, 'link'], f.link]),
      ...(fm.choices ?? []).map((c, i): [PropertyKey[], string] => [['choices', i, 'link'], c.link]),
    ];
    for (const [at, url] of fmLinks) {
      if (!url) continue;
      const problem = check(url, page);
      if (problem) {
        errors.push({ file: page.file, line: page.fm?.lineOf(at) ?? 1, message: `Dead link in front matter "${at.join('.')}": ${problem}.`, fix: 'Point it at an existing page.' });
      }
    }
    if (fm.heroImage && !ctx.publicFiles.has(fm.heroImage)) {
      errors.push({ file: page.file, line: page.fm?.lineOf(['heroImage']) ?? 1, message: `Hero image "${fm.heroImage}" does not exist.`, fix: `Add it under content/${ctx.publicDir}/.` });
    } else if (fm.heroImage) {
      const size = sizeOf(path.join(ctx.contentDir, ctx.publicDir, fm.heroImage));
      if (!('error' in size)) page.body.images[fm.heroImage] = size;
    }
  }

  if (!ctx.site) return;
  const { config, src, file } = ctx.site;
  config.nav.forEach((n, i) => {
    const problem = check(n.link, null);
    if (problem) errors.push({ file, line: src.lineOf(['nav', i, 'link']), message: `Dead navbar link "${n.link}": ${problem}.`, fix: 'Point it at an existing page.' });
  });
  if (config.image && !ctx.publicFiles.has(config.image.src)) {
    errors.push({
      file,
      line: src.lineOf(['image', 'src']),
      message: `Social image "${config.image.src}" does not exist.`,
      fix: `Add it as content/${ctx.publicDir}${config.image.src} (a 1200 x 630 PNG or JPEG) or correct the path.`,
    });
  }
  const seen = new Set<string>();
  const walk = (items: ReadonlyArray<SidebarItem>, at: PropertyKey[]) => {
    items.forEach((item, i) => {
      if (typeof item !== 'string') return walk(item.children, [...at, i, 'children']);
      // Found only for an error: a line costs a second parse of site.yml (yaml-source.ts).
      const line = () => src.lineOf([...at, i]);
      if (!byPath.has(item)) {
        const r = resolvePath(item, index);
        errors.push({
          file,
          line: line(),
          message: `Sidebar entry ${item} is not a page${r.kind === 'redirect' ? ` (it redirects to ${r.to})` : ''}.`,
          fix:
            r.kind === 'redirect' ? `Write ${r.to} instead.` : `Create the page (for example content${item.endsWith('/') ? `${item}index.md` : item.replace(/\.html$/, '.md')}) or remove the entry.`,
        });
      } else if (seen.has(item)) {
        errors.push({ file, line: line(), message: `Sidebar entry ${item} appears twice.`, fix: 'Keep one entry per page, so previous/next links stay in one order.' });
      }
      seen.add(item);
    });
  };
  walk(config.sidebar, ['sidebar']);
}
