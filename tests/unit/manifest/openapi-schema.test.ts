// The kept OpenAPI 3.1 validator answers exactly as swagger-parser's own validate(): the same document or the same error.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validateOpenApi } from '../../../manifest/openapi-schema.ts';

const FILE = path.resolve('content/public/openapi.yaml');
const REAL_TEXT = readFileSync(FILE, 'utf8');

type Doc = Record<string, unknown>;
const real = () => parse(REAL_TEXT) as Doc;

/** What a validation gave: the document, or the error's message and Ajv details. */
async function outcome(run: () => Promise<unknown>) {
  try {
    return { doc: await run() };
  } catch (e) {
    const err = e as Error & { details?: unknown };
    return { name: err.name, message: err.message, details: err.details };
  }
}

/** Documents each taking another path: valid, schema errors, broken $refs, circular, other versions. */
const CASES: Array<[string, () => Doc]> = [
  ['the real document', real],
  ['a response without a description', () => parse(REAL_TEXT.replace('          description: One page of test suites.\n', '')) as Doc],
  ['an unknown top-level field and a wrong type', () => ({ ...real(), color: 'blue', servers: 'nowhere' })],
  [
    'a parameter in no known place',
    () => {
      const doc = real();
      const paths = doc.paths as Record<string, Record<string, { parameters?: unknown[] }>>;
      paths['/test-suites']!.get!.parameters = [{ name: 'q', in: 'nowhere', schema: { type: 'string' } }];
      return doc;
    },
  ],
  ['a $ref to nothing', () => parse(REAL_TEXT.replace('$ref: "#/components/schemas/TestSuiteList"', '$ref: "#/components/schemas/Nothing"')) as Doc],
  ['a number as version', () => ({ ...real(), info: { title: 'x', version: 1 } })],
  ['an unsupported 3.1 patch version', () => ({ ...real(), openapi: '3.1.9' })],
  ['no paths', () => ({ openapi: '3.1.0', info: { title: 'x', version: '1' } })],
  ['webhooks only', () => ({ openapi: '3.1.0', info: { title: 'x', version: '1' }, webhooks: {} })],
  [
    'a circular schema',
    () => ({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } } } },
      components: { schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } } },
    }),
  ],
  [
    'a circular schema with a schema error',
    () => ({
      openapi: '3.1.0',
      info: { title: 'x' },
      paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } } } },
      components: { schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } } },
    }),
  ],
  ['OpenAPI 3.0', () => ({ openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } } })],
  ['OpenAPI 3.0 with an error', () => ({ openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: { '/a': { get: { responses: { '200': {} } } } } })],
];

describe('validateOpenApi', () => {
  it.each(CASES)('answers as swagger-parser does for %s', { timeout: 20_000 }, async (_name, make) => {
    const api = make();
    const before = structuredClone(api);
    const expected = await outcome(() => (SwaggerParser.validate as unknown as (f: string, a: object, o: object) => Promise<unknown>)(FILE, make(), {}));
    const actual = await outcome(() => validateOpenApi(FILE, api));
    expect(actual).toEqual(expected);
    // The caller's value is left as it was (it still maps errors to lines).
    expect(api).toEqual(before);
  });
});
