/** Worker thread of the analysis pool: analyses the Markdown bodies it is sent and posts the facts back. */
import { parentPort } from 'node:worker_threads';
import { analyseMarkdown } from './markdown.ts';

parentPort!.on('message', (m: { id: number; bodies: string[] }) => {
  parentPort!.postMessage({ id: m.id, facts: m.bodies.map(analyseMarkdown) });
});
