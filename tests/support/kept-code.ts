/**
 * For tests of validators kept as standalone code: compiles a schema no
 * build has met through `compile` twice, checks that the first call kept one
 * file in `dir` and the second loaded it (a function other than the one Ajv
 * made), removes the file when the test ends and returns the kept validator.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { expect, onTestFinished } from 'vitest';

export function keptOnce(dir: string, compile: () => ValidateFunction): ValidateFunction {
  const listed = () => (existsSync(dir) ? readdirSync(dir) : []);
  const before = new Set(listed());
  const compiled = compile();
  const added = listed().filter((f) => !before.has(f));
  expect(added).toHaveLength(1);
  onTestFinished(() => rmSync(path.join(dir, added[0]!)));
  const kept = compile();
  expect(listed()).toHaveLength(before.size + 1);
  // Loaded from the file: not the function Ajv made.
  expect(kept).not.toBe(compiled);
  return kept;
}
