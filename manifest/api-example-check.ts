/**
 * JSON request and response examples checked against the OpenAPI document.
 * A fenced block names its operation in the info string:
 *
 *   ```json openapi=runTestSuite:request
 *   ```json openapi=getTestRun:200
 *   ```json openapi=batchProcess:callback
 *
 * The block must parse as JSON and match the operation's request body or the
 * response of that status. Objects of the document accept no field it does
 * not define, so a misspelt or invented field fails too.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { ContentError } from './errors.ts';
import { fencesOf } from './fences.ts';
import type { OpenApiDoc } from './openapi.ts';
import { isRecord } from './openapi-refs.ts';
import { schemaContentErrors } from './schema-errors.ts';
import { parseYaml } from './yaml-source.ts';

const MARK = /^openapi=([A-Za-z0-9_]+):(request|callback|[1-5][0-9][0-9])$/;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The operations of the document by operationId. */
function operations(doc: OpenApiDoc): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const paths = isRecord(doc.paths) ? doc.paths : {};
  for (const item of Object.values(paths)) {
    if (!isRecord(item)) continue;
    for (const m of METHODS) {
      const op = item[m];
      if (isRecord(op) && typeof op.operationId === 'string') out.set(op.operationId, op);
    }
  }
  return out;
}

/** A copy of a schema whose objects allow only the properties they list. */
function closed(schema: unknown, seen = new Map<object, unknown>()): unknown {
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

/** The request body of the operation's first callback (what the service sends to your endpoint). */
function callbackBody(op: Record<string, unknown>): unknown {
  const first = (v: unknown) => (isRecord(v) ? Object.values(v)[0] : undefined);
  const item = first(first(op.callbacks));
  return isRecord(item) && isRecord(item.post) ? item.post.requestBody : undefined;
}

/** The JSON schema of one part of an operation: its request, its first callback's body, or a response. */
function partSchema(op: Record<string, unknown>, part: string): unknown {
  const holder = part === 'request' ? op.requestBody : part === 'callback' ? callbackBody(op) : isRecord(op.responses) ? op.responses[part] : undefined;
  if (!isRecord(holder) || !isRecord(holder.content)) return undefined;
  const media = holder.content['application/json'];
  return isRecord(media) ? media.schema : undefined;
}

/** How a part is named in messages. */
const partName = (part: string) => (part === 'request' ? 'request body' : part === 'callback' ? 'callback body' : `response ${part}`);

/** Validates the `openapi=` blocks of page bodies against `doc` (null when the document is missing or invalid). */
export function apiExampleChecker(doc: OpenApiDoc | null) {
  const ops = doc ? operations(doc) : new Map<string, Record<string, unknown>>();
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, validateFormats: false });
  const compiled = new Map<string, ValidateFunction>();
  return {
    check(body: string, file: string, bodyLine: number, errs: ContentError[]): void {
      for (const fence of fencesOf(body)) {
        const marks = fence.info.filter((w) => w.startsWith('openapi='));
        if (marks.length === 0) continue;
        const line = bodyLine + fence.line - 1;
        const m = MARK.exec(marks[0]!);
        if (!m) {
          errs.push({ file, line, message: `The example's operation "${marks[0]}" is not of the form openapi=<operationId>:<request|status>.`, fix: 'Write for example openapi=getTestRun:200 or openapi=runTestSuite:request.' });
          continue;
        }
        if (!doc) {
          errs.push({ file, line, message: `The example names ${m[1]}, but content/public/openapi.yaml is missing or invalid.`, fix: 'Add or correct content/public/openapi.yaml.' });
          continue;
        }
        const op = ops.get(m[1]!);
        if (!op) {
          errs.push({ file, line, message: `The example names the operation "${m[1]}", which the OpenAPI document does not define.`, fix: `Use one of: ${[...ops.keys()].join(', ')}.` });
          continue;
        }
        const key = `${m[1]}:${m[2]}`;
        let validate = compiled.get(key);
        if (!validate) {
          const schema = partSchema(op, m[2]!);
          if (!isRecord(schema)) {
            errs.push({ file, line, message: `The operation ${m[1]} has no JSON ${partName(m[2]!)} in the OpenAPI document.`, fix: 'Name a part the operation defines, or add it to content/public/openapi.yaml.' });
            continue;
          }
          validate = ajv.compile(closed(schema) as object);
          compiled.set(key, validate);
        }
        const source = parseYaml(fence.text, file, line + 1, errs);
        if (!source) continue;
        if (!validate(source.value)) {
          errs.push(...schemaContentErrors(validate.errors ?? [], source, file, `Example does not match ${m[1]} (${partName(m[2]!)}) in the OpenAPI document`, 'Correct the example, or the document if the API really answers this way.'));
        }
      }
    },
  };
}
