/**
 * The one Ajv setup for checking examples against the OpenAPI document, used
 * for the examples on the pages and for those inside the document itself.
 *
 * Compiling the examples' schemas was most of that check (0.23 of 0.26 s of
 * this site's build): each validator is also written as Ajv's standalone
 * code into node_modules/.cache/openapi-examples/, named by a hash of the
 * closed schema, Ajv's version and its options, and a later build that meets
 * the same schema loads it from there. The cache depends on nothing else, so
 * a changed schema is a new file and a stale file is never read.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { compileKept } from './kept-code.ts';
import { isRecord } from './openapi-refs.ts';

/** Where the validators are kept. */
export const EXAMPLE_CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules/.cache/openapi-examples');
const OPTIONS = { allErrors: true, verbose: true, strict: false, validateFormats: false };

/** An Ajv for OpenAPI 3.1 schemas: every error (with the failing data, for messages), no strict mode, formats as annotations. */
export function openApiAjv(): Ajv2020 {
  // The source is kept so that a validator can be written as standalone code (compileClosed).
  return new Ajv2020({ ...OPTIONS, code: { source: true } });
}

/**
 * The validator of `schema` closed (see `closed`): from the cache when the
 * same closed schema was compiled before, else compiled by `ajv` (one of
 * `openApiAjv`) and kept.
 */
export function compileClosed(ajv: Ajv2020, schema: unknown): ValidateFunction {
  return compileKept(ajv, closed(schema) as object, OPTIONS, EXAMPLE_CACHE_DIR);
}

/** A copy of a schema whose objects allow only the properties they list, so an invented or misspelt field fails. */
export function closed(schema: unknown, seen = new Map<object, unknown>()): unknown {
  if (Array.isArray(schema)) return schema.map((s) => closed(s, seen));
  if (!isRecord(schema)) return schema;
  const done = seen.get(schema);
  if (done) return done;
  const copy: Record<string, unknown> = {};
  seen.set(schema, copy);
  for (const [k, v] of Object.entries(schema)) copy[k] = k === 'example' || k === 'examples' || k === 'enum' || k === 'const' || k === 'default' ? v : closed(v, seen);
  if (isRecord(copy.properties) && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}
