/**
 * The built site served as a static host serves it, and a Chromium to read
 * it with. E2E_DIST picks another build (default dist/, which `npm test`
 * builds first).
 */
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { startServer } from '../../scripts/serve.mjs';
import { launchBrowser } from './browser.ts';
import type { Manifest } from '../../src/shared/schemas/manifest.ts';
import { LAZY_SECTIONS_ATTR } from '../../src/shared/markdown/rehype-sections.ts';

export const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');
/** The same site built with output `single` (one index.html and a redirecting 404.html), by `npm test`. */
export const SINGLE_DIST = path.resolve(process.env.E2E_SINGLE_DIST ?? 'dist-single');

/** A running site and browser for one test file. */
export interface Site {
  url: string;
  browser: Browser;
  manifest: Manifest;
  /**
   * A fresh context and page; console errors and page errors are collected. Opened in a test, the context
   * is closed when the test ends; opened outside one (in beforeAll), when the site closes.
   */
  open(options?: BrowserContextOptions): Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  /** Takes the server off the network (connections are dropped), or back on: a real outage, seen by service workers too. */
  setNetworkDown(down: boolean): void;
  close(): Promise<void>;
}

/** Starts the server and browser. */
export async function startSite(opts: { root?: string; latencyMs?: number; browserArgs?: string[] } = {}): Promise<Site> {
  const root = opts.root ?? DIST;
  if (!existsSync(path.join(root, 'index.html'))) throw new Error(`${root}/index.html is missing: run npm run build first`);
  const server = await startServer({ root, port: 0, latencyMs: opts.latencyMs ?? 0 });
  const browser = await launchBrowser(opts.browserArgs);
  const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.json'), 'utf8')) as Manifest;
  const contexts: BrowserContext[] = [];
  let down = false;
  const sockets = new Set<import('node:net').Socket>();
  server.server.on('connection', (socket: import('node:net').Socket) => {
    if (down) return socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    url: server.url,
    browser,
    manifest,
    async open(options) {
      // Service workers are blocked unless a test asks for them: request interception does not see a worker's fetches.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', ...options });
      contexts.push(context);
      // Pages left open slowed the cold starts of the tests after them, in the same browser: an 8x-CPU
      // test took 18 s alone and 50 to 62 s after the other tests of its file.
      try {
        onTestFinished(async () => {
          const i = contexts.indexOf(context);
          if (i >= 0) contexts.splice(i, 1);
          await context.close().catch(() => {});
        });
      } catch {
        // Not in a test: closed by close().
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        // A deep link is first answered by 404.html with status 404, as on GitHub Pages; that one is expected.
        if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(`console: ${m.text()}`);
      });
      return { page, context, errors };
    },
    setNetworkDown(value) {
      down = value;
      if (down) for (const s of sockets) s.destroy();
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => {})));
      await browser.close();
      await server.close();
    },
  };
}

/**
 * The visible h1 text of the page, once the app shows one (index.html's static shell
 * paints the title before the app has started: that one does not count).
 */
export async function h1(page: Page): Promise<string> {
  await page.locator('[data-static-shell]').waitFor({ state: 'detached' });
  // A page document shows its h1 before the app runs: wait for the app's frame.
  await page.locator('html[data-app]').waitFor({ state: 'attached' });
  const el = page.locator('main h1').first();
  await el.waitFor({ state: 'visible' });
  return (await el.textContent())?.trim() ?? '';
}

/**
 * Waits until the page's address satisfies `test`. Polls page.url(): waitForURL can miss
 * a history-API change made while a document from a redirect is still loading.
 */
export async function waitForAddress(page: Page, test: (u: URL) => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (test(new URL(page.url()))) return;
    if (Date.now() > end) throw new Error(`address ${page.url()} did not reach the expected one within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Waits until the page shows its h1 and its content has finished loading, and an adopted page
 * document's sections have their real heights (a jump down the page lands where it aims).
 */
export async function ready(page: Page): Promise<void> {
  await h1(page);
  await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached' });
  await page.locator(`main [${LAZY_SECTIONS_ATTR}]`).first().waitFor({ state: 'detached' });
}

/**
 * Waits until a service worker controls the page. The predicate is synchronous on purpose:
 * Playwright's waitForFunction takes a returned promise as a truthy answer and settles with
 * whatever it resolves to, so an async predicate would not be polled again.
 */
export async function waitForWorkerControl(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout });
}

/**
 * Resolves once `frames` more frames are on screen: a frame callback runs before the paint, a task
 * queued from it after. What a frame changes (a layout shift, a scroll put back) is then measurable.
 */
export async function framesPainted(page: Page, frames = 2): Promise<void> {
  await page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  }, frames);
}

/** Client navigation to `to`, settled once the app shows that page's h1 with its content complete. */
export async function navigateInApp(page: Page, to: string, title: string): Promise<void> {
  await page.evaluate((t) => {
    history.pushState(null, '', t);
    dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page.waitForFunction(
    ([t, h]) =>
      location.pathname === t &&
      document.querySelectorAll('main .page-slot').length === 1 &&
      document.querySelector('main .page-slot h1')?.textContent?.trim() === h &&
      !document.querySelector('main [aria-busy="true"]'),
    [to, title] as const,
  );
}

/** The h1 a page shows: its hero text on a home page, else its title. */
export const titleOf = (r: { title: string; frontmatter: { home?: boolean | undefined; heroText?: string | undefined } }) => (r.frontmatter.home ? (r.frontmatter.heroText ?? r.title) : r.title);

/**
 * Calls `note` with a line for each request `page` finishes: its path and status (its URL as `label`
 * gives it). A request that finishes as the page closes has no answer left to read; said so, not left to
 * reject unheard, which failed a run whose tests had all passed.
 */
export function noteAnswers(page: Page, note: (line: string) => void, label: (r: Request) => string = (r) => new URL(r.url()).pathname): void {
  page.on(
    'requestfinished',
    (r) =>
      void r.response().then(
        (a) => note(`${label(r)} ${a?.status() ?? '?'}${a?.fromServiceWorker() ? ' (worker)' : ''}`),
        () => note(`${label(r)} (answer gone with the page)`),
      ),
  );
}
