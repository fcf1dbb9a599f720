// The compiler's output: page records with exactly the spec's fields, slugs equal to rehype-slug's, chunks, atomic dist/.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from '../../../src/shared/markdown/remark-gfm-parse.ts';
import remarkRehype from 'remark-rehype';
import rehypeSlug from 'rehype-slug';
import { compileContent } from '../../../manifest/compile.ts';
import remarkCallouts from '../../../src/shared/markdown/remark-callouts.ts';
import { ChunkRef, Manifest } from '../../../src/shared/schemas/manifest.ts';
import { chunkOf } from '../../support/chunks.ts';
import { unpackPage } from '../../../src/shared/page-pack.ts';
import { markdownPathOf } from '../../../src/shared/site-urls.ts';
import { FIXTURE_SITE } from '../../support/fixture-site.ts';
import { BROKEN_DIR } from '../../support/broken-site.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('compileContent on the fixture site', async () => {
  const r = await compileContent({ contentDir: FIXTURE_SITE });
  const ivr = r.manifest.pages.find((p) => p.path === '/guides/ivr/')!;

  it('writes page records with exactly the spec fields', () => {
    expect(Manifest.safeParse(JSON.parse(r.files.get('manifest.json')!)).success).toBe(true);
    for (const p of r.manifest.pages) {
      expect(Object.keys(p).sort()).toEqual(['frontmatter', 'headers', 'key', 'lastUpdated', 'lastUpdatedTimestamp', 'path', 'regularPath', 'relativePath', 'title']);
    }
    expect(ivr).toMatchObject({ title: 'IVR testing', regularPath: '/guides/ivr/', relativePath: 'guides/ivr/index.md', path: '/guides/ivr/' });
    expect(ivr.frontmatter).toEqual({ title: 'IVR testing', sidebarDepth: 2 });
    expect(ivr.lastUpdatedTimestamp).toBeGreaterThan(Date.UTC(2020, 0, 1));
    expect(ivr.lastUpdated).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });

  it('collects h2 and h3 headers with the slugs rehype-slug gives on the client', async () => {
    expect(ivr.headers).toEqual([
      { level: 2, title: 'Dial a number', slug: 'dial-a-number' },
      { level: 3, title: 'Send DTMF', slug: 'send-dtmf' },
      { level: 2, title: 'Set the listening timeout', slug: 'set-the-listening-timeout' },
      { level: 2, title: 'Plan the menu paths', slug: 'plan-the-menu-paths' },
      { level: 3, title: 'Cover every branch', slug: 'cover-every-branch' },
      { level: 2, title: 'Run the suite on a schedule', slug: 'run-the-suite-on-a-schedule' },
      { level: 2, title: 'Read the report', slug: 'read-the-report' },
    ]);
    const chunk = chunkOf((f) => r.files.get(f), '/guides/ivr/');
    const tree = await unified().use(remarkParse).use(remarkGfm).use(remarkCallouts).use(remarkRehype).use(rehypeSlug).run(unified().use(remarkParse).parse(chunk.markdown));
    const ids: string[] = [];
    const walk = (n: { type: string; tagName?: string; properties?: { id?: string }; children?: unknown[] }) => {
      if (n.type === 'element' && /^h[23]$/.test(n.tagName!)) ids.push(n.properties!.id!);
      (n.children as (typeof n)[] | undefined)?.forEach(walk);
    };
    walk(tree);
    expect(ids).toEqual(ivr.headers.map((h) => h.slug));
  });

  it('substitutes site variables in text but not in code blocks', () => {
    const chunk = chunkOf((f) => r.files.get(f), '/guides/ivr/');
    expect(chunk.markdown).toContain('threshold of 0.8');
    expect(chunk.markdown).toContain('expected: "{{ vars.product }}"');
  });

  it('regular paths follow the file; permalinks and aliases become the path and redirects', () => {
    const byPath = new Map(r.manifest.pages.map((p) => [p.path, p]));
    expect(byPath.get('/releases/201912.html')!.regularPath).toBe('/releases/201912.html');
    expect(byPath.get('/guides/cli/')!.frontmatter.aliases).toEqual(['/cli/']);
    expect(byPath.get('/')!.frontmatter.layout).toBe('home');
  });

  it('gives chunks the lead only for the single output, whose boot script draws it; a page document holds its text', async () => {
    const leadOf = (files: Map<string, string>) => (JSON.parse(files.get('data/pages/training/overview/index.json')!) as ChunkRef).lead;
    const single = await compileContent({ contentDir: FIXTURE_SITE, output: 'single' });
    expect(single.manifest.site.output).toBe('single');
    expect(leadOf(single.files)?.length).toBeGreaterThan(0);
    expect(r.manifest.site.output).toBe('pages');
    expect(leadOf(r.files)).toBeUndefined();
  });

  it("renders the article HTML only for page documents, by the build's option or the site's own setting", async () => {
    expect(r.pages.every((p) => typeof p.facts.article === 'string')).toBe(true);
    const dir = mkdtempSync(path.join(tmpdir(), 'single-site-'));
    cpSync(FIXTURE_SITE, dir, { recursive: true });
    const siteYml = path.join(dir, '_config/site.yml');
    writeFileSync(siteYml, `${readFileSync(siteYml, 'utf8')}\noutput: single\n`);
    const own = await compileContent({ contentDir: dir });
    expect(own.manifest.site.output).toBe('single');
    expect(own.pages.length).toBeGreaterThan(5);
    expect(own.pages.every((p) => p.facts.article === null)).toBe(true);
    const told = await compileContent({ contentDir: dir, output: 'pages' });
    expect(told.manifest.site.output).toBe('pages');
    expect(told.pages.every((p) => typeof p.facts.article === 'string')).toBe(true);
  });

  it('records image sizes in the chunk', () => {
    const chunk = JSON.parse(r.files.get('data/pages/guides/index.json')!) as ChunkRef;
    expect(chunk.images['/images/flow.svg']).toEqual({ width: 400, height: 200 });
  });

  it("keeps each page's Markdown once, in its published copy, where its chunk says", () => {
    expect(r.pages.length).toBeGreaterThan(5);
    for (const p of r.pages) {
      const file = ChunkRef.parse(unpackPage(JSON.parse(r.files.get(`data/pages/${p.record.path.endsWith('/') ? `${p.record.path.slice(1)}index` : p.record.path.slice(1)}.json`)!)));
      expect(file).not.toHaveProperty('markdown');
      const copy = r.files.get(markdownPathOf(p.record.path).slice(1))!;
      expect(copy.slice(file.source.start, file.source.start + file.source.length)).toBe(p.body.markdown.trim());
      expect(chunkOf((f) => r.files.get(f), p.record.path).markdown).toBe(p.body.markdown);
    }
  });
});

