/**
 * What a reader would get from the generator a docs team picks instead:
 * VitePress (a devDependency, pinned) building the same pages, measured in
 * the same run with the same server, browser and emulated device. Its input
 * is the Markdown this site publishes beside every page (the final text:
 * variables filled in, includes expanded), its sidebar this site's sidebar,
 * its images this site's images, with VitePress's default theme and its
 * local search.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Manifest } from '../../src/shared/schemas/manifest.ts';
import type { SidebarItem } from '../../src/shared/schemas/site-config.ts';
import { folderBytes } from './build.ts';

/** The peer's version, as package.json pins it. */
export const VITEPRESS_VERSION = (JSON.parse(readFileSync(path.resolve('node_modules/vitepress/package.json'), 'utf8')) as { version: string }).version;

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

/** VitePress's sidebar for this site's sidebar: groups stay groups, pages are titled as their records are. */
function sidebarOf(items: readonly SidebarItem[], titles: ReadonlyMap<string, string>): unknown[] {
  return items.map((x) => (typeof x === 'string' ? { text: titles.get(x) ?? x, link: x } : { text: x.title, collapsed: false, items: sidebarOf(x.children, titles) }));
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(path.join(dir, f)).isFile());
}

/**
 * Writes a VitePress project of the site built into `siteDist` (its
 * Markdown copies, images and sidebar) under `work`, and builds it with
 * VitePress's own command. Never throws for a failed build: `ok` says.
 */
export async function buildVitePress(siteDist: string, work: string): Promise<PeerBuild> {
  const docs = path.join(work, 'docs');
  const out = path.join(docs, '.vitepress', 'dist');
  rmSync(work, { recursive: true, force: true });
  const manifest = Manifest.parse(JSON.parse(readFileSync(path.join(siteDist, 'manifest.json'), 'utf8')));
  for (const f of filesUnder(siteDist).filter((f) => f.endsWith('.md'))) {
    mkdirSync(path.dirname(path.join(docs, f)), { recursive: true });
    cpSync(path.join(siteDist, f), path.join(docs, f));
  }
  if (existsSync(path.join(siteDist, 'images'))) cpSync(path.join(siteDist, 'images'), path.join(docs, 'public', 'images'), { recursive: true });
  const titles = new Map(manifest.pages.map((p) => [p.path, p.title]));
  const config = {
    title: manifest.site.title,
    description: manifest.site.description,
    // The pages link to addresses of this site (the API reference, feeds) that are not Markdown pages.
    ignoreDeadLinks: true,
    themeConfig: { sidebar: sidebarOf(manifest.site.sidebar, titles), search: { provider: 'local' } },
  };
  mkdirSync(path.join(docs, '.vitepress'), { recursive: true });
  // The pages import Vue and VitePress's theme: from this project's packages, wherever the work folder is.
  symlinkSync(path.resolve('node_modules'), path.join(work, 'node_modules'), 'dir');
  writeFileSync(path.join(docs, '.vitepress', 'config.mjs'), `export default ${JSON.stringify(config, null, 1)};\n`);

  const started = performance.now();
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [path.resolve('node_modules/vitepress/bin/vitepress.js'), 'build', docs], { cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (text += d.toString('utf8')));
    child.on('close', (c) => resolve({ code: c, output: text }));
  });
  const seconds = (performance.now() - started) / 1000;
  const ok = code === 0 && existsSync(path.join(out, 'index.html'));
  const last = output.trim().split('\n').filter(Boolean).at(-1) ?? '';
  return { name: `VitePress ${VITEPRESS_VERSION}`, ok, seconds, distBytes: ok ? folderBytes(out) : null, dist: out, output: last };
}
