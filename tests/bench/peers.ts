/**
 * What a reader would get from the generator a docs team picks instead,
 * measured in the same run with the same server, browser and emulated
 * device: VitePress (a devDependency, pinned), Docusaurus and Starlight
 * (pinned too, installed by the bench on first use into
 * `node_modules/.cache/peers/`, so `npm ci` does not fetch two more
 * frameworks for a figure only the bench prints). Each builds the same
 * pages: the Markdown this site publishes beside every page (the final
 * text: variables filled in, includes expanded), this site's sidebar and
 * images, with the generator's default theme and its default search.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Manifest } from '../../src/shared/schemas/manifest.ts';
import type { SidebarItem } from '../../src/shared/schemas/site-config.ts';
import { folderBytes } from './build.ts';

/** The peer's version, as package.json pins it. */
export const VITEPRESS_VERSION = (JSON.parse(readFileSync(path.resolve('node_modules/vitepress/package.json'), 'utf8')) as { version: string }).version;

/** Docusaurus 3 with its classic preset (React as this project pins it). */
export const DOCUSAURUS_PACKAGES: Readonly<Record<string, string>> = {
  '@docusaurus/core': '3.10.2',
  '@docusaurus/preset-classic': '3.10.2',
  react: '19.3.1',
  'react-dom': '19.3.1',
};

/** Starlight on Astro 5 (Astro 6 and later need Node 22). */
export const STARLIGHT_PACKAGES: Readonly<Record<string, string>> = { astro: '5.18.2', '@astrojs/starlight': '0.37.7' };

/** One peer build. */
export interface PeerBuild {
  name: string;
  ok: boolean;
  /** Wall time of the build command, s. */
  seconds: number;
  /** Bytes of every file it wrote. */
  distBytes: number | null;
  /** Where it wrote them. */
  dist: string;
  /** Its last line of output (the error when it failed). */
  output: string;
}

/** A generator that builds this site's pages under `work`; never throws for a failed build (`ok` says). */
export type PeerBuilder = (siteDist: string, work: string) => Promise<PeerBuild>;

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}

/** The Markdown copy of the page at `pagePath`, relative to the built site: `/a/` -> `a/index.md`, `/a/b.html` -> `a/b.md`. */
export function markdownFileOf(pagePath: string): string {
  const p = pagePath.replace(/^\//, '');
  return p === '' || p.endsWith('/') ? `${p}index.md` : p.replace(/\.html$/, '.md');
}

/** What a peer gets of the built site: its manifest, its Markdown copies, and its page titles by path. */
function sourceOf(siteDist: string) {
  const manifest = Manifest.parse(JSON.parse(readFileSync(path.join(siteDist, 'manifest.json'), 'utf8')));
  const markdown = filesUnder(siteDist).filter((f) => f.endsWith('.md'));
  const have = new Set(markdown);
  return { manifest, markdown, titles: new Map(manifest.pages.map((p) => [p.path, p.title])), hasPage: (p: string) => have.has(markdownFileOf(p)) };
}

/** Copies the Markdown copies `files` of the built site into `to`, at the same paths. */
function copyMarkdown(siteDist: string, files: readonly string[], to: string): void {
  for (const f of files) {
    mkdirSync(path.dirname(path.join(to, f)), { recursive: true });
    cpSync(path.join(siteDist, f), path.join(to, f));
  }
}

/** Copies the site's images to `to` (a peer's folder of files served as they are). */
function copyImages(siteDist: string, to: string): void {
  if (existsSync(path.join(siteDist, 'images'))) cpSync(path.join(siteDist, 'images'), path.join(to, 'images'), { recursive: true });
}

/** Runs `command` in `cwd`; its exit code, its output, and its wall time. */
function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (text += d.toString('utf8')));
    child.on('close', (code) => resolve({ code, output: text, seconds: (performance.now() - started) / 1000 }));
  });
}

/** The build's record: `ok` when it exited 0 and wrote `out/index.html`. */
function recordOf(name: string, out: string, built: { code: number | null; output: string; seconds: number }): PeerBuild {
  const ok = built.code === 0 && existsSync(path.join(out, 'index.html'));
  const lines = built.output.trim().split('\n').filter(Boolean);
  const last = (ok ? lines.at(-1) : lines.findLast((l) => /error/i.test(l))) ?? lines.at(-1) ?? '';
  return { name, ok, seconds: built.seconds, distBytes: ok ? folderBytes(out) : null, dist: out, output: last.trim() };
}

