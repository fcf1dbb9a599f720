/** Worker thread of the analysis pool: analyses the Markdown bodies it is sent and posts the facts back. */
import { parentPort, workerData } from 'node:worker_threads';
import { analyseMarkdown, type AnalysisOptions } from './markdown.ts';

const options = (workerData as { options?: AnalysisOptions } | null)?.options ?? {};

parentPort!.on('message', (m: { ids: number[]; bodies: string[] }) => {
  parentPort!.postMessage({ ids: m.ids, facts: m.bodies.map((b) => analyseMarkdown(b, options)) });
});
