import { describe, expect, it } from 'vitest';
import { decodeFragment } from '../../../src/lib/decode-fragment.ts';

describe('decodeFragment', () => {
  it('decodes valid escapes', () => {
    expect(decodeFragment('caf%C3%A9')).toBe('café');
    expect(decodeFragment('#a%20b')).toBe('#a b');
  });
  it.each(['%', '#%', '%E0%A4%A', '%zz', 'a%'])('keeps %s as it is instead of throwing', (t) => {
    expect(decodeFragment(t)).toBe(t);
  });
});