/**
 * The folder holding `packages` installed (from the npm registry, once: a
 * later run finds them there while the pinned versions stay the same).
 */
async function installed(name: string, packages: Readonly<Record<string, string>>): Promise<string> {
  const dir = path.resolve('node_modules/.cache/peers', name);
  const manifest = `${JSON.stringify({ name: `peer-${name}`, private: true, dependencies: packages }, null, 2)}\n`;
  const file = path.join(dir, 'package.json');
  if (existsSync(path.join(dir, 'node_modules')) && existsSync(file) && readFileSync(file, 'utf8') === manifest) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, manifest);
  const npm = await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  if (npm.code !== 0) {
    rmSync(path.join(dir, 'node_modules'), { recursive: true, force: true });
    throw new Error(`npm install of ${name} failed: ${npm.output.trim().split('\n').at(-1) ?? ''}`);
  }
  return dir;
}

/** VitePress's sidebar for this site's sidebar: groups stay groups, pages are titled as their records are. */
function vitePressSidebar(items: readonly SidebarItem[], titles: ReadonlyMap<string, string>): unknown[] {
  return items.map((x) => (typeof x === 'string' ? { text: titles.get(x) ?? x, link: x } : { text: x.title, collapsed: false, items: vitePressSidebar(x.children, titles) }));
}

/** VitePress: the Markdown copies in place, its default theme and local search. */
export const buildVitePress: PeerBuilder = async (siteDist, work) => {
  const docs = path.join(work, 'docs');
  rmSync(work, { recursive: true, force: true });
  const src = sourceOf(siteDist);
  copyMarkdown(siteDist, src.markdown, docs);
  copyImages(siteDist, path.join(docs, 'public'));
  const config = {
    title: src.manifest.site.title,
    description: src.manifest.site.description,
    // The pages link to addresses of this site (the API reference, feeds) that are not Markdown pages.
    ignoreDeadLinks: true,
    themeConfig: { sidebar: vitePressSidebar(src.manifest.site.sidebar, src.titles), search: { provider: 'local' } },
  };
  mkdirSync(path.join(docs, '.vitepress'), { recursive: true });
  // The pages import Vue and VitePress's theme: from this project's packages, wherever the work folder is.
  symlinkSync(path.resolve('node_modules'), path.join(work, 'node_modules'), 'dir');
  writeFileSync(path.join(docs, '.vitepress', 'config.mjs'), `export default ${JSON.stringify(config, null, 1)};\n`);
  const built = await run(process.execPath, [path.resolve('node_modules/vitepress/bin/vitepress.js'), 'build', docs], work);
  return recordOf(`VitePress ${VITEPRESS_VERSION}`, path.join(docs, '.vitepress', 'dist'), built);
};

/** Docusaurus's sidebar: a page is its doc id (the Markdown file without `.md`), a group a category. */
function docusaurusSidebar(items: readonly SidebarItem[], hasPage: (p: string) => boolean): unknown[] {
  return items.flatMap((x): unknown[] => {
    if (typeof x === 'string') return hasPage(x) ? [markdownFileOf(x).replace(/\.md$/, '')] : [];
    return [{ type: 'category', label: x.title, collapsed: false, items: docusaurusSidebar(x.children, hasPage) }];
  });
}

/**
 * Docusaurus: the classic preset, its docs at the root of the site. The
 * copies are read as CommonMark (`format: 'detect'` for `.md`: MDX would
 * read their raw HTML as JSX). Its classic theme has no local search (its
 * search is Algolia's hosted service).
 */
