/**
 * Markdown analysis, the bulk of a content build's work, spread over worker
 * threads on large sites: each worker parses a share of the pages in its own
 * heap, so the work runs on every core and the parser's short-lived garbage
 * never reaches the heap that holds the whole site.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { analyseMarkdown, type MarkdownFacts } from './markdown.ts';

/** Below this many pages a worker's start-up (about 0.3 s) costs more than it saves. */
export const WORKER_THRESHOLD = 400;
/** Pages per message: few enough to balance the workers, many enough that messages cost little. */
const BATCH = 25;

/** Analyses every body, in order; `workers` overrides the automatic choice (0 = in this thread). */
export async function analyseAll(bodies: readonly string[], workers?: number): Promise<MarkdownFacts[]> {
  const count = workers ?? (bodies.length >= WORKER_THRESHOLD ? Math.min(availableParallelism(), 8) : 0);
  if (count < 1) return bodies.map(analyseMarkdown);
  const out = new Array<MarkdownFacts>(bodies.length);
  const batches: number[] = [];
  for (let i = 0; i < bodies.length; i += BATCH) batches.push(i);
  let nextBatch = 0;
  const pool = Array.from({ length: Math.min(count, batches.length) }, () =>
    // The worker's entry registers tsx, as the build itself runs through it.
    new Worker(new URL('./analyse-worker.mjs', import.meta.url)),
  );
  try {
    await Promise.all(
      pool.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (nextBatch >= batches.length) return resolve();
              const start = batches[nextBatch++]!;
              w.postMessage({ id: start, bodies: bodies.slice(start, start + BATCH) });
            };
            w.on('message', (m: { id: number; facts: MarkdownFacts[] }) => {
              m.facts.forEach((f, i) => (out[m.id + i] = f));
              send();
            });
            w.on('error', reject);
            w.on('exit', (code) => code !== 0 && reject(new Error(`A Markdown analysis worker stopped with code ${code}.`)));
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return out;
}
