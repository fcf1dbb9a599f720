/** Worker thread of the analysis pool: analyses the Markdown bodies it is sent and posts the facts back. */
import { parentPort } from 'node:worker_threads';
import { analyseMarkdown } from './markdown.ts';

parentPort!.on('message', (m: { ids: number[]; bodies: string[] }) => {
  parentPort!.postMessage({ ids: m.ids, facts: m.bodies.map(analyseMarkdown) });
});
