import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOpenApi, renderOpenApiTag, type OpenApiDoc } from '../../../manifest/openapi.ts';

const REAL = 'content/public/openapi.yaml';

const TEST_API = [
  ['List test suites', 'GET /test-suites'],
  ['Create a test suite', 'POST /test-suites'],
  ['Get a test suite', 'GET /test-suites/{id}'],
  ['Update a test suite', 'PUT /test-suites/{id}'],
  ['Add a test to a suite', 'POST /test-suites/{id}/tests'],
  ['Run a test suite', 'POST /test-suites/{id}/runs'],
  ['Get test run results', 'GET /test-runs/{id}'],
] as const;

const DEVICE_API = [
  ['Process one input', 'POST /devices/{token}/process'],
  ['Batch process inputs', 'POST /devices/{token}/batch'],
  ['Start a conversation', 'POST /devices/{token}/conversations'],
  ['Get a conversation', 'GET /conversations/{id}'],
] as const;

let dir: string;
let realText: string;

/** Writes a variant of the real document to the temp dir and loads it. */
async function loadVariant(name: string, edit: (text: string) => string) {
  const file = path.join(dir, name);
  const changed = edit(realText);
  expect(changed).not.toBe(realText);
  await writeFile(file, changed);
  return { file, ...(await loadOpenApi(file)) };
}

function lineOf(text: string, needle: string): number {
  const index = text.indexOf(needle);
  expect(index).toBeGreaterThanOrEqual(0);
  return text.slice(0, index).split('\n').length;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'openapi-test-'));
  realText = await readFile(REAL, 'utf8');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadOpenApi', () => {
  it('validates the real document with no errors', async () => {
    const { doc, errors } = await loadOpenApi(REAL);
    expect(errors).toEqual([]);
    expect(doc).not.toBeNull();
    expect(doc!.openapi).toBe('3.1.0');
  });

  it('reports a response without a description at its line, naming the file', async () => {
    const needle = '          description: One page of test suites.\n';
    const { file, doc, errors } = await loadVariant('no-description.yaml', (t) => t.replace(needle, ''));
    expect(doc).toBeNull();
    expect(errors.length).toBeGreaterThan(0);
    const error = errors[0]!;
    expect(error.file).toBe(file);
    expect(error.message).toContain('paths["/test-suites"].get.responses["200"]');
    expect(error.message).toContain("'description'");
    expect(error.fix).toContain('"description"');
    expect(error.line).toBe(lineOf(realText, '        "200":\n          description: One page'));
  });

  it('reports a $ref to nothing at the line of the $ref', async () => {
    const ref = '$ref: "#/components/schemas/TestSuiteList"';
    const { file, doc, errors } = await loadVariant('bad-ref.yaml', (t) => t.replace(ref, '$ref: "#/components/schemas/Nothing"'));
    expect(doc).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file, line: lineOf(realText, ref) });
    expect(errors[0]!.message).toContain('#/components/schemas/Nothing');
  });

  it('reports a YAML syntax error with its line', async () => {
    const needle = '      summary: List test suites\n';
    const { file, doc, errors } = await loadVariant('syntax.yaml', (t) => t.replace(needle, `${needle}    broken: [\n`));
    expect(doc).toBeNull();
    // An unclosed `[` is noticed where the next line fails to close it.
    const inserted = lineOf(realText, needle) + 1;
    expect(errors[0]!.file).toBe(file);
    expect(errors[0]!.line).toBeGreaterThanOrEqual(inserted);
    expect(errors[0]!.line).toBeLessThanOrEqual(inserted + 1);
    expect(errors[0]!.message).toMatch(/^Invalid YAML/);
  });

  it('reports an operation without a summary, since the summary is its heading', async () => {
    const { doc, errors } = await loadVariant('no-summary.yaml', (t) => t.replace('      summary: Get a test suite\n', ''));
    expect(doc).toBeNull();
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toBe('GET /test-suites/{id}: has no summary.');
    expect(errors[0]!.line).toBe(lineOf(realText, '    get:\n      operationId: getTestSuite'));
  });

  it('reports a missing file instead of throwing', async () => {
    const { doc, errors } = await loadOpenApi(path.join(dir, 'absent.yaml'));
    expect(doc).toBeNull();
    expect(errors[0]!.message).toMatch(/^Cannot read the OpenAPI document/);
  });
});

describe('renderOpenApiTag', () => {
  let doc: OpenApiDoc;
  beforeAll(async () => {
    doc = (await loadOpenApi(REAL)).doc!;
  });

  it('gives every Test API operation a heading and its method and path, in document order', () => {
    const md = renderOpenApiTag(doc, 'Test API');
    const headings = [...md.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(TEST_API.map(([heading]) => heading));
    for (const [, route] of TEST_API) expect(md).toContain(`\`${route}\``);
    expect(md).not.toMatch(/^#{1,2} |^#### /m);
  });

  it('keeps Device API operations apart from Test API ones', () => {
    const md = renderOpenApiTag(doc, 'Device API');
    expect([...md.matchAll(/^### (.+)$/gm)].map((m) => m[1])).toEqual(DEVICE_API.map(([heading]) => heading));
    for (const [, route] of DEVICE_API) expect(md).toContain(`\`${route}\``);
    expect(md).not.toContain('/test-suites');
  });

  it('shows parameters, both run examples, response examples and error codes', () => {
    const md = renderOpenApiTag(doc, 'Test API');
    const run = md.slice(md.indexOf('### Run a test suite'), md.indexOf('### Get test run results'));
    expect(run).toContain('| `replacements` | body | object | No |');
    expect(run).toContain('**Request example: Run with replacement variables**');
    expect(run).toContain('"ACCOUNT_ID": "40012345"');
    expect(run).toContain('**Response `202`**');
    expect(run).toContain('```json\n{\n  "id": "tr_9x2m4k7q"');
    expect(run).toContain('| `401` | `unauthorized` |');
    expect(md).toContain('| `settings.fuzzyThreshold` | body | number | No |');
  });

  it('renders a raw, unresolved document the same as a dereferenced one', async () => {
    const { parse } = await import('yaml');
    const raw = parse(realText) as OpenApiDoc;
    expect(renderOpenApiTag(raw, 'Test API')).toBe(renderOpenApiTag(doc, 'Test API'));
  });

  it('returns an empty string for a tag with no operations', () => {
    expect(renderOpenApiTag(doc, 'Billing API')).toBe('');
  });
});
