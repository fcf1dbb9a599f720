/**
 * Path rules shared by the compiler and the router (§2): where a file's page
 * lives, where its chunk is fetched from, and how an address resolves to a
 * page, a redirect or the 404 layout. No React, no DOM.
 */

/** The address that follows the file: guides/ivr.md -> /guides/ivr.html, guides/index.md -> /guides/. */
export function regularPathOf(relativePath: string): string {
  const p = relativePath.replace(/\\/g, '/');
  const m = /^(.*?)(?:^|\/)(?:index|README)\.md$/i.exec(p);
  if (m) return m[1] ? `/${m[1]}/` : '/';
  return `/${p.replace(/\.md$/i, '.html')}`;
}

/** URL of a page's chunk, derived from its path so it can be requested before the manifest arrives. */
export function chunkUrl(path: string, base = '/'): string {
  const rel = path.endsWith('/') ? `${path}index` : path;
  return `${base}data/pages${rel}.json`;
}

/**
 * True for an address that has the form of a canonical page path (a folder
 * or a .html file, not /x/index.html): its chunk can be asked for before the
 * route table has said whether the page exists.
 */
export function looksCanonical(path: string): boolean {
  return path.endsWith('/') || (path.endsWith('.html') && !path.endsWith('/index.html'));
}

/** What the router needs to know about the site's addresses. */
export interface PathIndex {
  /** Canonical page paths. */
  pages: ReadonlySet<string>;
  /** Old addresses (aliases, regular paths that a permalink replaced) -> canonical path. */
  redirects: ReadonlyMap<string, string>;
}

/** Builds the index from page records. */
export function buildPathIndex(pages: ReadonlyArray<{ path: string; regularPath: string; frontmatter: { aliases?: string[] | undefined } }>): PathIndex {
  const set = new Set(pages.map((p) => p.path));
  const redirects = new Map<string, string>();
  for (const p of pages) {
    if (p.regularPath !== p.path && !set.has(p.regularPath)) redirects.set(p.regularPath, p.path);
    for (const a of p.frontmatter.aliases ?? []) if (!set.has(a)) redirects.set(a, p.path);
  }
  return { pages: set, redirects };
}

/** Result of resolving an address. */
export type Resolution = { kind: 'page'; path: string } | { kind: 'redirect'; to: string } | { kind: 'not-found' };

/** Decodes percent-escapes where they are valid; keeps the raw text where they are not. */
export function decodePath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** The canonical path an address stands for, by the exact rules (no suffix retries). */
function lookup(p: string, index: PathIndex): string | undefined {
  if (index.pages.has(p)) return p;
  const r = index.redirects.get(p);
  if (r !== undefined) return r;
  if (p.endsWith('/index.html')) return lookup(p.slice(0, -'index.html'.length), index);
  if (p.endsWith('.html') && p.length > '/.html'.length) {
    const dir = `${p.slice(0, -'.html'.length)}/`;
    if (index.pages.has(dir)) return dir;
    const rd = index.redirects.get(dir);
    if (rd !== undefined) return rd;
  }
  return undefined;
}

/**
 * Resolves a pathname: a page answers at its path; /x/index.html, a regular
 * path, an alias or x.html for /x/ redirect to it; a path with neither a
 * trailing slash nor .html is retried with .html, then with /. Anything else
 * is not found. Redirect targets are always canonical paths from the index,
 * never text taken from the address, so a redirect cannot leave the origin.
 */
export function resolvePath(pathname: string, index: PathIndex): Resolution {
  const p = decodePath(pathname);
  const found = lookup(p, index);
  if (found !== undefined) return found === p ? { kind: 'page', path: p } : { kind: 'redirect', to: found };
  if (!p.endsWith('/') && !p.endsWith('.html')) {
    const retry = lookup(`${p}.html`, index) ?? lookup(`${p}/`, index);
    if (retry !== undefined) return { kind: 'redirect', to: retry };
  }
  return { kind: 'not-found' };
}

/**
 * Sections (first path segments) whose route files are needed to resolve
 * `pathname` by the rules above: its own, and those of the addresses it may
 * be retried as.
 */
export function candidatePaths(pathname: string): string[] {
  const p = decodePath(pathname);
  const out = [p];
  if (p.endsWith('/index.html')) out.push(p.slice(0, -'index.html'.length));
  if (p.endsWith('.html')) out.push(`${p.slice(0, -'.html'.length)}/`);
  if (!p.endsWith('/') && !p.endsWith('.html')) out.push(`${p}.html`, `${p}/`, `${p}/index.html`);
  return out;
}

/** Builds a path index from known page paths and the redirect table. */
export function pathIndexOf(paths: Iterable<string>, redirects: Readonly<Record<string, string>>): PathIndex {
  return { pages: new Set(paths), redirects: new Map(Object.entries(redirects)) };
}
