import { describe, expect, it } from 'vitest';
import { guardLoops } from '../../../src/sandbox/loop-guard.ts';

/** Runs the guarded code with a guard that throws after `limit` calls; returns its value and the call count. */
function run(code: string, limit = 1000): { value?: unknown; error?: string; calls: number } {
  let calls = 0;
  const guard = (): void => {
    if (++calls > limit) throw new Error('stopped');
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test runs the guarded code as the sandbox does, by building a function from its text
  const fn = new Function('guard', guardLoops(code, 'guard').body) as (g: () => void) => unknown;
  try {
    return { value: fn(guard), calls };
  } catch (err) {
    return { error: (err as Error).message, calls };
  }
}

describe('guardLoops', () => {
  it('returns the value of an expression, and runs statements', () => {
    expect(run('1 + 2')).toEqual({ value: 3, calls: 0 });
    expect(run('[1, 2].map((n) => n * 2).join()')).toEqual({ value: '2,4', calls: 0 });
    expect(run('const a = 2; a * 3')).toEqual({ value: undefined, calls: 0 });
    expect(run('let s = 0; for (let i = 0; i < 5; i++) s += i; return s')).toEqual({ value: 10, calls: 5 });
  });

  it.each([
    ['while (true) {}'],
    ['while (true);'],
    ['for (;;) {}'],
    ['do {} while (true)'],
    ['for (;;) for (;;) ;'],
    ['outer: for (;;) { continue outer; }'],
    ['[1].forEach(() => { while (1) {} })'],
    ['(function f() { for (const x of [1, 2]) { while (x) ; } })()'],
    ['for (;;) { try { while (true) {} } catch {} }'],
  ])('stops the endless loop %s', (code) => {
    expect(run(code).error).toBe('stopped');
  });

  it('keeps the meaning of loops without braces', () => {
    expect(run('let n = 0; for (const x of [1, 2, 3]) if (x > 1) n += x; return n')).toEqual({ value: 5, calls: 3 });
    expect(run('let n = 0; while (n < 3) n++; return n')).toEqual({ value: 3, calls: 3 });
  });

  it('leaves loop-like text in strings and comments alone', () => {
    expect(run('"while (true) {}" /* for (;;) */')).toEqual({ value: 'while (true) {}', calls: 0 });
  });

  it('turns code that does not parse into a SyntaxError', () => {
    expect(() => guardLoops('$(', 'guard')).toThrow(SyntaxError);
    expect(() => guardLoops('a b', 'guard')).toThrow(/Unexpected token/);
  });
});
