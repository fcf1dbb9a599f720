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
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { keep, loadKept, readKept } from './kept-code.ts';
import { isRecord } from './openapi-refs.ts';

/** Where the validators are kept. */
export const EXAMPLE_CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules/.cache/openapi-examples');
/** Changes when the cached files' form changes, so an older one is not read. */
const FORMAT = 1;
const OPTIONS = { allErrors: true, verbose: true, strict: false, validateFormats: false };
const requireAjv = createRequire(import.meta.url);
const AJV_VERSION = (requireAjv('ajv/package.json') as { version: string }).version;

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

/**
 * The validator of `schema` compiled by `ajv` (made with `options` and
 * `code: { source: true }`): loaded from `dir` when the same schema was
 * compiled with the same options and Ajv before, else compiled and kept
 * there. A schema Ajv refuses throws, as `ajv.compile` does, and is not kept.
 */
export function compileKept(ajv: Ajv2020, schema: object, options: object, dir: string): ValidateFunction {
  const key = createHash('sha256')
    .update(`${FORMAT} ${AJV_VERSION} ${JSON.stringify(options)} ${JSON.stringify(schema)}`)
    .digest('hex')
    .slice(0, 32);
  const file = path.join(dir, `${key}.cjs`);
  const code = readKept(file);
  // The standalone code is CommonJS; the runtime helpers it may require are Ajv's.
  if (code !== undefined) return loadKept<ValidateFunction>(code, requireAjv);
  const validate = ajv.compile(schema);
  keep(file, standaloneCode(ajv, validate));
  return validate;
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
