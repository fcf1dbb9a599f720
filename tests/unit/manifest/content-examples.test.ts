// Examples in the content are checked at build time: test scripts against the published
// JSON Schema, API examples against the OpenAPI document (and the document's own examples
// against their schemas), file examples (voxcheck.json) against the schema they name. Each mistake fails the build
// with its file and line; messages are pinned.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileContent } from '../../../manifest/compile.ts';
import { ContentBuildError, formatContentError } from '../../../manifest/errors.ts';
import { FIXTURE_SITE } from '../../support/fixture-site.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const EXAMPLES = path.join(ROOT, 'tests/fixtures/examples');
const SCHEMA = path.join(ROOT, 'content/public/schemas/test-script.json');

/** The fixture site with one case laid over it; `withSchema` adds the real test-script schema. */
function site(name: string, withSchema: boolean): { root: string; contentDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), `examples-${name}-`));
  const contentDir = path.join(root, 'content');
  cpSync(FIXTURE_SITE, contentDir, { recursive: true });
  cpSync(path.join(EXAMPLES, name), contentDir, { recursive: true });
  if (withSchema) {
    mkdirSync(path.join(contentDir, 'public/schemas'), { recursive: true });
    cpSync(SCHEMA, path.join(contentDir, 'public/schemas/test-script.json'));
  }
  return { root, contentDir };
}

async function errorsOf(name: string, withSchema = true): Promise<string[]> {
  const { root, contentDir } = site(name, withSchema);
  try {
    await compileContent({ contentDir, rootDir: root });
  } catch (e) {
    if (e instanceof ContentBuildError) return e.errors.map(formatContentError);
    throw e;
  }
  return [];
}

describe('test-script examples', () => {
  it('a script that breaks the schema fails the build at the line of each mistake', async () => {
    expect(await errorsOf('bad-test-script')).toMatchInlineSnapshot(`
      [
        "content/guides/scripts/index.md:22: Test script does not match the schema: "configuration.target" is "+1 555 0100", which matches none of the allowed forms (A phone number in E.164 form (+ and 8 to 15 digits, no spaces), a SIP URI, a web page URL or a replacement variable.). Fix: Correct the script to match the test-script reference (/schemas/test-script.json), or drop \`test-script\` from the fence if it is only a fragment.",
        "content/guides/scripts/index.md:24: Test script does not match the schema: unknown field "configuration.listeningTimout". Fix: Correct the script to match the test-script reference (/schemas/test-script.json), or drop \`test-script\` from the fence if it is only a fragment.",
        "content/guides/scripts/index.md:28: Test script does not match the schema: "tests[0].steps[0].input" is "$DTMF", which matches none of the allowed forms (Text to say or type, or a special input: $DIAL, $DTMF <digits>, $WAIT <seconds>, $HANGUP, $CLICK <selector>, $JQUERY <expression>.). Fix: Correct the script to match the test-script reference (/schemas/test-script.json), or drop \`test-script\` from the fence if it is only a fragment.",
        "content/guides/scripts/index.md:30: Test script does not match the schema: "load" lacks the required field "callers". Fix: Correct the script to match the test-script reference (/schemas/test-script.json), or drop \`test-script\` from the fence if it is only a fragment.",
      ]
    `);
  });

  it('a marked script without the schema is an error, not a silent pass', async () => {
    expect(await errorsOf('bad-test-script', false)).toMatchInlineSnapshot(`
      [
        "content/guides/scripts/index.md:7: A test-script example needs public/schemas/test-script.json, which is missing. Fix: Add the schema to content/public/schemas/test-script.json.",
      ]
    `);
  });
});

describe('API examples', () => {
  it('a JSON example, a curl body or a part of a body that does not match the document fails the build at the line of each mistake', async () => {
    expect(await errorsOf('bad-api-example')).toMatchInlineSnapshot(`
      [
        "content/api/examples/index.md:16: Example does not match getWidget (response 200) in the OpenAPI document: "size" must be integer, got "large". Fix: Correct the example, or the document if the API really answers this way.",
        "content/api/examples/index.md:17: Example does not match getWidget (response 200) in the OpenAPI document: unknown field "colour". Fix: Correct the example, or the document if the API really answers this way.",
        "content/api/examples/index.md:21: The example names the operation "deleteWidget", which the OpenAPI document does not define. Fix: Use one of: createWidget, getWidget.",
        "content/api/examples/index.md:25: The operation getWidget has no JSON response 404 in the OpenAPI document. Fix: Name a part the operation defines, or add it to content/public/openapi.yaml.",
        "content/api/examples/index.md:40: Example does not match createWidget (request body) in the OpenAPI document: unknown field "colour". Fix: Correct the example, or the document if the API really answers this way.",
        "content/api/examples/index.md:43: The example sends POST /gadgets, which no operation of the OpenAPI document answers. Fix: Correct the method or the path, or add the operation to content/public/openapi.yaml.",
        "content/api/examples/index.md:49: Example does not match the schema Widget of the OpenAPI document: "size" must be integer, got -1.5. Fix: Correct the example, or the document if the API really answers this way.",
        "content/api/examples/index.md:52: The example names the schema "Gadget", which the OpenAPI document does not define. Fix: Use one of: Widget.",
      ]
    `);
  });
});

describe('examples inside the OpenAPI document', () => {
  it('an example of a body, a shared example or a parameter that breaks its schema fails the build at its line in the document', async () => {
    expect(await errorsOf('bad-openapi-example')).toMatchInlineSnapshot(`
      [
        "content/public/openapi.yaml:28: The example paths["/widgets"].post.requestBody.content["application/json"].example does not match its schema: unknown field "colour". Fix: Correct the example, or the schema if the API really answers this way.",
        "content/public/openapi.yaml:48: The example paths["/widgets"].post.responses["201"].content["application/json"].examples.wrongSize does not match its schema: "size" must be integer, got "large". Fix: Correct the example, or the schema if the API really answers this way.",
        "content/public/openapi.yaml:61: The example paths["/widgets/{id}"].get.parameters[0].example does not match its schema: "(root)" must match pattern "^w_[0-9]+$", got "widget-1". Fix: Correct the example, or the schema if the API really answers this way.",
        "content/public/openapi.yaml:87: The example paths["/widgets/{id}"].get.responses["200"].content["application/json"].examples.shared (#/components/examples/NamelessWidget) does not match its schema: "(root)" lacks the required field "name". Fix: Correct the example, or the schema if the API really answers this way.",
      ]
    `);
  });
});

describe('examples of files with a published schema', () => {
  it('a file example that breaks its schema, or names one that is not published, fails the build at its line', async () => {
    expect(await errorsOf('bad-file-example')).toMatchInlineSnapshot(`
      [
        "content/guides/config/index.md:14: Example does not match /schemas/config.json: "projectId" must match pattern "^pr_", got "p1". Fix: Correct the example to match the schema published at /schemas/config.json.",
        "content/guides/config/index.md:15: Example does not match /schemas/config.json: "timeoutMinutes" must be number, got "30". Fix: Correct the example to match the schema published at /schemas/config.json.",
        "content/guides/config/index.md:16: Example does not match /schemas/config.json: unknown field "timeout". Fix: Correct the example to match the schema published at /schemas/config.json.",
        "content/guides/config/index.md:20: The example names the schema /schemas/missing.json, but there is no file content/public/schemas/missing.json. Fix: Publish the schema under content/public, or correct the address.",
      ]
    `);
  });
});
