/**
 * The baseline a static site generator would serve: one plain HTML file
 * holding the same page's rendered content (the app's <main> after render,
 * scripts removed), no CSS, no JavaScript, no font. It is written into the
 * bench's own copy of the built site and served by the same server.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { waitForH1 } from './probe.ts';
import { waitForQuiet, type SiteServer } from './site-server.ts';
import { openTab } from './tab.ts';
import { documentFile } from '../../scripts/page-documents.ts';
import { LAZY_SECTIONS_ATTR } from '../../src/shared/markdown/rehype-sections.ts';

/** Folder of the baseline files inside the served site. */
export const STATIC_DIR = '__bench';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * Writes a copy of `pagePath`'s page document into `distDir` whose article
 * lays out every section with the first screen (the container's lazy
 * sections mark removed); returns its URL path. Only the parse and paint of
 * that copy are measured: the app, which starts after them, does not know
 * its address.
 */
export function writeEagerCopy(distDir: string, pagePath: string): string {
  const html = readFileSync(path.join(distDir, documentFile(pagePath)), 'utf8');
  const mark = ` ${LAZY_SECTIONS_ATTR}=""`;
  if (!html.includes(mark)) throw new Error(`${pagePath}: its document has no lazy sections to leave out.`);
  const name = `eager-${pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.html`;
  mkdirSync(path.join(distDir, STATIC_DIR), { recursive: true });
  writeFileSync(path.join(distDir, STATIC_DIR, name), html.replace(mark, ''));
  return `/${STATIC_DIR}/${name}`;
}

/** Renders `pagePath` in the app, writes its content as a static file into `distDir`; returns the file's URL path. */
export async function writeStaticPage(browser: Browser, server: SiteServer, distDir: string, pagePath: string, h1: string): Promise<string> {
  const tab = await openTab(browser, { network: false, cpu: false });
  try {
    await tab.page.goto(server.url + pagePath, { waitUntil: 'commit' });
    if (!(await waitForH1(tab.page, h1))) throw new Error(`The h1 "${h1}" of ${pagePath} never appeared; cannot write the static baseline.`);
    await waitForQuiet(server, 500);
    const main = await tab.page.evaluate(() => document.querySelector('main')?.innerHTML ?? '');
    const body = main.replace(/<script\b[\s\S]*?<\/script>/gi, '');
    const html = `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>${esc(h1)}</title>\n</head>\n<body>\n<main>${body}</main>\n</body>\n</html>\n`;
    const name = `${pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.html`;
    mkdirSync(path.join(distDir, STATIC_DIR), { recursive: true });
    writeFileSync(path.join(distDir, STATIC_DIR, name), html);
    return `/${STATIC_DIR}/${name}`;
  } finally {
    await tab.close();
  }
}
