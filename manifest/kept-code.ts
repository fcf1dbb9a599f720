/**
 * Generated validator code kept between builds (Ajv's standalone code):
 * read from a cache file when there, else made, written and used. The OpenAPI
 * 3.1 schema's validator is kept this way, and through `compileKept` the
 * validators of the OpenAPI examples' schemas and of the published schemas.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';

/** Changes when the kept files' form changes, so an older one is not read. */
const FORMAT = 1;
const requireAjv = createRequire(import.meta.url);
const AJV_VERSION = (requireAjv('ajv/package.json') as { version: string }).version;

/** The code in `file`, or undefined when there is none yet. */
export function readKept(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Writes `code` to `file` for later builds; a read-only install just goes without. */
export function keep(file: string, code: string): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written beside and renamed into place, so a build running at the same time never reads half a file.
    writeFileSync(`${file}.${process.pid}`, code);
    renameSync(`${file}.${process.pid}`, file);
  } catch {
    // Validation goes on without the kept code.
  }
}

/** What CommonJS `code` exports, its `require` calls answered by `require` (Ajv's runtime helpers). */
export function loadKept<T>(code: string, require: NodeJS.Require): T {
  const module = { exports: {} as unknown };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- Ajv's standalone code, generated at build time from the OpenAPI schema or from the site's own OpenAPI document, is loaded as the function it is.
  (new Function('module', 'exports', 'require', code) as (m: unknown, e: unknown, r: NodeJS.Require) => void)(module, module.exports, require);
  return module.exports as T;
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
