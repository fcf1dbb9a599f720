// Every broken fixture, through the real CLI after a good build: exit 1, an error naming file, line and fix, and dist/ byte-for-byte as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_SITE } from '../../support/fixture-site.ts';
import { BROKEN_DIR } from '../../support/broken-site.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CASES = readdirSync(BROKEN_DIR).sort();

/** Runs `npm run manifest` (the CLI) on dir/content into dir/dist. Async, so the cases can run side by side. */
function run(dir: string): Promise<{ status: number | null; pid: number | undefined; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/run-ts.mjs'), path.join(ROOT, 'manifest/cli.ts'), '--content', path.join(dir, 'content'), '--out', path.join(dir, 'dist')], {
    cwd: dir,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, pid: child.pid, stdout, stderr }));
  });
}

/** sha256 of every file under `dir`, by relative path. */
function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of (readdirSync(dir, { recursive: true }) as string[]).sort()) {
    const abs = path.join(dir, f);
    try {
      out[f] = createHash('sha256').update(readFileSync(abs)).digest('hex');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EISDIR') throw e;
    }
  }
  return out;
}

/** Files of a broken case, as content-relative paths. */
const caseFiles = (name: string) => (readdirSync(path.join(BROKEN_DIR, name), { recursive: true }) as string[]).filter((f) => /\.\w+$/.test(f)).map((f) => `content/${f.split(path.sep).join('/')}`);

let good: string;
const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));
beforeAll(async () => {
  // One good build, copied for each case: every case starts from a dist/ that a successful run wrote.
  good = mkdtempSync(path.join(tmpdir(), 'broken-cli-good-'));
  made.push(good);
  cpSync(FIXTURE_SITE, path.join(good, 'content'), { recursive: true });
  const ok = await run(good);
  expect(ok.status, ok.stderr).toBe(0);
}, 60_000);

describe('a broken site through the CLI', () => {
  it('covers every folder of tests/fixtures/broken', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(12);
  });

  it.concurrent.each(CASES)('%s: exits 1, names file, line and fix, leaves dist/ untouched', { timeout: 60_000 }, async (name) => {
    const dir = mkdtempSync(path.join(tmpdir(), `broken-cli-${name}-`));
    made.push(dir);
    cpSync(good, dir, { recursive: true });
    const before = hashTree(path.join(dir, 'dist'));
    expect(Object.keys(before)).toContain('manifest.json');

    cpSync(path.join(BROKEN_DIR, name), path.join(dir, 'content'), { recursive: true });
    const bad = await run(dir);

    expect(bad.status, bad.stdout + bad.stderr).toBe(1);
    // Every error line names a file and a line and says how to fix it; the case's own file is named.
    const lines = bad.stderr.split('\n').filter((l) => l.startsWith('  content/'));
    expect(lines.length, bad.stderr).toBeGreaterThan(0);
    for (const l of lines) expect(l).toMatch(/^ {2}content\/\S+:\d+: .+ Fix: \S/);
    expect(
      caseFiles(name).some((f) => bad.stderr.includes(f)),
      bad.stderr,
    ).toBe(true);
    expect(bad.stderr).toMatch(/^\d+ content errors?:/m);
    expect(bad.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(hashTree(path.join(dir, 'dist'))).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual(['content', 'dist']); // no staging folder left behind
    expect(existsSync(path.join(dir, `dist.staging-${bad.pid}`))).toBe(false);
  });
});

describe('a broken site through the whole build', () => {
  it('exits 1 and leaves no staging folder, though the app and the stylesheet were still building when the content failed', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'broken-build-'));
    made.push(dir);
    cpSync(FIXTURE_SITE, path.join(dir, 'content'), { recursive: true });
    cpSync(path.join(BROKEN_DIR, 'bad-yaml'), path.join(dir, 'content'), { recursive: true });
    const env: NodeJS.ProcessEnv = { ...process.env, CONTENT_DIR: path.join(dir, 'content'), DIST_DIR: path.join(dir, 'dist') };
    delete env.SITE_OUTPUT;
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/run-ts.mjs'), path.join(ROOT, 'scripts/build.ts')], { cwd: ROOT, env });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const status = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    expect(status, stderr).toBe(1);
    expect(stderr).toMatch(/^\d+ content errors?:/m);
    // Nothing written after the stage was removed: no dist/, no dist.staging-<pid>.
    expect(readdirSync(dir)).toEqual(['content']);
  });
});
