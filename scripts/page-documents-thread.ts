/**
 * A large site's page documents and redirect documents, made and written on a
 * thread beside the build's own while the build's thread makes the search
 * index: the two are the longest parts of the build after the Markdown
 * analysis, they need nothing of each other, and each kept one core busy
 * while the other one waited. The thread is sent what the documents are
 * made of (plain data, a batch at a time) and answers with the number it
 * wrote.
 */
import { Worker } from 'node:worker_threads';
import { threadScript } from '../manifest/ts-bundle.mjs';
import type { CompiledPage } from '../manifest/compiled-page.ts';
import type { SidebarNode } from '../src/shared/schemas/site-data.ts';
import type { DocumentBase } from './html.ts';
import { documentInputs, documentStyles, type DocumentStyle, type StyleFor } from './page-documents.ts';

/** From this many pages the documents are made beside the build's thread; a smaller site's take less than starting a thread. */
export const DOCUMENTS_THREAD_THRESHOLD = 400;

/** Pages sent to the thread per message: it starts on the first while the rest are sent. */
const BATCH = 250;

/** What the thread is started with. */
export interface DocumentsThreadData {
  root: string;
  base: Omit<DocumentBase, 'css' | 'csp'>;
  sidebar: SidebarNode[];
  buildId: string;
  styles: Record<string, DocumentStyle>;
  /** Folders under `root` that exist already (FileWriter). */
  folders: string[];
}

/** What the thread makes: the pages' documents, then the redirect documents of `moves` (from -> to). */
export interface DocumentsJob {
  base: Omit<DocumentBase, 'css' | 'csp'>;
  sidebar: SidebarNode[];
  pages: ReadonlyArray<CompiledPage>;
  buildId: string;
  styleFor: StyleFor;
  moves: ReadonlyMap<string, string>;
  /** Folders under the root that exist already: the pages' folders, made for their Markdown copies. */
  folders: string[];
}

/**
 * Starts writing the documents of a job under `root` on a thread; the
 * function it returns waits for the thread and gives how many documents it
 * wrote. Every page is handed over before this returns, so the caller's
 * thread is free for its own work at once.
 */
export async function startPageDocuments(root: string, job: DocumentsJob): Promise<() => Promise<number>> {
  const { base, sidebar, buildId } = job;
  const inputs = documentInputs(base.site, job.pages);
  const styles = Object.fromEntries(documentStyles(base.site, sidebar, inputs, job.styleFor));
  const script = await threadScript(new URL('./page-documents-thread-main.ts', import.meta.url));
  const data: DocumentsThreadData = { root, base, sidebar, buildId, styles, folders: job.folders };
  const worker = new Worker(script, { workerData: data });
  const done = new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { written: number }) => resolve(m.written));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The page documents' thread stopped with code ${code} before it was done.`)));
  });
  for (let i = 0; i < inputs.length; i += BATCH) worker.postMessage({ inputs: inputs.slice(i, i + BATCH) });
  worker.postMessage({ end: true, moves: [...job.moves] });
  return async () => {
    try {
      return await done;
    } finally {
      await worker.terminate();
    }
  };
}
