// Every content problem is reported with its file and line, all in one run; messages are pinned.
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { compileContent } from '../../../manifest/compile.ts';
import { ContentBuildError, formatContentError } from '../../../manifest/errors.ts';
import { brokenSite, BROKEN_DIR } from '../../support/broken-site.ts';

async function errorsOf(name: string): Promise<string[]> {
  const { root, contentDir } = brokenSite(name);
  try {
    await compileContent({ contentDir, rootDir: root });
  } catch (e) {
    if (e instanceof ContentBuildError) return e.errors.map(formatContentError);
    throw e;
  }
  throw new Error(`${name} compiled without errors`);
}

describe('content errors', () => {
  it('bad YAML names the file and the line', async () => {
    expect(await errorsOf('bad-yaml')).toMatchInlineSnapshot(`
      [
        "content/guides/index.md:3: Invalid YAML: Missing closing "quote. Fix: Correct the YAML syntax (indentation, a missing colon or quote, a duplicate key).",
      ]
    `);
  });

  it('front matter with a wrong type and an unknown field', async () => {
    expect(await errorsOf('wrong-type')).toMatchInlineSnapshot(`
      [
        "content/guides/ivr/index.md:3: Front matter field "sidebarDepth": Invalid input: expected number, received string. Fix: Give "sidebarDepth" a value of the expected type.",
        "content/guides/ivr/index.md:4: Unknown front matter field "readingshow". Fix: Remove it or correct its spelling (the README lists every field).",
      ]
    `);
  });

  it('an unknown layout lists the known ones', async () => {
    expect(await errorsOf('unknown-layout')).toMatchInlineSnapshot(`
      [
        "content/api/index.md:3: Front matter field "layout": Invalid option: expected one of "default"|"home"|"training-overview"|"ivr-overview"|"chatbot-overview"|"not-found". Fix: Use one of the values listed.",
      ]
    `);
  });

  it('two pages on one path', async () => {
    expect(await errorsOf('duplicate-path')).toMatchInlineSnapshot(`
      [
        "content/guides/ivr/index.md:1: Two pages on one path: /guides/ivr/ is also the path of content/guides/ivr.md. Fix: Give one of the pages another permalink, or move its file.",
      ]
    `);
  });

  it('an alias that collides with a page', async () => {
    expect(await errorsOf('alias-collision')).toMatchInlineSnapshot(`
      [
        "content/api/index.md:5: The alias /guides/ collides with the page content/guides/index.md, which answers at that path. Fix: Remove the alias or choose another address.",
      ]
    `);
  });

  it('a dead internal link', async () => {
    expect(await errorsOf('dead-link')).toMatchInlineSnapshot(`
      [
        "content/guides/cli/index.md:7: Dead link "/api/cli-reference/": /api/cli-reference/ leads nowhere (did you mean /api/?). Fix: Point the link at an existing page and heading, or remove it.",
      ]
    `);
  });

  it('a dead #anchor suggests the nearest heading', async () => {
    expect(await errorsOf('dead-anchor')).toMatchInlineSnapshot(`
      [
        "content/releases/201912.md:6: Dead link "/guides/ivr/#set-the-speaking-timeout": #set-the-speaking-timeout is not a heading of /guides/ivr/ (did you mean #set-the-listening-timeout?). Fix: Point the link at an existing page and heading, or remove it.",
      ]
    `);
  });

  it('an image that does not exist', async () => {
    expect(await errorsOf('missing-image')).toMatchInlineSnapshot(`
      [
        "content/guides/index.md:6: Image "/images/call-flow.svg" does not exist. Fix: Add the file as content/public/images/call-flow.svg or correct the path.",
      ]
    `);
  });

  it('an unknown site variable', async () => {
    const [e] = await errorsOf('unknown-variable');
    expect(e).toMatch(/^content\/api\/index\.md:6: Unknown site variable "maxConcurrency" in \{\{ vars\.maxConcurrency \}\}\. Fix: Define "maxConcurrency" in content\/_config\/variables\.yml/);
  });

  it('a file that is not UTF-8', async () => {
    expect(await errorsOf('not-utf8')).toMatchInlineSnapshot(`
      [
        "content/releases/201912.md:6: The file is not valid UTF-8. Fix: Save the file with UTF-8 encoding (convert it with iconv or your editor).",
      ]
    `);
  });

  it('an unclosed callout', async () => {
    expect(await errorsOf('unclosed-callout')).toMatchInlineSnapshot(`
      [
        "content/guides/cli/index.md:7: This ::: callout block is never closed. Fix: Add a line with ::: after the callout text.",
      ]
    `);
  });

  it('a custom element written inside a paragraph', async () => {
    expect(await errorsOf('inline-custom-element')).toMatchInlineSnapshot(`
      [
        "content/guides/cli/index.md:7: <jquery-sandbox> shares its line with other text, so Markdown reads the element inside a paragraph. Fix: Put <jquery-sandbox> and </jquery-sandbox> each on a line of its own, with a blank line before <jquery-sandbox>.",
      ]
    `);
  });

  it('an OpenAPI document that does not validate', async () => {
    expect(await errorsOf('bad-openapi')).toMatchInlineSnapshot(`
      [
        "content/public/openapi.yaml:12: The $ref "#/components/responses/Missing" at paths["/things"].get.responses["200"].$ref points to nothing. Fix: Add the definition #/components/responses/Missing or point the $ref at one that exists.",
        "content/api/index.md:6: The OpenAPI reference "Things" needs content/public/openapi.yaml, which is missing or invalid. Fix: Add or correct content/public/openapi.yaml.",
      ]
    `);
  });

  it('an OpenAPI document against the OpenAPI schema (a response without a description)', async () => {
    expect(await errorsOf('openapi-schema')).toMatchInlineSnapshot(`
      [
        "content/public/openapi.yaml:12: OpenAPI paths["/things"].get.responses["200"] must have required property 'description'. Fix: Add "description" there.",
        "content/api/index.md:6: The OpenAPI reference "Things" needs content/public/openapi.yaml, which is missing or invalid. Fix: Add or correct content/public/openapi.yaml.",
      ]
    `);
  });

  it('a permalink that would climb out of the site', async () => {
    expect(await errorsOf('unsafe-permalink')).toMatchInlineSnapshot(`
      [
        "content/api/index.md:4: Front matter field "permalink": Expected a site path like /guides/ivr/ or /releases/201912.html (no "." or ".." segments, backslashes, spaces, "?" or "#"). Fix: Write "permalink" in the form the message describes.",
      ]
    `);
  });

  it('a file in content/public on an address the build writes', async () => {
    expect(await errorsOf('generated-file')).toMatchInlineSnapshot(`
      [
        "content/guides/ivr/index.md:1: The Markdown of this page is served at /guides/ivr/index.md, where content/public/guides/ivr/index.md also is. Fix: Remove or rename content/public/guides/ivr/index.md.",
        "content/public/robots.txt:1: /robots.txt is generated by the build, and this file would replace it. Fix: Remove the file; the build writes it from the content and the site config.",
      ]
    `);
  });

  it('reports every problem of a site in one run', async () => {
    const { root, contentDir } = brokenSite('dead-link');
    const { cpSync } = await import('node:fs');
    cpSync(`${BROKEN_DIR}/dead-anchor`, contentDir, { recursive: true });
    cpSync(`${BROKEN_DIR}/unknown-layout`, contentDir, { recursive: true });
    const err = await compileContent({ contentDir, rootDir: root }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContentBuildError);
    expect((err as ContentBuildError).errors).toHaveLength(3);
    expect((err as Error).message).toMatch(/^3 content errors:/);
  });

  it('has a test for every broken fixture', () => {
    expect(readdirSync(BROKEN_DIR).sort()).toEqual([
      'alias-collision',
      'bad-openapi',
      'bad-yaml',
      'dead-anchor',
      'dead-link',
      'duplicate-path',
      'generated-file',
      'inline-custom-element',
      'missing-image',
      'not-utf8',
      'openapi-schema',
      'unclosed-callout',
      'unknown-layout',
      'unknown-variable',
      'unsafe-permalink',
      'wrong-type',
    ]);
  });
});