export const buildDocusaurus: PeerBuilder = async (siteDist, work) => {
  const dir = await installed('docusaurus', DOCUSAURUS_PACKAGES);
  rmSync(work, { recursive: true, force: true });
  const src = sourceOf(siteDist);
  copyMarkdown(siteDist, src.markdown, path.join(work, 'docs'));
  copyImages(siteDist, path.join(work, 'static'));
  symlinkSync(path.join(dir, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  writeFileSync(path.join(work, 'sidebars.mjs'), `export default ${JSON.stringify({ docs: docusaurusSidebar(src.manifest.site.sidebar, src.hasPage) }, null, 1)};\n`);
  const config = {
    title: src.manifest.site.title,
    tagline: src.manifest.site.description,
    url: src.manifest.site.origin ?? 'https://example.com',
    baseUrl: '/',
    trailingSlash: true,
    // As for VitePress: links to this site's addresses that are not Markdown pages.
    onBrokenLinks: 'ignore',
    onBrokenAnchors: 'ignore',
    markdown: { format: 'detect', hooks: { onBrokenMarkdownLinks: 'ignore' } },
    presets: [['classic', { docs: { routeBasePath: '/', sidebarPath: './sidebars.mjs', numberPrefixParser: false }, blog: false }]],
    themeConfig: { navbar: { title: src.manifest.site.title } },
  };
  writeFileSync(path.join(work, 'docusaurus.config.mjs'), `export default ${JSON.stringify(config, null, 1)};\n`);
  const built = await run(process.execPath, [path.join(dir, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', work], work);
  return recordOf(`Docusaurus ${DOCUSAURUS_PACKAGES['@docusaurus/core']}`, path.join(work, 'build'), built);
};

/** Starlight's address of a page: Astro writes every page as a folder (`/a/b.html` -> `/a/b/`). */
const starlightPath = (p: string) => p.replace(/\.html$/, '/');

/** Starlight's sidebar: links by address, groups as groups. */
function starlightSidebar(items: readonly SidebarItem[], titles: ReadonlyMap<string, string>): unknown[] {
  return items.map((x) => (typeof x === 'string' ? { label: titles.get(x) ?? x, link: starlightPath(x) } : { label: x.title, items: starlightSidebar(x.children, titles) }));
}

/**
 * Starlight: Astro's content collection of the copies, each page's first
 * `# heading` moved into the `title` front matter Starlight requires (it
 * draws the h1 from it), with its default search (Pagefind, indexed at
 * build time).
 */
export const buildStarlight: PeerBuilder = async (siteDist) => {
  const dir = await installed('starlight', STARLIGHT_PACKAGES);
  // The project lives beside its packages: Astro compiles its own components wrongly through a linked node_modules.
  const work = path.join(dir, 'site');
  rmSync(work, { recursive: true, force: true });
  const src = sourceOf(siteDist);
  const docs = path.join(work, 'src', 'content', 'docs');
  for (const f of src.markdown) {
    const text = readFileSync(path.join(siteDist, f), 'utf8');
    const heading = /^# (.+)\n+/.exec(text);
    const title = heading?.[1] ?? path.basename(f, '.md');
    mkdirSync(path.dirname(path.join(docs, f)), { recursive: true });
    writeFileSync(path.join(docs, f), `---\ntitle: ${JSON.stringify(title)}\n---\n\n${heading ? text.slice(heading[0].length) : text}`);
  }
  copyImages(siteDist, path.join(work, 'public'));
  writeFileSync(path.join(work, 'package.json'), `${JSON.stringify({ name: 'peer-starlight-site', private: true, type: 'module' })}\n`);
  writeFileSync(
    path.join(work, 'src', 'content.config.mjs'),
    [
      "import { defineCollection } from 'astro:content';",
      "import { docsLoader } from '@astrojs/starlight/loaders';",
      "import { docsSchema } from '@astrojs/starlight/schema';",
      'export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };',
      '',
    ].join('\n'),
  );
  const options = { title: src.manifest.site.title, sidebar: starlightSidebar(src.manifest.site.sidebar, src.titles) };
  writeFileSync(
    path.join(work, 'astro.config.mjs'),
    [
      "import { defineConfig, passthroughImageService } from 'astro/config';",
      "import starlight from '@astrojs/starlight';",
      // The images are served as they are, as by the other generators (Astro's own service needs sharp).
      `export default defineConfig({ site: ${JSON.stringify(src.manifest.site.origin ?? 'https://example.com')}, image: { service: passthroughImageService() }, integrations: [starlight(${JSON.stringify(options)})] });`,
      '',
    ].join('\n'),
  );
  const built = await run(process.execPath, [path.join(dir, 'node_modules/astro/astro.js'), 'build', '--root', work], work);
  return recordOf(`Starlight ${STARLIGHT_PACKAGES['@astrojs/starlight']} (Astro ${STARLIGHT_PACKAGES.astro})`, path.join(work, 'dist'), built);
};

/** The peers the bench builds, in the order it prints them. */
export const PEERS: ReadonlyArray<{ key: string; build: PeerBuilder }> = [
  { key: 'vitepress', build: buildVitePress },
  { key: 'docusaurus', build: buildDocusaurus },
  { key: 'starlight', build: buildStarlight },
];
