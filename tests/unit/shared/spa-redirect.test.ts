import { describe, expect, it } from 'vitest';
import { REDIRECT_PARAM, restoredUrl } from '../../../src/shared/spa-redirect.ts';

const at = (saved: string) => `http://docs.test/#${REDIRECT_PARAM}=${encodeURIComponent(saved)}`;

describe('restoredUrl', () => {
  it('restores path, query and hash', () => {
    expect(restoredUrl(at('/guides/ivr/?a=1#dial'))).toBe('http://docs.test/guides/ivr/?a=1#dial');
  });
  it('reads the address from the query too (links made by hand)', () => {
    expect(restoredUrl(`http://docs.test/?${REDIRECT_PARAM}=${encodeURIComponent('/guides/ivr/#dial')}`)).toBe('http://docs.test/guides/ivr/#dial');
  });
  it('returns null without the parameter', () => {
    expect(restoredUrl('http://docs.test/guides/')).toBeNull();
  });
  it.each(['//evil.example/x', '/\\evil.example/x', 'https://evil.example/', '/@evil.example', '\\\\evil.example'])('keeps %s on this origin', (saved) => {
    const r = restoredUrl(at(saved));
    expect(new URL(r!).origin).toBe('http://docs.test');
  });
});
