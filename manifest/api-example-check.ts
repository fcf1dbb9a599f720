/**
 * JSON request and response examples checked against the OpenAPI document.
 * A fenced block names its operation in the info string:
 *
 *   ```json openapi=runTestSuite:request
 *   ```json openapi=getTestRun:200
 *   ```json openapi=batchProcess:callback
 *   ```json openapi=schema:TestResult      (a part of a body: one component schema)
 *
 * The block must parse as JSON and match the operation's request body or the
 * response of that status. Objects of the document accept no field it does
 * not define, so a misspelt or invented field fails too.
 */
import type { ValidateFunction } from 'ajv';
import type { ContentError } from './errors.ts';
import { curlBodies } from './curl-examples.ts';
import { fencesOf } from './fences.ts';
import type { OpenApiDoc } from './openapi.ts';
import { compileClosed, openApiAjv } from './openapi-ajv.ts';
import { isRecord } from './openapi-refs.ts';
import { schemaContentErrors } from './schema-errors.ts';
import { parseYaml } from './yaml-source.ts';

const MARK = /^openapi=([A-Za-z0-9_]+):(request|callback|[1-5][0-9][0-9])$/;
/** A part of a larger body, such as one test result of a run: `openapi=schema:TestResult`. */
const SCHEMA_MARK = /^openapi=schema:([A-Za-z0-9_]+)$/;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const SHELLS = new Set(['sh', 'bash', 'shell', 'console']);

/** The operation whose path template and method match a request as written (IDs and shell variables fill the parameters). */
function operationAt(doc: OpenApiDoc, method: string, requestPath: string): string | undefined {
  const paths = isRecord(doc.paths) ? doc.paths : {};
  for (const [template, item] of Object.entries(paths)) {
    const re = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`);
    const op = isRecord(item) ? item[method.toLowerCase()] : undefined;
    if (re.test(requestPath) && isRecord(op) && typeof op.operationId === 'string') return op.operationId;
  }
  return undefined;
}

/** The operations of the document by operationId: its paths' and its webhooks' (what the service sends you). */
function operations(doc: OpenApiDoc): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const paths = isRecord(doc.paths) ? doc.paths : {};
  const webhooks = isRecord(doc.webhooks) ? doc.webhooks : {};
  for (const item of [...Object.values(paths), ...Object.values(webhooks)]) {
    if (!isRecord(item)) continue;
    for (const m of METHODS) {
      const op = item[m];
      if (isRecord(op) && typeof op.operationId === 'string') out.set(op.operationId, op);
    }
  }
  return out;
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
  const ajv = openApiAjv();
  const compiled = new Map<string, ValidateFunction>();

  /** Validates `text` (JSON starting at `line`) against one part of an operation; `markLine` is where the part was named. */
  function validateAt(id: string, part: string, text: string, file: string, line: number, errs: ContentError[], markLine = line): void {
    const op = ops.get(id);
    if (!op) {
      errs.push({ file, line: markLine, message: `The example names the operation "${id}", which the OpenAPI document does not define.`, fix: `Use one of: ${[...ops.keys()].join(', ')}.` });
      return;
    }
    const key = `${id}:${part}`;
    let validate = compiled.get(key);
    if (!validate) {
      const schema = partSchema(op, part);
      if (!isRecord(schema)) {
        errs.push({
          file,
          line: markLine,
          message: `The operation ${id} has no JSON ${partName(part)} in the OpenAPI document.`,
          fix: 'Name a part the operation defines, or add it to content/public/openapi.yaml.',
        });
        return;
      }
      validate = compileClosed(ajv, schema);
      compiled.set(key, validate);
    }
    const source = parseYaml(text, file, line, errs);
    if (!source) return;
    if (!validate(source.value)) {
      errs.push(
        ...schemaContentErrors(
          validate.errors ?? [],
          source,
          file,
          `Example does not match ${id} (${partName(part)}) in the OpenAPI document`,
          'Correct the example, or the document if the API really answers this way.',
        ),
      );
    }
  }

  /** Validates `text` against one component schema of the document. */
  function validateSchema(name: string, text: string, file: string, markLine: number, errs: ContentError[]): void {
    const schemas = doc && isRecord(doc.components) && isRecord(doc.components.schemas) ? doc.components.schemas : {};
    const schema = schemas[name];
    if (!isRecord(schema)) {
      errs.push({ file, line: markLine, message: `The example names the schema "${name}", which the OpenAPI document does not define.`, fix: `Use one of: ${Object.keys(schemas).join(', ')}.` });
      return;
    }
    const key = `schema:${name}`;
    let validate = compiled.get(key);
    if (!validate) compiled.set(key, (validate = compileClosed(ajv, schema)));
    const source = parseYaml(text, file, markLine + 1, errs);
    if (source && !validate(source.value)) {
      errs.push(
        ...schemaContentErrors(
          validate.errors ?? [],
          source,
          file,
          `Example does not match the schema ${name} of the OpenAPI document`,
          'Correct the example, or the document if the API really answers this way.',
        ),
      );
    }
  }

  return {
    check(body: string, file: string, bodyLine: number, errs: ContentError[]): void {
      for (const fence of fencesOf(body)) {
        const fenceLine = bodyLine + fence.line - 1;
        if (SHELLS.has(fence.info[0] ?? '') && doc) {
          // A curl command's JSON body is checked against the operation its method and path name.
          for (const c of curlBodies(fence.text)) {
            const id = operationAt(doc, c.method, c.path);
            if (!id) {
              errs.push({
                file,
                line: fenceLine + 1 + c.line,
                message: `The example sends ${c.method} ${c.path}, which no operation of the OpenAPI document answers.`,
                fix: 'Correct the method or the path, or add the operation to content/public/openapi.yaml.',
              });
              continue;
            }
            validateAt(id, 'request', c.body, file, fenceLine + 1 + c.line, errs);
          }
          continue;
        }
        const marks = fence.info.filter((w) => w.startsWith('openapi='));
        if (marks.length === 0) continue;
        const named = SCHEMA_MARK.exec(marks[0]!);
        if (named && doc) {
          validateSchema(named[1]!, fence.text, file, fenceLine, errs);
          continue;
        }
        const m = MARK.exec(marks[0]!);
        if (!m) {
          errs.push({
            file,
            line: fenceLine,
            message: `The example's operation "${marks[0]}" is not of the form openapi=<operationId>:<request|status>.`,
            fix: 'Write for example openapi=getTestRun:200 or openapi=runTestSuite:request.',
          });
          continue;
        }
        if (!doc) {
          errs.push({ file, line: fenceLine, message: `The example names ${m[1]}, but content/public/openapi.yaml is missing or invalid.`, fix: 'Add or correct content/public/openapi.yaml.' });
          continue;
        }
        validateAt(m[1]!, m[2]!, fence.text, file, fenceLine + 1, errs, fenceLine);
      }
    },
  };
}
