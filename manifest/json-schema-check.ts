/**
 * Examples of files that have a published JSON Schema: a fenced block whose
 * info string carries `schema=/schemas/<name>.json` is validated against that
 * file of content/public (the address it is published at), and a mismatch
 * fails the build at its file and line. Used for the CLI's voxcheck.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { ContentError } from './errors.ts';
import { compileKept } from './kept-code.ts';
import { fencesOf } from './fences.ts';
import { schemaContentErrors } from './schema-errors.ts';
import { parseYaml } from './yaml-source.ts';

const MARK = /^schema=(\/[A-Za-z0-9_./-]+\.json)$/;

/**
 * Where the published schemas' validators are kept as Ajv's standalone code
 * (see `compileKept`): compiling them, with Ajv's own check of each schema
 * against the draft 2020-12 meta-schema, took about 0.45 s of this site's
 * build, a kept validator loads in a few milliseconds.
 */
export const SCHEMA_CACHE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules/.cache/published-schemas');
/** Every error, with the failing data (for messages); no strict mode. */
const OPTIONS = { allErrors: true, verbose: true, strict: false };

/** An Ajv for the published schemas; its source is kept so that a validator can be written as standalone code. */
export function publishedAjv(): Ajv2020 {
  return new Ajv2020({ ...OPTIONS, code: { source: true } });
}

/** The validator of a published schema: kept from an earlier build, else compiled by `ajv` (one of `publishedAjv`) and kept. Throws on a schema Ajv refuses. */
export function compilePublished(ajv: Ajv2020, schema: object): ValidateFunction {
  return compileKept(ajv, schema, OPTIONS, SCHEMA_CACHE_DIR);
}

/** Validates the `schema=` blocks of page bodies against the schemas under `publicDir`. */
export function publishedSchemaChecker(publicDir: string) {
  const ajv = publishedAjv();
  const compiled = new Map<string, ValidateFunction | string>();
  /** The validator of a published schema, or why there is none. */
  const validatorOf = (address: string): ValidateFunction | string => {
    let v = compiled.get(address);
    if (v) return v;
    const abs = path.join(publicDir, address);
    try {
      v = existsSync(abs) && !address.includes('..') ? compilePublished(ajv, JSON.parse(readFileSync(abs, 'utf8')) as object) : `no file content/public${address}`;
    } catch (e) {
      v = `content/public${address} is not a valid JSON Schema (${(e as Error).message.split('\n')[0]})`;
    }
    compiled.set(address, v);
    return v;
  };
  return {
    check(body: string, file: string, bodyLine: number, errs: ContentError[]): void {
      for (const fence of fencesOf(body)) {
        const mark = fence.info.map((w) => MARK.exec(w)).find(Boolean);
        if (!mark) continue;
        const line = bodyLine + fence.line;
        const validate = validatorOf(mark[1]!);
        if (typeof validate === 'string') {
          errs.push({ file, line: line - 1, message: `The example names the schema ${mark[1]}, but there is ${validate}.`, fix: 'Publish the schema under content/public, or correct the address.' });
          continue;
        }
        const source = parseYaml(fence.text, file, line, errs);
        if (source && !validate(source.value)) {
          errs.push(...schemaContentErrors(validate.errors ?? [], source, file, `Example does not match ${mark[1]}`, `Correct the example to match the schema published at ${mark[1]}.`));
        }
      }
    },
  };
}
