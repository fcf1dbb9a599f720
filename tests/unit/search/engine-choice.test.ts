// DocSearch only when the build has both credentials; otherwise the local index.
import { describe, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import { usesDocSearch } from '../../../src/search/index.ts';
import { searchDefine } from '../../../scripts/search-define.ts';

describe('usesDocSearch', () => {
  it.each([
    [{ DOCSEARCH_APP_ID: 'APP', DOCSEARCH_API_KEY: 'key' }, true],
    [{ DOCSEARCH_APP_ID: 'APP', DOCSEARCH_API_KEY: '' }, false],
    [{ DOCSEARCH_APP_ID: '', DOCSEARCH_API_KEY: 'key' }, false],
    [{ DOCSEARCH_APP_ID: 'APP' }, false],
    [{}, false],
  ])('%o -> %s', (env, expected) => expect(usesDocSearch(env)).toBe(expected));
});

/**
 * Bundles src/search/index.ts as the site build does (esbuild, with the build's own defines for
 * `env`) and returns what the bundled buildEnv() reads and which engine it picks.
 */
async function bundled(env: Record<string, string | undefined>): Promise<{ env: unknown; docsearch: boolean }> {
  const out = await esbuild.build({
    stdin: {
      contents: `import { buildEnv, usesDocSearch } from './src/search/index.ts';\nexport const env = buildEnv();\nexport const docsearch = usesDocSearch(env);`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    define: searchDefine(env),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  return (await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0]!.text).toString('base64')}`)) as { env: unknown; docsearch: boolean };
}

describe('the build-time choice, through the esbuild define of the site build', () => {
  it('the bundle reads the credentials the build was given', async () => {
    expect(await bundled({ DOCSEARCH_APP_ID: 'APP', DOCSEARCH_API_KEY: 'key' })).toMatchObject({
      env: { DOCSEARCH_APP_ID: 'APP', DOCSEARCH_API_KEY: 'key' },
      docsearch: true,
    });
  });

  it('a build without them, or with one only, searches the local index', async () => {
    expect(await bundled({})).toMatchObject({ env: { DOCSEARCH_APP_ID: '', DOCSEARCH_API_KEY: '' }, docsearch: false });
    expect((await bundled({ DOCSEARCH_APP_ID: 'APP' })).docsearch).toBe(false);
  });
}, 30_000);
