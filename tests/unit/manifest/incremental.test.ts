// The dev server's incremental compiler: a change recompiles what it touches, and the checks still see the pages that depend on it.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DevCompiler } from '../../../manifest/incremental.ts';
import type { Chunk } from '../../../src/shared/schemas/manifest.ts';
import type { SiteData } from '../../../src/shared/schemas/site-data.ts';

let work: string;
let content: string;
let out: string;
let compiler: DevCompiler;

const file = (rel: string) => path.join(content, rel);
const edit = (rel: string, from: string | RegExp, to: string) => writeFileSync(file(rel), readFileSync(file(rel), 'utf8').replace(from, to));
const json = <T>(rel: string) => JSON.parse(readFileSync(path.join(out, rel), 'utf8')) as T;
const make = () => new DevCompiler({ contentDir: content, outDir: out, cacheDir: path.join(work, 'cache'), appEntry: '/assets/main.js' });

beforeEach(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'incremental-'));
  content = path.join(work, 'content');
  out = path.join(work, 'out');
  cpSync(path.resolve('tests/fixtures/site'), content, { recursive: true });
  compiler = make();
  const first = await compiler.start();
  expect(first.errors).toEqual([]);
});

afterEach(async () => {
  await compiler.settled();
  compiler.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('DevCompiler', () => {
  it('recompiles one edited page and rewrites its chunk only', async () => {
    edit('guides/cli/index.md', /$/, '\nA sentence added in the editor.\n');
    const r = await compiler.update([file('guides/cli/index.md')]);
    expect(r.recompiled).toBe(1);
    expect(r.analysed).toBe(1);
    expect(r.changedPaths).toEqual(['/guides/cli/']);
    expect(r.routesChanged).toBe(false);
    expect(json<Chunk>('data/pages/guides/cli/index.json').markdown).toContain('A sentence added in the editor.');
  });

  it('reports a dead anchor in the page that links to a heading removed elsewhere, and clears it once the heading is back', async () => {
    edit('guides/ivr/index.md', '## Set the listening timeout', '## Set the waiting time');
    const broken = await compiler.update([file('guides/ivr/index.md')]);
    expect(broken.errors.map((e) => e.file)).toContain('content/guides/index.md');
    expect(broken.errors.find((e) => e.file === 'content/guides/index.md')!.message).toContain('#set-the-listening-timeout is not a heading of /guides/ivr/');
    edit('guides/ivr/index.md', '## Set the waiting time', '## Set the listening timeout');
    expect((await compiler.update([file('guides/ivr/index.md')])).errors).toEqual([]);
  });

  it('updates the sidebar and the neighbours\u2019 previous/next links when a title changes', async () => {
    const before = json<Chunk>('data/pages/guides/index.json');
    expect(before.next?.path).toBe('/guides/ivr/');
    edit('guides/ivr/index.md', /^title: .*$/m, 'title: Phone menus');
    const r = await compiler.update([file('guides/ivr/index.md')]);
    expect(r.recompiled).toBe(1);
    expect(r.routesChanged).toBe(true);
    expect(json<Chunk>('data/pages/guides/index.json').next).toEqual({ path: '/guides/ivr/', title: 'Phone menus' });
    expect(JSON.stringify(json<SiteData>('data/site.json').sidebar)).toContain('"Phone menus"');
    // Pages whose neighbours did not change are not rewritten.
    expect(r.changedPaths.sort()).toEqual(['/guides/', '/guides/cli/', '/guides/ivr/']);
  });

  it('re-reads the pages when a site variable changes', async () => {
    edit('_config/variables.yml', 'product: Voxcheck', 'product: Callcheck');
    const r = await compiler.update([file('_config/variables.yml')]);
    expect(r.analysed).toBeGreaterThan(0);
    expect(r.changedPaths).toContain('/guides/');
    expect(json<Chunk>('data/pages/guides/index.json').markdown).toContain('Callcheck');
  });

  it('keeps the last good chunk of a page whose front matter breaks', async () => {
    const good = readFileSync(path.join(out, 'data/pages/guides/cli/index.json'), 'utf8');
    writeFileSync(file('guides/cli/index.md'), '---\ntitle: [unclosed\n---\nBroken.\n');
    const r = await compiler.update([file('guides/cli/index.md')]);
    expect(r.errors.length).toBeGreaterThan(0);
    expect(r.errors[0]!.file).toBe('content/guides/cli/index.md');
    expect(r.errors[0]!.line).toBeGreaterThan(0);
    expect(readFileSync(path.join(out, 'data/pages/guides/cli/index.json'), 'utf8')).toBe(good);
  });

  /** The titles the sidebar lists, in order. */
  const sidebarTitles = () => [...JSON.stringify(json<SiteData>('data/site.json').sidebar).matchAll(/"kind":"page","path":"[^"]*","title":"([^"]*)"/g)].map((m) => m[1]);
  const moveCliInSidebar = () => edit('_config/site.yml', '      - /guides/cli/\n', '      - /guides/command-line/\n');

  it('serves a page moved into a new folder at its new address only, listed once in the sidebar', async () => {
    mkdirSync(file('guides/command-line'));
    renameSync(file('guides/cli/index.md'), file('guides/command-line/index.md'));
    moveCliInSidebar();
    const r = await compiler.update([file('guides/cli/index.md'), file('guides/command-line/index.md'), file('_config/site.yml')]);
    expect(r.errors).toEqual([]);
    expect(r.routesChanged).toBe(true);
    expect(r.changedPaths).toEqual(expect.arrayContaining(['/guides/cli/', '/guides/command-line/']));
    expect(json<Chunk>('data/pages/guides/command-line/index.json').record.title).toBe('CLI guide');
    expect(existsSync(path.join(out, 'data/pages/guides/cli/index.json'))).toBe(false);
    expect(sidebarTitles().filter((t) => t === 'CLI guide')).toHaveLength(1);
    expect(JSON.stringify(json<SiteData>('data/site.json').sidebar)).not.toContain('/guides/cli/');
  });

  it('follows a renamed folder when only the folder is reported', async () => {
    // A folder moved in a file manager: the watcher names the folder's old and new path, not the pages in it.
    renameSync(file('guides/cli'), file('guides/command-line'));
    moveCliInSidebar();
    const r = await compiler.update([file('guides/cli'), file('guides/command-line'), file('_config/site.yml')]);
    expect(r.errors).toEqual([]);
    expect(json<Chunk>('data/pages/guides/command-line/index.json').record.title).toBe('CLI guide');
    expect(existsSync(path.join(out, 'data/pages/guides/cli/index.json'))).toBe(false);
    expect(sidebarTitles().filter((t) => t === 'CLI guide')).toHaveLength(1);
  });

  it('removes the old address of a page renamed in its folder when only the new name is reported', async () => {
    // Node's recursive watch on Linux names the new file of a rename within one folder, not the old one.
    renameSync(file('guides/cli/index.md'), file('guides/cli/install.md'));
    const r = await compiler.update([file('guides/cli/install.md')]);
    expect(r.changedPaths).toEqual(expect.arrayContaining(['/guides/cli/', '/guides/cli/install.html']));
    expect(json<Chunk>('data/pages/guides/cli/install.html.json').record.title).toBe('CLI guide');
    expect(existsSync(path.join(out, 'data/pages/guides/cli/index.json'))).toBe(false);
    // The sidebar still names the old address: the site.yml check reports it.
    expect(r.errors.map((e) => e.file)).toEqual(['content/_config/site.yml']);
  });

  it('compiles a page created in a new folder', async () => {
    mkdirSync(file('guides/new-folder'));
    writeFileSync(file('guides/new-folder/index.md'), '---\ntitle: In a new folder\n---\nWritten while the server runs.\n');
    const r = await compiler.update([file('guides/new-folder')]);
    expect(r.errors).toEqual([]);
    expect(r.changedPaths).toEqual(['/guides/new-folder/']);
    expect(json<Chunk>('data/pages/guides/new-folder/index.json').markdown).toContain('Written while the server runs.');
  });

  it('writes the site\u2019s search synonyms into the search index, and again when only they change', async () => {
    await compiler.settled();
    expect(json<{ syn: string[][][] }>('search/index.json').syn).toEqual([]);
    edit('_config/site.yml', '  indexName: fixture-docs\n', '  indexName: fixture-docs\n  synonyms:\n    - [IVR, phone menu]\n');
    const r = await compiler.update([file('_config/site.yml')]);
    expect(r.errors).toEqual([]);
    await compiler.settled();
    expect(json<{ syn: string[][][] }>('search/index.json').syn).toEqual([[['ivr'], ['phone', 'menu']]]);
  });

  it('after a restart, analyses only the pages that changed since', async () => {
    await compiler.settled();
    compiler.saveCache();
    edit('guides/cli/index.md', /$/, '\nChanged while the server was stopped.\n');
    compiler = make();
    const r = await compiler.start();
    expect(r.errors).toEqual([]);
    expect(r.analysed).toBe(1);
    expect(r.changedPaths).toEqual(['/guides/cli/']);
  });
});
