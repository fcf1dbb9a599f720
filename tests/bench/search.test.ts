// The pure parts of the search figures (tests/bench/search.ts).
import { describe, expect, it } from 'vitest';
import { bytesByKind, filesReady, keystrokeSpread, type TypedKeystroke } from './search.ts';
import type { Served } from './site-server.ts';

const served = (url: string, start: number, end: number, bytes = 100): Served => ({ url, status: 200, bytes, start, end });
const key = (ms: number | null, ready = true): TypedKeystroke => ({ query: 'q', key: 'x', ms, filesReady: ready });

describe('search figures', () => {
  it('counts a keystroke as answered from loaded files only when nothing was being answered meanwhile', () => {
    // Keydown at 1000, last change painted at 1020.
    expect(filesReady(1000, 1020, [served('/search/abc/s/mo.bin', 900, 990)])).toBe(true);
    expect(filesReady(1000, 1020, [served('/search/abc/s/mo.bin', 1005, 1010)])).toBe(false);
    // Still arriving at the keydown: the keystroke waited for it.
    expect(filesReady(1000, 1020, [served('/search/abc/s/mo.bin', 990, 1001)])).toBe(false);
    // Loading ahead once the answer is painted is the next keystroke's business.
    expect(filesReady(1000, 1020, [served('/search/abc/s/mon.bin', 1025, 1030)])).toBe(true);
  });

  it('sums bytes by kind', () => {
    const bytes = bytesByKind([served('/search/index.json', 0, 1, 300), served('/search/abc/t/5.bin', 0, 1, 200), served('/assets/search-X.js', 0, 1, 1000), served('/data/site.json', 0, 1, 50)]);
    expect(bytes).toEqual({ search: 500, js: 1000, other: 50, total: 1550 });
  });

  it('summarises only keystrokes that changed the UI with their files loaded', () => {
    const s = keystrokeSpread([key(4), key(6), key(null), key(110, false), key(8)]);
    expect(s).toMatchObject({ n: 3, median: 6, p95: 8, max: 8 });
  });
});
