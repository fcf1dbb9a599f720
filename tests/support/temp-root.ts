/**
 * Global setup: every temporary folder of a test run (tests call os.tmpdir(),
 * and so do the builds and browsers they start) goes into one folder of the
 * run, removed at the end, whatever the tests left behind.
 *
 * Vitest runs a global setup once for each project of the run that inherits
 * it: the first call makes the folder, the others use it. (Nested, the
 * folders made Chromium's socket path longer than a Unix socket allows.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const MARK = 'VOXCHECK_TEST_TMP';

export default function setup(): () => void {
  if (process.env[MARK] && process.env.TMPDIR === process.env[MARK]) return () => {};
  const root = mkdtempSync(path.join(tmpdir(), 'voxcheck-tests-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = root;
  process.env[MARK] = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    delete process.env[MARK];
    rmSync(root, { recursive: true, force: true });
  };
}
