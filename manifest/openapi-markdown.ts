/**
 * Markdown reference for the operations of one OpenAPI tag. Each operation
 * gets a plain-text `###` heading (its summary) so its slug is predictable;
 * labels inside an operation are bold text, not headings, so the sidebar
 * lists operations only.
 */
import { isRecord, operationsOf, parametersOf, resolveRef, type OperationRef } from './openapi-refs.ts';

type Doc = Record<string, unknown>;
type Example = { summary?: string; value: unknown };

/** Body fields nested deeper than this (settings.webchatSelectors.launcher) are left to the schema. */
const MAX_FIELD_DEPTH = 3;
/** Lists of plain values up to this many characters stay on one line in examples. */
const INLINE_ARRAY_MAX = 60;

/** Markdown for every operation tagged `tag`, in document order; empty when none is. */
export function renderOpenApiTag(doc: Doc, tag: string): string {
  return operationsOf(doc)
    .filter((ref) => Array.isArray(ref.op.tags) && ref.op.tags.includes(tag))
    .map((ref) => renderOperation(doc, ref))
    .join('\n\n');
}

function renderOperation(doc: Doc, ref: OperationRef): string {
  const { op } = ref;
  const parts = [`### ${oneLine(text(op.summary) || text(op.operationId) || `${ref.method.toUpperCase()} ${ref.path}`)}`, `\`${ref.method.toUpperCase()} ${ref.path}\``];
  if (text(op.description)) parts.push(text(op.description).trim());
  const body = resolveRef(doc, op.requestBody);
  const json = isRecord(body) && isRecord(body.content) ? resolveRef(doc, body.content['application/json']) : undefined;
  const rows = [...parametersOf(doc, ref).map((p) => paramRow(doc, p)), ...bodyRows(doc, json, body)];
  if (rows.length > 0) {
    parts.push(['**Parameters**', '', '| Name | In | Type | Required | Description |', '|---|---|---|---|---|', ...rows].join('\n'));
  }
  for (const ex of examplesOf(doc, json)) parts.push(exampleBlock(`Request example${ex.summary ? `: ${ex.summary}` : ''}`, ex.value));
  const responses = isRecord(op.responses) ? op.responses : {};
  const errors: string[] = [];
  for (const [status, raw] of Object.entries(responses)) {
    const res = resolveRef(doc, raw);
    if (!isRecord(res)) continue;
    const content = isRecord(res.content) ? resolveRef(doc, res.content['application/json']) : undefined;
    const examples = examplesOf(doc, content);
    if (Number(status) >= 400) {
      const codes = examples.map((ex) => errorCode(ex.value)).filter((c): c is string => Boolean(c));
      errors.push(`| \`${status}\` | ${codes.map((c) => `\`${c}\``).join(', ') || '—'} | ${cell(text(res.description))} |`);
      continue;
    }
    parts.push(`**Response \`${status}\`**: ${oneLine(text(res.description))}`, ...headerLines(doc, res));
    for (const ex of examples) parts.push(exampleBlock(examples.length > 1 && ex.summary ? ex.summary : '', ex.value));
  }
  if (errors.length > 0) parts.push(['**Errors**', '', '| Status | Code | When |', '|---|---|---|', ...errors].join('\n'));
  return parts.join('\n\n');
}

function paramRow(doc: Doc, p: Record<string, unknown>): string {
  const schema = resolveRef(doc, p.schema);
  return row(text(p.name), text(p.in), schema, p.required === true, text(p.description), doc);
}

/** The request body's fields as rows of the parameters table; nested objects give `parent.child` rows. */
function bodyRows(doc: Doc, json: unknown, body: unknown): string[] {
  const schema = isRecord(json) ? resolveRef(doc, json.schema) : undefined;
  return fieldRows(doc, schema, '', isRecord(body) && body.required === true, 0);
}

function fieldRows(doc: Doc, raw: unknown, prefix: string, parentRequired: boolean, depth: number): string[] {
  const schema = resolveRef(doc, raw);
  if (!isRecord(schema) || !isRecord(schema.properties) || depth >= MAX_FIELD_DEPTH) return [];
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(schema.properties).flatMap(([name, rawProp]) => {
    const prop = resolveRef(doc, rawProp);
    const isRequired = parentRequired && required.includes(name);
    const description = isRecord(prop) ? text(prop.description) : '';
    const own = row(`${prefix}${name}`, 'body', prop, isRequired, description, doc);
    return [own, ...fieldRows(doc, prop, `${prefix}${name}.`, isRequired, depth + 1)];
  });
}

function row(name: string, where: string, schema: unknown, required: boolean, description: string, doc: Doc): string {
  const notes = [description.trim(), ...constraints(schema)].filter(Boolean).join(' ');
  return `| \`${name}\` | ${where} | ${cell(typeText(doc, schema))} | ${required ? 'Yes' : 'No'} | ${cell(notes)} |`;
}

/** Enum, range and default of a schema, as short sentences. */
function constraints(schema: unknown): string[] {
  if (!isRecord(schema)) return [];
  const out: string[] = [];
  if (Array.isArray(schema.enum)) out.push(`One of ${schema.enum.map((v) => `\`${String(v)}\``).join(', ')}.`);
  if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number') out.push(`From ${schema.minimum} to ${schema.maximum}.`);
  if (typeof schema.maxItems === 'number') out.push(`At most ${schema.maxItems} items.`);
  if (schema.default !== undefined) out.push(`Default \`${JSON.stringify(schema.default)}\`.`);
  return out;
}

function typeText(doc: Doc, raw: unknown): string {
  const schema = resolveRef(doc, raw);
  if (!isRecord(schema)) return 'any';
  const alternatives = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : null;
  if (alternatives) return alternatives.map((s) => typeText(doc, s)).join(' or ');
  const types = Array.isArray(schema.type) ? schema.type.map(String) : [text(schema.type) || 'object'];
  return types.map((t) => (t === 'array' ? `array of ${typeText(doc, schema.items)}` : t)).join(' or ');
}

/** Named examples (with their summaries) or the single `example` of a media type. */
function examplesOf(doc: Doc, media: unknown): Example[] {
  if (!isRecord(media)) return [];
  if (isRecord(media.examples)) {
    return Object.values(media.examples)
      .map((e) => resolveRef(doc, e))
      .filter(isRecord)
      .map((e) => ({ summary: text(e.summary) || undefined, value: e.value }));
  }
  return media.example === undefined ? [] : [{ value: media.example }];
}

function exampleBlock(label: string, value: unknown): string {
  const code = ['```json', prettyJson(value, ''), '```'].join('\n');
  return label ? `**${oneLine(label)}**\n\n${code}` : code;
}

/** JSON.stringify with two-space indents, but short lists of plain values on one line. */
function prettyJson(value: unknown, indent: string): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const flat = `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    if (value.every((v) => v === null || typeof v !== 'object') && flat.length <= INLINE_ARRAY_MAX) return flat;
    return `[\n${value.map((v) => inner + prettyJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (isRecord(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${prettyJson(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function headerLines(doc: Doc, res: Record<string, unknown>): string[] {
  if (!isRecord(res.headers)) return [];
  return Object.entries(res.headers).map(([name, raw]) => {
    const h = resolveRef(doc, raw);
    return `Header \`${name}\`: ${oneLine(isRecord(h) ? text(h.description) : '')}`;
  });
}

function errorCode(value: unknown): string | undefined {
  return isRecord(value) && isRecord(value.error) && typeof value.error.code === 'string' ? value.error.code : undefined;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function cell(s: string): string {
  return oneLine(s).replace(/\|/g, '\\|');
}
