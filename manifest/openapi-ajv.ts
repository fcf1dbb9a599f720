/**
 * The one Ajv setup for checking examples against the OpenAPI document, used
 * for the examples on the pages and for those inside the document itself.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { isRecord } from './openapi-refs.ts';

/** An Ajv for OpenAPI 3.1 schemas: every error (with the failing data, for messages), no strict mode, formats as annotations. */
export function openApiAjv(): Ajv2020 {
  return new Ajv2020({ allErrors: true, verbose: true, strict: false, validateFormats: false });
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
