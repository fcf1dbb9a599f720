/** The page documents' thread (page-documents-thread.ts): makes and writes the documents it is sent, then the redirect documents, and says how many. */
import { parentPort, workerData } from 'node:worker_threads';
import { FileWriter } from '../manifest/output.ts';
import { layoutOf, pageDocument, redirectDocuments, type DocumentInput } from './page-documents.ts';
import type { DocumentsThreadData } from './page-documents-thread.ts';

const { root, base, sidebar, buildId, styles, folders } = workerData as DocumentsThreadData;
const out = new FileWriter(root, folders);
let written = 0;

parentPort!.on('message', (m: { inputs?: DocumentInput[]; end?: true; moves?: Array<[string, string]> }) => {
  for (const p of m.inputs ?? []) {
    const style = styles[layoutOf(p.record)];
    if (!style) throw new Error(`${p.record.path}: no style for the layout "${layoutOf(p.record)}".`);
    const doc = pageDocument(base, sidebar, buildId, p, style);
    out.write(doc.file, doc.html);
    written++;
  }
  if (!m.end) return;
  for (const doc of redirectDocuments(base.site, new Map(m.moves))) {
    out.write(doc.file, doc.html);
    written++;
  }
  parentPort!.postMessage({ written });
});
