/**
 * The API reference's source: reads content/public/openapi.yaml, validates it
 * with swagger-parser (OpenAPI 3.1) and maps every problem back to a line of
 * the YAML, so a broken document fails the build like any other content.
 * (The schema check runs on a validator kept between builds: openapi-schema.ts.)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContentError } from './errors.ts';
import { lintOperations } from './openapi-lint.ts';
import { checkOpenApiExamples } from './openapi-examples.ts';
import { isRecord, pathText } from './openapi-refs.ts';
import { validateOpenApi } from './openapi-schema.ts';
import { parseYaml, type YamlSource } from './yaml-source.ts';

export { renderOpenApiTag } from './openapi-markdown.ts';

/** A parsed OpenAPI document; its shape is checked by swagger-parser, not by TypeScript. */
export interface OpenApiDoc {
  [k: string]: unknown;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A schema error often cascades; past this many, the rest add nothing. */
const MAX_ERRORS = 20;
/** Ajv keywords that only echo another error (the `if`/`then` of OpenAPI 3.1's schema). */
const ECHO_KEYWORDS = new Set(['if', 'then', 'else', 'oneOf', 'anyOf', '$dynamicRef']);
const FIX_SCHEMA = 'Correct it to match the OpenAPI 3.1 specification (https://spec.openapis.org/oas/v3.1.0).';

/**
 * Reads and validates the document. Returns the dereferenced document when it
 * is valid, else `doc: null` and one error per problem. Never throws.
 */
export async function loadOpenApi(file: string): Promise<{ doc: OpenApiDoc | null; errors: ContentError[] }> {
  const shown = displayPath(file);
  const errors: ContentError[] = [];
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const message = `Cannot read the OpenAPI document: ${errorText(e)}.`;
    return { doc: null, errors: [{ file: shown, line: 0, message, fix: 'Check that the file exists and is readable.' }] };
  }
  const source = parseYaml(text, shown, 1, errors);
  if (!source) return { doc: null, errors };
  if (!isRecord(source.value)) {
    const fix = 'Start the file with `openapi: 3.1.0`, `info` and `paths`.';
    return { doc: null, errors: [{ file: shown, line: 1, message: 'The OpenAPI document is not a YAML mapping.', fix }] };
  }
  let api: unknown;
  try {
    api = await validateOpenApi(path.resolve(file), source.value);
  } catch (e) {
    return { doc: null, errors: validationErrors(e, source, shown) };
  }
  errors.push(...lintOperations(source, shown));
  if (errors.length > 0 || !isRecord(api)) return { doc: null, errors };
  // A wrong example is shown to readers but breaks nothing else: the document stays usable for the pages.
  return { doc: api, errors: checkOpenApiExamples(source, api, shown) };
}

/** Turns whatever swagger-parser threw into content errors with lines. */
function validationErrors(e: unknown, source: YamlSource, file: string): ContentError[] {
  const details = (e as { details?: unknown }).details;
  if (Array.isArray(details) && details.length > 0) return ajvErrors(details as AjvError[], source, file);
  const message = errorText(e);
  const missing = /Missing \$ref pointer "([^"]+)"/.exec(message);
  if (missing) {
    const target = missing[1]!;
    const at = findRef(source.value, target, []);
    return [
      {
        file,
        line: at ? source.lineOf(at) : 1,
        message: `The $ref "${target}"${at ? ` at ${pathText(at)}` : ''} points to nothing.`,
        fix: `Add the definition ${target} or point the $ref at one that exists.`,
      },
    ];
  }
  return [{ file, line: lineInMessage(message), message: `Invalid OpenAPI document: ${firstLine(message)}`, fix: FIX_SCHEMA }];
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: { missingProperty?: string; additionalProperty?: string };
}

function ajvErrors(details: AjvError[], source: YamlSource, file: string): ContentError[] {
  const useful = details.filter((d) => !ECHO_KEYWORDS.has(d.keyword));
  const seen = new Set<string>();
  const out: ContentError[] = [];
  for (const d of useful.length > 0 ? useful : details) {
    const at = pointerToPath(d.instancePath);
    const key = `${d.instancePath} ${d.message ?? ''}`;
    if (seen.has(key) || out.length >= MAX_ERRORS) continue;
    seen.add(key);
    const missing = d.params?.missingProperty;
    const extra = d.params?.additionalProperty;
    const line = source.lineOf(extra ? [...at, extra] : at);
    out.push({
      file,
      line,
      message: `OpenAPI ${at.length > 0 ? pathText(at) : 'document'} ${d.message ?? 'is invalid'}.`,
      fix: missing ? `Add "${missing}" there.` : extra ? `Remove "${extra}" or correct its spelling.` : FIX_SCHEMA,
    });
  }
  return out;
}

/** `/paths/~1test-suites/get` -> ['paths', '/test-suites', 'get'] (RFC 6901 unescaping). */
function pointerToPath(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Path of the first `$ref` whose value is `target`, in document order. */
function findRef(node: unknown, target: string, at: Array<string | number>): Array<string | number> | null {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) {
      const hit = findRef(item, target, [...at, i]);
      if (hit) return hit;
    }
  } else if (isRecord(node)) {
    if (node.$ref === target) return [...at, '$ref'];
    for (const [k, v] of Object.entries(node)) {
      const hit = findRef(v, target, [...at, k]);
      if (hit) return hit;
    }
  }
  return null;
}

function displayPath(file: string): string {
  const abs = path.resolve(file);
  const rel = path.relative(ROOT, abs);
  return rel.startsWith('..') || path.isAbsolute(rel) ? abs : rel.split(path.sep).join('/');
}

function lineInMessage(message: string): number {
  const m = /\((\d+):\d+\)/.exec(message);
  return m ? Number(m[1]) : 1;
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).trim();
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
