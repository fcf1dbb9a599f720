// Transfer categories (tests/bench/classify.ts).
import { describe, expect, it } from 'vitest';
import { classify, isPageFile, pageKeySet } from './classify.ts';

const keys = pageKeySet(['/', '/guides/', '/guides/ivr/', '/releases/201912.html']);

describe('classify', () => {
  it('tells page chunks from the manifest and route files', () => {
    expect(classify('/data/pages/guides/ivr/index.json', keys)).toBe('chunk');
    expect(classify('/data/pages/index.json', keys)).toBe('chunk');
    expect(classify('/data/pages/releases/201912.html.json', keys)).toBe('chunk');
    expect(classify('/data/routes/guides.json', keys)).toBe('manifest');
    expect(classify('/manifest.json', keys)).toBe('manifest');
    expect(classify('/data/site.json', keys)).toBe('manifest');
  });

  it('sorts code, styles, fonts, search and images', () => {
    expect(classify('/assets/main-X.js', keys)).toBe('js');
    expect(classify('/search/index.json', keys)).toBe('search');
    expect(classify('/search/0a1b2c/s/mon.bin', keys)).toBe('search');
    expect(classify('/assets/app-1.css', keys)).toBe('css');
    expect(classify('/assets/fonts/open-sans-400.woff2', keys)).toBe('fonts');
    expect(classify('/images/flow.svg', keys)).toBe('images');
    expect(classify('/', keys)).toBe('html');
    expect(classify('/guides/ivr/', keys)).toBe('html');
  });

  it('matches a page file by name whatever its folder', () => {
    expect(isPageFile('/d/guides/ivr/index.json', pageKeySet(['/guides/ivr/']))).toBe(true);
    expect(isPageFile('/d/guides/index.json', pageKeySet(['/guides/ivr/']))).toBe(false);
  });
});
