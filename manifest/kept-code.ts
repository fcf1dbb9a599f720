/**
 * Generated validator code kept between builds (Ajv's standalone code):
 * read from a cache file when there, else made, written and used. The OpenAPI
 * 3.1 schema's validator and the examples' validators are kept this way.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The code in `file`, or undefined when there is none yet. */
export function readKept(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Writes `code` to `file` for later builds; a read-only install just goes without. */
export function keep(file: string, code: string): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written beside and renamed into place, so a build running at the same time never reads half a file.
    writeFileSync(`${file}.${process.pid}`, code);
    renameSync(`${file}.${process.pid}`, file);
  } catch {
    // Validation goes on without the kept code.
  }
}

/** What CommonJS `code` exports, its `require` calls answered by `require` (Ajv's runtime helpers). */
export function loadKept<T>(code: string, require: NodeJS.Require): T {
  const module = { exports: {} as unknown };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- Ajv's standalone code, generated at build time from the OpenAPI schema or from the site's own OpenAPI document, is loaded as the function it is.
  (new Function('module', 'exports', 'require', code) as (m: unknown, e: unknown, r: NodeJS.Require) => void)(module, module.exports, require);
  return module.exports as T;
}
