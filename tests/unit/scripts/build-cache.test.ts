import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appCacheDir, appCacheKey, cachedApp, cachedCss, cssCacheDir, cssCacheKey } from '../../../scripts/build-cache.ts';

/** A project folder with a stylesheet, a component and a lockfile. */
function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'build-cache-'));
  mkdirSync(path.join(root, 'src/styles'), { recursive: true });
  writeFileSync(path.join(root, 'src/styles/app.css'), '@import "tailwindcss";');
  writeFileSync(path.join(root, 'src/App.tsx'), 'export const App = () => <p className="mt-2" />;');
  writeFileSync(path.join(root, 'package-lock.json'), '{"packages":{"node_modules/tailwindcss":{"version":"4.0.0"}}}');
  return root;
}

const ARGS = ['-i', 'src/styles/app.css', '--minify'];

afterEach(() => vi.unstubAllEnvs());

describe("Tailwind's kept output", () => {
  it('has a key that changes with every input Tailwind reads, and only with those', () => {
    const root = project();
    const key = cssCacheKey(root, ARGS);
    expect(cssCacheKey(root, ARGS)).toBe(key);
    // Content and other folders are not read by Tailwind.
    mkdirSync(path.join(root, 'content'));
    writeFileSync(path.join(root, 'content/index.md'), '# Home');
    expect(cssCacheKey(root, ARGS)).toBe(key);

    const changes: Array<[string, () => void]> = [
      ['a class in a component', () => writeFileSync(path.join(root, 'src/App.tsx'), 'export const App = () => <p className="mt-3" />;')],
      ['a new source file', () => writeFileSync(path.join(root, 'src/More.tsx'), 'export const M = () => <b className="p-1" />;')],
      ['the stylesheet', () => writeFileSync(path.join(root, 'src/styles/app.css'), '@import "tailwindcss"; .x{}')],
      ['a file removed', () => rmSync(path.join(root, 'src/More.tsx'))],
      ['the lockfile', () => writeFileSync(path.join(root, 'package-lock.json'), '{"packages":{"node_modules/tailwindcss":{"version":"4.0.1"}}}')],
      ['the installed packages', () => (mkdirSync(path.join(root, 'node_modules'), { recursive: true }), writeFileSync(path.join(root, 'node_modules/.package-lock.json'), '{}'))],
    ];
    const seen = new Set([key]);
    for (const [what, change] of changes) {
      change();
      const k = cssCacheKey(root, ARGS);
      expect(seen.has(k), what).toBe(false);
      seen.add(k);
    }
    expect(cssCacheKey(root, [...ARGS, '--optimize'])).not.toBe(cssCacheKey(root, ARGS));
  });

  it('runs Tailwind once for the same inputs, again when they change, and keeps only the newest output', async () => {
    const root = project();
    const out = path.join(root, 'out.css');
    let runs = 0;
    const run = (css: string) => () => {
      runs++;
      writeFileSync(out, css);
      return Promise.resolve();
    };
    expect(await cachedCss(root, ARGS, out, run('.a{}'))).toBe('built');
    rmSync(out);
    expect(await cachedCss(root, ARGS, out, run('.never{}'))).toBe('kept');
    expect(readFileSync(out, 'utf8')).toBe('.a{}');
    expect(runs).toBe(1);

    writeFileSync(path.join(root, 'src/App.tsx'), 'export const App = () => <p className="mt-4" />;');
    expect(await cachedCss(root, ARGS, out, run('.b{}'))).toBe('built');
    expect(readFileSync(out, 'utf8')).toBe('.b{}');
    expect(runs).toBe(2);
    expect(readdirSync(cssCacheDir(root))).toEqual([`${cssCacheKey(root, ARGS)}.css`]);
  });

  it('runs Tailwind every time with BUILD_CACHE=off', async () => {
    const root = project();
    const out = path.join(root, 'out.css');
    let runs = 0;
    const run = () => {
      runs++;
      writeFileSync(out, '.a{}');
      return Promise.resolve();
    };
    await cachedCss(root, ARGS, out, run);
    vi.stubEnv('BUILD_CACHE', 'off');
    expect(await cachedCss(root, ARGS, out, run)).toBe('built');
    expect(runs).toBe(2);
  });

  it('a failed Tailwind run keeps nothing', async () => {
    const root = project();
    const out = path.join(root, 'out.css');
    await expect(cachedCss(root, ARGS, out, () => Promise.reject(new Error('Tailwind failed: syntax')))).rejects.toThrow('Tailwind failed');
    expect(() => readdirSync(cssCacheDir(root))).toThrow();
  });
});

