/**
 * `npm run manifest`: compiles content/ into dist/ (manifest, chunks, search
 * index, public files), keeping the rest of dist/ (the app) as it is.
 * Exit code 1 with every content error listed when the content is broken.
 */
import path from 'node:path';
import { rmSync } from 'node:fs';
import { buildContent, outputFromEnv, printWarnings, searchIndexLine } from './build-content.ts';
import { commitStage, createStage, discardStage } from './output.ts';
import { ContentBuildError } from './errors.ts';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const contentDir = path.resolve(opt('--content', 'content'));
const distDir = path.resolve(opt('--out', 'dist'));

const stage = createStage(distDir, true);
try {
  // Content output is replaced whole: stale chunks of deleted pages must not linger.
  rmSync(path.join(stage, 'data'), { recursive: true, force: true });
  const r = await buildContent({ contentDir, outDir: stage, analyticsId: process.env.ANALYTICS_ID, output: outputFromEnv(), staged: true });
  commitStage(stage, distDir);
  printWarnings(r);
  console.log(searchIndexLine(r));
  console.log(`Compiled ${r.manifest.pages.length} pages into ${path.relative(process.cwd(), distDir) || '.'}/ (build ${r.manifest.buildId}).`);
} catch (e) {
  discardStage(stage);
  if (e instanceof ContentBuildError) {
    console.error(e.message);
    console.error(`\nThe build failed; ${path.relative(process.cwd(), distDir)}/ was left as it was.`);
    process.exit(1);
  }
  throw e;
}
