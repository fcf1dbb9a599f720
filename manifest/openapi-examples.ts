/**
 * The examples inside the OpenAPI document, checked against their own schemas:
 * the reference pages show them as they are, so a wrong one misleads like a
 * wrong example on a page. Covered: the `example` and `examples` of media
 * types (request and response bodies, callbacks, webhooks), parameters and
 * headers, each against its `schema` with the Ajv setup of the page examples;
 * shared examples (`$ref: "#/components/examples/..."`) are reported at their
 * definition.
 */
import type { ValidateFunction } from 'ajv';
import type { ContentError } from './errors.ts';
import { compileClosed, openApiAjv } from './openapi-ajv.ts';
import { isRecord, pathText, resolveRef } from './openapi-refs.ts';
import { schemaContentErrors } from './schema-errors.ts';
import type { YamlSource } from './yaml-source.ts';

type Path = Array<string | number>;
const FIX = 'Correct the example, or the schema if the API really answers this way.';

/** The node at `at` of a value, or undefined. */
function at(value: unknown, path: ReadonlyArray<string | number>): unknown {
  return path.reduce<unknown>((n, k) => (isRecord(n) ? n[k] : Array.isArray(n) ? n[Number(k)] : undefined), value);
}

/** True for an object that pairs a `schema` with examples: a media type, a parameter or a header. */
function holdsExamples(node: Record<string, unknown>, where: Path): boolean {
  return isRecord(node.schema) && ('example' in node || 'examples' in node) && where.at(-1) !== 'properties';
}

/** The examples of a media type, parameter or header at `where`: each value, where it is written, and its name in messages. */
function examplesOf(raw: Record<string, unknown>, node: Record<string, unknown>, where: Path): Array<{ value: unknown; valueAt: Path; what: string }> {
  const out = 'example' in node ? [{ value: node.example, valueAt: [...where, 'example'], what: pathText([...where, 'example']) }] : [];
  for (const [name, ex] of Object.entries(isRecord(node.examples) ? node.examples : {})) {
    const example = resolveRef(raw, ex);
    if (!isRecord(example) || !('value' in example)) continue;
    const ref = isRecord(ex) && typeof ex.$ref === 'string' ? ex.$ref : null;
    // A shared example is reported at its definition under components.examples.
    const definedAt: Path = ref ? ref.slice(2).split('/').map(unescapePointer) : [...where, 'examples', name];
    out.push({ value: example.value, valueAt: [...definedAt, 'value'], what: `${pathText([...where, 'examples', name])}${ref ? ` (${ref})` : ''}` });
  }
  return out;
}

/** One segment of a JSON pointer as the key it names (RFC 6901). */
const unescapePointer = (k: string) => decodeURIComponent(k).replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * One error per mismatch, at the line of the offending value in the document.
 * `source` is the document as written (for lines and `$ref`s), `api` the
 * dereferenced copy (for complete schemas); their paths agree outside `$ref`s.
 */
export function checkOpenApiExamples(source: YamlSource, api: Record<string, unknown>, file: string): ContentError[] {
  const raw = source.value;
  if (!isRecord(raw)) return [];
  const ajv = openApiAjv();
  const compiled = new Map<object, ValidateFunction>();
  const errors: ContentError[] = [];

  const check = (schema: object, value: unknown, valueAt: Path, what: string) => {
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = compileClosed(ajv, schema)));
    if (validate(value)) return;
    const view: YamlSource = { value, lineOf: (p) => source.lineOf([...valueAt, ...(p as Path)]) };
    errors.push(...schemaContentErrors(validate.errors ?? [], view, file, `The example ${what} does not match its schema`, FIX));
  };

  const visit = (node: unknown, where: Path): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => visit(n, [...where, i]));
    // A $ref is checked where it is defined; example values are data, not more of the document.
    if (!isRecord(node) || typeof node.$ref === 'string') return;
    const schema = holdsExamples(node, where) ? at(api, [...where, 'schema']) : undefined;
    if (isRecord(schema)) for (const ex of examplesOf(raw, node, where)) check(schema, ex.value, ex.valueAt, ex.what);
    for (const [k, v] of Object.entries(node)) if (k !== 'example' && k !== 'examples') visit(v, [...where, k]);
  };
  visit(raw, []);
  return errors;
}
