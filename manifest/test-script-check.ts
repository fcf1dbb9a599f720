/**
 * Test-script examples checked against the published JSON Schema
 * (content/public/schemas/test-script.json): every fenced block whose info
 * string carries `test-script` must parse as YAML and match the schema, or
 * the build fails at the file and line of the mismatch.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { ContentError } from './errors.ts';
import { fencesOf } from './fences.ts';
import { compilePublished, publishedAjv } from './json-schema-check.ts';
import { schemaContentErrors } from './schema-errors.ts';
import { parseYaml } from './yaml-source.ts';

/** The info-string word that marks a fenced block as a complete test script. */
export const TEST_SCRIPT_FLAG = 'test-script';
/** Where the schema lives under the content folder; the copy step publishes it at /schemas/test-script.json. */
export const TEST_SCRIPT_SCHEMA = 'public/schemas/test-script.json';

/** Validates the test-script blocks of page bodies. */
export interface TestScriptChecker {
  check(body: string, file: string, bodyLine: number, errors: ContentError[]): void;
}

/** Compiles the schema once per build; a missing or invalid schema is itself an error when a page needs it. */
export function loadTestScriptChecker(contentDir: string, rel: (abs: string) => string, errors: ContentError[]): TestScriptChecker {
  const abs = path.join(contentDir, TEST_SCRIPT_SCHEMA);
  let validate: ValidateFunction | undefined;
  let reported = false;
  if (existsSync(abs)) {
    try {
      validate = compilePublished(publishedAjv(), JSON.parse(readFileSync(abs, 'utf8')) as object);
    } catch (e) {
      reported = true;
      errors.push({ file: rel(abs), line: 1, message: `The test-script schema cannot be compiled: ${(e as Error).message.split('\n')[0]}.`, fix: 'Correct the JSON Schema (draft 2020-12).' });
    }
  }
  return {
    check(body, file, bodyLine, errs) {
      for (const fence of fencesOf(body)) {
        if (!fence.info.includes(TEST_SCRIPT_FLAG)) continue;
        const line = bodyLine + fence.line;
        if (!validate) {
          if (!reported) errs.push({ file, line, message: `A test-script example needs ${TEST_SCRIPT_SCHEMA}, which is missing.`, fix: `Add the schema to content/${TEST_SCRIPT_SCHEMA}.` });
          reported = true;
          continue;
        }
        const source = parseYaml(fence.text, file, line, errs);
        if (!source) continue;
        if (!validate(source.value)) {
          errs.push(
            ...schemaContentErrors(
              validate.errors ?? [],
              source,
              file,
              'Test script does not match the schema',
              'Correct the script to match the test-script reference (/schemas/test-script.json), or drop `test-script` from the fence if it is only a fragment.',
            ),
          );
        }
      }
    },
  };
}
