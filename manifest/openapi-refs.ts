/**
 * Walking an OpenAPI document: local `$ref`s and the operations of its paths,
 * shared by the checks and the Markdown renderer. Both work on the raw YAML
 * value as well as on swagger-parser's dereferenced copy.
 */

/** The HTTP methods a path item may hold, as the OpenAPI specification lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** A guard against `$ref` chains that loop. */
const MAX_REF_HOPS = 32;

/** One operation with where it sits in the document. */
export interface OperationRef {
  path: string;
  method: string;
  /** The path item, for its shared `parameters`. */
  item: Record<string, unknown>;
  op: Record<string, unknown>;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Follows local `$ref`s (`#/components/...`) until it reaches a value; unknown targets give undefined. */
export function resolveRef(doc: Record<string, unknown>, node: unknown): unknown {
  let current = node;
  for (let hop = 0; hop < MAX_REF_HOPS; hop++) {
    if (!isRecord(current) || typeof current.$ref !== 'string') return current;
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown = doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isRecord(target) ? target[key] : Array.isArray(target) ? target[Number(key)] : undefined;
    }
    current = target;
  }
  return undefined;
}

/** Every operation of the document, in document order (paths, then methods as written). */
export function operationsOf(doc: Record<string, unknown>): OperationRef[] {
  const out: OperationRef[] = [];
  const paths = isRecord(doc.paths) ? doc.paths : {};
  for (const [p, rawItem] of Object.entries(paths)) {
    const item = resolveRef(doc, rawItem);
    if (!isRecord(item)) continue;
    for (const [method, op] of Object.entries(item)) {
      if ((HTTP_METHODS as readonly string[]).includes(method) && isRecord(op)) out.push({ path: p, method, item, op });
    }
  }
  return out;
}

/** Path-level and operation-level parameters, resolved; the operation's win on the same name and location. */
export function parametersOf(doc: Record<string, unknown>, ref: OperationRef): Record<string, unknown>[] {
  const list = (v: unknown) => (Array.isArray(v) ? v.map((p) => resolveRef(doc, p)).filter(isRecord) : []);
  const own = list(ref.op.parameters);
  const key = (p: Record<string, unknown>) => `${String(p.in)}:${String(p.name)}`;
  const ownKeys = new Set(own.map(key));
  return [...list(ref.item.parameters).filter((p) => !ownKeys.has(key(p))), ...own];
}

/** Readable location of a place in the document: paths["/test-suites"].get.responses["200"]. */
export function pathText(at: ReadonlyArray<string | number>): string {
  return at.map((k, i) => (typeof k === 'string' && /^[A-Za-z_$][\w$-]*$/.test(k) ? `${i > 0 ? '.' : ''}${k}` : `[${JSON.stringify(k)}]`)).join('');
}
