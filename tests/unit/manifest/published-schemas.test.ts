// The published schemas' validators kept as standalone code answer as the validators Ajv compiles:
// the same verdict and the same errors, on the site's own test-script schema.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePublished, publishedAjv, SCHEMA_CACHE_DIR } from '../../../manifest/json-schema-check.ts';
import { keptOnce } from '../../support/kept-code.ts';

const testScriptSchema = JSON.parse(readFileSync(path.resolve('content/public/schemas/test-script.json'), 'utf8')) as Record<string, unknown>;

describe('compilePublished', () => {
  it('loads a validator kept by an earlier build, which gives the errors a fresh compile gives', () => {
    // A $comment no other build has written: the first call cannot find it in the cache.
    const schema = { ...testScriptSchema, $comment: `test run ${randomUUID()}` };
    const kept = keptOnce(SCHEMA_CACHE_DIR, () => compilePublished(publishedAjv(), schema));
    const fresh = publishedAjv().compile(schema);
    const cases: unknown[] = [
      { configuration: { locale: 'en-US', voiceId: 'Joanna' }, tests: [{ name: 'Greeting', steps: [{ input: 'hi', expected: 'hello' }] }] },
      { configuration: { locale: 7 }, tests: 'not a list', unknownKey: true },
      { tests: [{ steps: [{ inputt: 'hi' }] }] },
      'not an object',
    ];
    const verdicts: boolean[] = [];
    for (const data of cases) {
      const verdict = fresh(data);
      verdicts.push(verdict);
      expect(kept(data), JSON.stringify(data)).toBe(verdict);
      expect(kept.errors ?? null, JSON.stringify(data)).toEqual(fresh.errors ?? null);
    }
    // The cases reach both verdicts and errors with data, so the comparison above compared something.
    expect(verdicts.slice(1)).toEqual([false, false, false]);
    expect(fresh(cases[1])).toBe(false);
    expect(fresh.errors!.length).toBeGreaterThan(1);
  });

  it('refuses a schema Ajv refuses, and keeps nothing for it', () => {
    const listed = () => (existsSync(SCHEMA_CACHE_DIR) ? readdirSync(SCHEMA_CACHE_DIR) : []);
    const before = listed().length;
    expect(() => compilePublished(publishedAjv(), { type: 'object', properties: { a: { type: 'no-such-type' } }, $comment: randomUUID() })).toThrow();
    expect(listed()).toHaveLength(before);
  });
});
