/** Builds a broken site: the fixture site with one case folder of tests/fixtures/broken laid over it. */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIXTURE_SITE } from './fixture-site.ts';

export const BROKEN_DIR = path.resolve(import.meta.dirname, '../fixtures/broken');

/** Returns the project-like root holding `content/` = fixture site + the case's files. */
export function brokenSite(name: string): { root: string; contentDir: string } {
  const root = mkdtempSync(path.join(tmpdir(), `broken-${name}-`));
  const contentDir = path.join(root, 'content');
  cpSync(FIXTURE_SITE, contentDir, { recursive: true });
  cpSync(path.join(BROKEN_DIR, name), contentDir, { recursive: true });
  return { root, contentDir };
}
