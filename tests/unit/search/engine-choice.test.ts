// DocSearch only when the build has both credentials; otherwise the local index.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildEnv, usesDocSearch } from '../../../src/search/index.ts';

describe('usesDocSearch', () => {
  it.each([
    [{ DOCSEARCH_APP_ID: 'APP', DOCSEARCH_API_KEY: 'key' }, true],
    [{ DOCSEARCH_APP_ID: 'APP', DOCSEARCH_API_KEY: '' }, false],
    [{ DOCSEARCH_APP_ID: '', DOCSEARCH_API_KEY: 'key' }, false],
    [{ DOCSEARCH_APP_ID: 'APP' }, false],
    [{}, false],
  ])('%o -> %s', (env, expected) => expect(usesDocSearch(env)).toBe(expected));

  afterEach(() => vi.unstubAllEnvs());

  it('reads the build-time variables', () => {
    vi.stubEnv('DOCSEARCH_APP_ID', '');
    vi.stubEnv('DOCSEARCH_API_KEY', '');
    expect(usesDocSearch(buildEnv())).toBe(false);
    vi.stubEnv('DOCSEARCH_APP_ID', 'APP');
    vi.stubEnv('DOCSEARCH_API_KEY', 'key');
    expect(buildEnv()).toEqual({ DOCSEARCH_APP_ID: 'APP', DOCSEARCH_API_KEY: 'key' });
  });
});
