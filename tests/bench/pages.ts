/**
 * The pages a measurement visits, read from the content folder itself (not
 * from the built manifest, whose shape the app is free to change): the home
 * page, a typical default page, an overview page and a missing address.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { regularPathOf } from '../../src/shared/paths.ts';
import { isPageFile, pageKeySet } from './classify.ts';

/** One Markdown page as the bench sees it. */
export interface PageInfo {
  /** The page's address. */
  path: string;
  /** The text its h1 shows (the home page's heroText, else the title). */
  h1: string;
  layout: string;
  /** Body length in characters. */
  size: number;
  /** File, relative to the content folder. */
  file: string;
}

/** The pages each figure is measured on. */
export interface BenchPages {
  all: PageInfo[];
  home: PageInfo;
  /** The median-size default-layout page of the sidebar. */
  default: PageInfo;
  /** The first overview-layout page (training, IVR or chatbot), if any. */
  overview: PageInfo | undefined;
  /** An address no page answers at. */
  notFound: string;
  /** Sidebar paths in order. */
  sidebar: string[];
}

/** An address that is no page. */
export const MISSING_PATH = '/bench/no-such-page/';

function markdownFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.toLowerCase().endsWith('.md') && !f.startsWith('public/') && !f.split('/').some((s) => s.startsWith('_')))
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .sort();
}

/** Splits `---` front matter from the body; a broken block reads as none. */
function split(text: string): { fm: Record<string, unknown>; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!m) return { fm: {}, body: text };
  try {
    const fm = parse(m[1]!) as unknown;
    return { fm: fm && typeof fm === 'object' ? (fm as Record<string, unknown>) : {}, body: text.slice(m[0].length) };
  } catch {
    return { fm: {}, body: text.slice(m[0].length) };
  }
}

/** Reads one page's address, h1 text, layout and size. */
export function readPage(contentDir: string, file: string): PageInfo {
  const { fm, body } = split(readFileSync(path.join(contentDir, file), 'utf8'));
  const str = (k: string) => (typeof fm[k] === 'string' ? (fm[k]) : undefined);
  const home = fm.home === true || str('layout') === 'home';
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(body)?.[1];
  const title = str('title') ?? heading ?? file;
  return {
    path: str('permalink') ?? regularPathOf(file),
    h1: home ? (str('heroText') ?? title) : title,
    layout: home ? 'home' : (str('layout') ?? 'default'),
    size: body.length,
    file,
  };
}

/** Flattens the site config's sidebar to page paths. */
function sidebarOf(contentDir: string): string[] {
  try {
    const cfg = parse(readFileSync(path.join(contentDir, '_config/site.yml'), 'utf8')) as { sidebar?: unknown[] };
    const walk = (items: unknown[]): string[] =>
      items.flatMap((i) => (typeof i === 'string' ? [i] : i && typeof i === 'object' && Array.isArray((i as { children?: unknown }).children) ? walk((i as { children: unknown[] }).children) : []));
    return walk(cfg.sidebar ?? []);
  } catch {
    return [];
  }
}

/** Reads the content folder and picks the pages to measure. */
export function benchPages(contentDir: string): BenchPages {
  const all = markdownFiles(contentDir).map((f) => readPage(contentDir, f));
  const sidebar = sidebarOf(contentDir);
  const home = all.find((p) => p.layout === 'home') ?? all.find((p) => p.path === '/');
  if (!home) throw new Error(`${contentDir} has no home page (index.md).`);
  const defaults = all.filter((p) => p.layout === 'default' && p.path !== '/');
  const inSidebar = defaults.filter((p) => sidebar.includes(p.path));
  const pool = (inSidebar.length ? inSidebar : defaults).slice().sort((a, b) => a.size - b.size || a.path.localeCompare(b.path));
  const def = pool[Math.floor((pool.length - 1) / 2)];
  if (!def) throw new Error(`${contentDir} has no page with the default layout.`);
  return { all, home, default: def, overview: all.find((p) => p.layout.endsWith('-overview')), notFound: MISSING_PATH, sidebar };
}

/** True when `url` is the JSON file that carries the page at `pagePath` (matched by name, so a change of data folder does not matter). */
export function isPageData(url: string, pagePath: string): boolean {
  return pagePath !== '/' && isPageFile(new URL(url, 'http://x').pathname, pageKeySet([pagePath]));
}
