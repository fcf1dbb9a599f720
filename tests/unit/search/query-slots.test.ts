import { describe, expect, it } from 'vitest';
import { slotsOf, waitsForLetters, type TypedWordRule } from '../../../src/search/query-slots.ts';

/** A large site's rule: prefixes from three letters, "ci" and "to" its words of two. */
const terms = new Set(['ci', 'to']);
const large: TypedWordRule = { minPrefix: 3, isTerm: (w) => terms.has(w) };

describe('slotsOf', () => {
  it('reads the last word as a prefix while it is typed, and the others as whole words', () => {
    expect(slotsOf('voice te', [])).toEqual([
      { alts: [['voice']], prefix: false },
      { alts: [['te']], prefix: true },
    ]);
    expect(slotsOf('voice te ', [])).toEqual([
      { alts: [['voice']], prefix: false },
      { alts: [['te']], prefix: false },
    ]);
  });

  it('leaves out a last word of one letter until its second: the words before it answer, as whole words', () => {
    expect(waitsForLetters('v')).toBe(true);
    expect(waitsForLetters('voice t')).toBe(true);
    expect(waitsForLetters('voice t ')).toBe(false);
    expect(waitsForLetters('voice te')).toBe(false);
    expect(slotsOf('v', [])).toEqual([]);
    expect(slotsOf('voice t', [])).toEqual([{ alts: [['voice']], prefix: false }]);
    expect(slotsOf('exit code 1', [])).toEqual([
      { alts: [['exit']], prefix: false },
      { alts: [['code']], prefix: false },
    ]);
  });

  it('on a large site, waits for the third letter unless two letters are a word the site has, read as itself', () => {
    expect(waitsForLetters('vo', large)).toBe(true);
    expect(waitsForLetters('voi', large)).toBe(false);
    expect(waitsForLetters('voice te', large)).toBe(true);
    expect(waitsForLetters('ci', large)).toBe(false);
    expect(slotsOf('vo', [], large)).toEqual([]);
    expect(slotsOf('voice te', [], large)).toEqual([{ alts: [['voice']], prefix: false }]);
    expect(slotsOf('voice tes', [], large)).toEqual([
      { alts: [['voice']], prefix: false },
      { alts: [['tes']], prefix: true },
    ]);
    expect(slotsOf('run from ci', [], large)).toEqual([
      { alts: [['run']], prefix: false },
      { alts: [['from']], prefix: false },
      { alts: [['ci']], prefix: false },
    ]);
    // Without the list of such words, any word of two letters is one.
    expect(slotsOf('vo', [], { minPrefix: 3 })).toEqual([{ alts: [['vo']], prefix: false }]);
  });

  it('reads a synonym group member as one place with the other members as alternatives', () => {
    const syn = [[['ivr'], ['phone', 'menu']]];
    expect(slotsOf('test phone menu ', syn)).toEqual([
      { alts: [['test']], prefix: false },
      { alts: [['phone', 'menu'], ['ivr']], prefix: false },
    ]);
  });
});
