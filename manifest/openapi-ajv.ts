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
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
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
 * `openApiAjv`) and kept. A schema JSON cannot write is compiled without
 * being kept.
 */
export function compileClosed(ajv: Ajv2020, schema: unknown): ValidateFunction {
  const copy = closed(schema) as object;
  let json: string;
  try {
    json = JSON.stringify(copy);
  } catch {
    return ajv.compile(copy);
  }
  const key = createHash('sha256')
    .update(`${FORMAT} ${AJV_VERSION} ${JSON.stringify(OPTIONS)} ${json}`)
    .digest('hex')
    .slice(0, 32);
  const file = path.join(EXAMPLE_CACHE_DIR, `${key}.cjs`);
  let code: string;
  try {
    code = readFileSync(file, 'utf8');
  } catch {
    const validate = ajv.compile(copy);
    try {
      mkdirSync(EXAMPLE_CACHE_DIR, { recursive: true });
      // Written beside and renamed into place, so a build running at the same time never reads half a file.
      writeFileSync(`${file}.${process.pid}`, standaloneCode(ajv, validate));
      renameSync(`${file}.${process.pid}`, file);
    } catch {
      // A read-only install: validate without keeping the code.
    }
    return validate;
  }
  const module = { exports: {} as unknown };
  // The standalone code is CommonJS; the runtime helpers it may require are Ajv's.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- Ajv's standalone code, generated from a schema of the site's own OpenAPI document, is loaded as the function it is.
  (new Function('module', 'exports', 'require', code) as (m: unknown, e: unknown, r: NodeJS.Require) => void)(module, module.exports, requireAjv);
  return module.exports as ValidateFunction;
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