describe('the kept app bundle', () => {
  /** A fake esbuild run: writes the bundle's files into `out` and says it read `src/App.tsx`. */
  function bundler(root: string, out: string) {
    let runs = 0;
    const run = () => {
      runs++;
      const source = readFileSync(path.join(root, 'src/App.tsx'), 'utf8');
      mkdirSync(path.join(out, 'assets/chunks'), { recursive: true });
      writeFileSync(path.join(out, 'assets/main-1.js'), `/* ${source} */`);
      writeFileSync(path.join(out, 'assets/chunks/c-1.js'), 'export {}');
      return Promise.resolve({
        entry: '/assets/main-1.js',
        preload: ['/assets/chunks/c-1.js'],
        metafile: { inputs: { [path.join(root, 'src/App.tsx')]: {} }, outputs: { [path.join(out, 'assets/main-1.js')]: {}, [path.join(out, 'assets/chunks/c-1.js')]: {} } },
      });
    };
    return { run, runs: () => runs };
  }

  it('is copied into a new output folder while its key and the files it was made from stay the same', async () => {
    const root = project();
    const first = path.join(root, 'stage-1');
    const b = bundler(root, first);
    const key = appCacheKey(root, { define: 1 }, '0.21.5');
    expect(await cachedApp(root, key, first, b.run)).toEqual({ entry: '/assets/main-1.js', preload: ['/assets/chunks/c-1.js'] });
    const second = path.join(root, 'stage-2');
    const again = bundler(root, second);
    expect(await cachedApp(root, key, second, again.run)).toEqual({ entry: '/assets/main-1.js', preload: ['/assets/chunks/c-1.js'] });
    expect(again.runs()).toBe(0);
    expect(readFileSync(path.join(second, 'assets/main-1.js'), 'utf8')).toBe(readFileSync(path.join(first, 'assets/main-1.js'), 'utf8'));
    expect(readFileSync(path.join(second, 'assets/chunks/c-1.js'), 'utf8')).toBe('export {}');
  });

  it('is made again when a file it was made from changes, when its key changes, and always with BUILD_CACHE=off', async () => {
    const root = project();
    const out = path.join(root, 'stage');
    const b = bundler(root, out);
    const key = appCacheKey(root, { define: 1 }, '0.21.5');
    await cachedApp(root, key, out, b.run);
    writeFileSync(path.join(root, 'src/App.tsx'), 'export const App = () => <p className="mt-2 mb-2" />;');
    await cachedApp(root, key, out, b.run);
    expect(b.runs()).toBe(2);
    expect(readFileSync(path.join(out, 'assets/main-1.js'), 'utf8')).toContain('mb-2');
    await cachedApp(root, key, out, b.run);
    expect(b.runs()).toBe(2);

    // Other options, another esbuild, another install: another key.
    const keys = [key, appCacheKey(root, { define: 2 }, '0.21.5'), appCacheKey(root, { define: 1 }, '0.22.0')];
    writeFileSync(path.join(root, 'package-lock.json'), '{}');
    keys.push(appCacheKey(root, { define: 1 }, '0.21.5'));
    expect(new Set(keys).size).toBe(4);
    await cachedApp(root, keys[1]!, out, b.run);
    expect(b.runs()).toBe(3);

    vi.stubEnv('BUILD_CACHE', 'off');
    await cachedApp(root, keys[1]!, out, b.run);
    expect(b.runs()).toBe(4);
    expect(readdirSync(appCacheDir(root)).sort()).toEqual(['files', 'meta.json']);
  });

  it('keeps nothing when the bundle fails', async () => {
    const root = project();
    await expect(cachedApp(root, 'k', path.join(root, 'stage'), () => Promise.reject(new Error('esbuild: syntax error')))).rejects.toThrow('syntax error');
    expect(() => readdirSync(appCacheDir(root))).toThrow();
  });
});