describe('npm run manifest', () => {
  function project() {
    const dir = mkdtempSync(path.join(tmpdir(), 'manifest-cli-'));
    cpSync(FIXTURE_SITE, path.join(dir, 'content'), { recursive: true });
    return dir;
  }
  const run = (dir: string) =>
    spawnSync(process.execPath, [path.join(ROOT, 'scripts/run-ts.mjs'), path.join(ROOT, 'manifest/cli.ts'), '--content', path.join(dir, 'content'), '--out', path.join(dir, 'dist')], {
      encoding: 'utf8',
    });

  // Two runs of the CLI, each in its own process: 1 to 2 s on an idle 2-core machine, over 5 s beside other test workers.
  it('writes dist/ and leaves it untouched when a later build fails', { timeout: 30_000 }, () => {
    const dir = project();
    const ok = run(dir);
    expect(ok.status).toBe(0);
    const before = readFileSync(path.join(dir, 'dist/manifest.json'), 'utf8');
    writeFileSync(path.join(dir, 'dist/app-file.txt'), 'kept');
    cpSync(path.join(BROKEN_DIR, 'dead-link'), path.join(dir, 'content'), { recursive: true });
    cpSync(path.join(BROKEN_DIR, 'bad-yaml'), path.join(dir, 'content'), { recursive: true });
    const bad = run(dir);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('2 content errors:');
    expect(bad.stderr).toContain('guides/cli/index.md:7: Dead link');
    expect(bad.stderr).toContain('guides/index.md:3: Invalid YAML');
    expect(bad.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(readFileSync(path.join(dir, 'dist/manifest.json'), 'utf8')).toBe(before);
    expect(readFileSync(path.join(dir, 'dist/app-file.txt'), 'utf8')).toBe('kept');
    expect(existsSync(path.join(dir, `dist.staging-${bad.pid}`))).toBe(false);
  });

  it('takes lastUpdatedTimestamp from the last git commit', () => {
    const dir = project();
    const git = (...a: string[]) =>
      execFileSync('git', a, {
        cwd: dir,
        env: {
          ...process.env,
          GIT_AUTHOR_DATE: '2020-05-04T10:00:00Z',
          GIT_COMMITTER_DATE: '2020-05-04T10:00:00Z',
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@example.com',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@example.com',
        },
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'content');
    expect(run(dir).status).toBe(0);
    const m = JSON.parse(readFileSync(path.join(dir, 'dist/manifest.json'), 'utf8')) as Manifest;
    const ivr = m.pages.find((p) => p.path === '/guides/ivr/');
    expect(ivr?.lastUpdatedTimestamp).toBe(Date.UTC(2020, 4, 4, 10));
    expect(ivr?.lastUpdated).toBe('May 4, 2020');
  });
});

describe('a staged compile', () => {
  it('emits each page’s Markdown copy once, as the unstaged compile makes it, and everything else the same', async () => {
    const plain = await compileContent({ contentDir: FIXTURE_SITE });
    const emitted = new Map<string, string[]>();
    const order: string[] = [];
    const staged = await compileContent({
      contentDir: FIXTURE_SITE,
      staged: true,
      emit: (file, text) => {
        order.push(file);
        emitted.set(file, [...(emitted.get(file) ?? []), text]);
      },
    });
    expect(staged.manifest).toEqual(plain.manifest);
    const copies = plain.manifest.pages.map((p) => markdownPathOf(p.path).slice(1));
    expect(copies.length).toBeGreaterThan(3);
    for (const file of copies) expect(emitted.get(file)).toEqual([plain.files.get(file)]);
    for (const [file, texts] of emitted) expect(texts).toEqual([plain.files.get(file)]);
    expect([...emitted.keys()].sort()).toEqual([...plain.files.keys()].filter((f) => !staged.files.has(f)).sort());
    // Written as each page's analysis came back: before the chunks, which wait for every page.
    const lastCopy = Math.max(...copies.map((f) => order.indexOf(f)));
    const firstChunk = order.findIndex((f) => f.startsWith('data/pages/'));
    expect(firstChunk).toBeGreaterThan(-1);
    expect(lastCopy).toBeLessThan(firstChunk);
  });
});
