// The examples' validators kept as standalone code answer as the validators Ajv compiles: the same verdict and the same errors.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { closed, compileClosed, EXAMPLE_CACHE_DIR, openApiAjv } from '../../../manifest/openapi-ajv.ts';
import { keptOnce } from '../../support/kept-code.ts';

describe('compileClosed', () => {
  it('loads a validator kept by an earlier build, which gives the errors a fresh compile gives', () => {
    // A description no other schema has: the first call cannot find it in the cache.
    const schema = {
      type: 'object',
      description: `A test run ${randomUUID()}`,
      required: ['id', 'status'],
      properties: {
        id: { type: 'integer', description: 'The run number' },
        status: { enum: ['passed', 'failed'] },
        steps: { type: 'array', items: { type: 'object', properties: { say: { type: 'string' } } } },
        device: { oneOf: [{ type: 'string' }, { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }] },
      },
    };
    const kept = keptOnce(EXAMPLE_CACHE_DIR, () => compileClosed(openApiAjv(), schema));
    const fresh = openApiAjv().compile(closed(schema) as object);
    const cases: unknown[] = [
      { id: 1, status: 'passed' },
      { id: 'one', status: 'flaky', extra: true },
      { id: 2, status: 'failed', steps: [{ say: 3, hear: 'hi' }] },
      { id: 3, status: 'passed', device: { label: 'x' } },
      'not an object',
    ];
    for (const data of cases) {
      const verdict = fresh(data);
      expect(kept(data), JSON.stringify(data)).toBe(verdict);
      expect(kept.errors ?? null, JSON.stringify(data)).toEqual(fresh.errors ?? null);
    }
    expect(fresh(cases[1])).toBe(false);
  });
});
