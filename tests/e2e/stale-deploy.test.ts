// A new deploy under an open page: old chunks and code files are gone; the app refetches the route
// table once and, when the app itself changed, reloads once (never in a loop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DIST, h1, noteAnswers, ready, type Site, startSite, waitForAddress, waitForWorkerControl } from '../support/site.ts';
import { longPage, plainPage } from '../support/pages.ts';
import type { SiteData } from '../../src/shared/schemas/site-data.ts';

const CONTENT = path.resolve(process.env.E2E_CONTENT ?? 'content');
const MARK = 'Deployed after the reader opened the page.';
let work: string;
let live: string;
let next: string;
let site: Site;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'stale-deploy-'));
  live = path.join(work, 'live');
  cpSync(DIST, live, { recursive: true });
  site = await startSite({ root: live });
  // The next version: other content on one page, and another app bundle.
  const target = plainPage(site.manifest, longPage(site.manifest).path);
  const content = path.join(work, 'content');
  cpSync(CONTENT, content, { recursive: true });
  const file = path.join(content, target.relativePath);
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n\n${MARK}\n`);
  next = path.join(work, 'next');
  const r = spawnSync(process.execPath, ['scripts/run-ts.mjs', 'scripts/build.ts'], {
    env: { ...process.env, CONTENT_DIR: content, DIST_DIR: next, APP_BUILD_LABEL: 'next' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(r.stderr);
}, 180_000);
afterAll(async () => {
  await site?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Serves the next version (the served folder swapped under open pages) while `fn` runs, then puts the first back. */
async function whileNextIsDeployed(fn: () => Promise<void>): Promise<void> {
  renameSync(live, path.join(work, 'old'));
  renameSync(next, live);
  try {
    await fn();
  } finally {
    renameSync(live, next);
    renameSync(path.join(work, 'old'), live);
  }
}

describe('stale deploys', () => {
  it('after a deploy, the next navigation reloads once into the new app and shows the new content', async () => {
    const { page } = await site.open();
    const first = longPage(site.manifest);
    const target = plainPage(site.manifest, first.path);
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(site.url + first.path);
    await h1(page);
    // The page's late code (image zoom) is in before the deploy: a code file found missing reloads by design.
    await page.waitForFunction((p) => document.documentElement.dataset.zoomReady === p, first.path);
    const initialLoads = loads;
    await whileNextIsDeployed(async () => {
      await page.locator('.sidebar').getByRole('link', { name: target.title, exact: true }).first().click();
      await waitForAddress(page, (u) => u.pathname === target.path);
      await page.getByText(MARK).waitFor({ timeout: 15_000 });
      // A page document shows the new text before its app runs: the build label comes with the app.
      expect(await h1(page)).toBe(target.title);
      expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe('next');
      expect(loads).toBe(initialLoads + 1);
    });
  });

  it('never reloads twice for one build, even when the deploy is inconsistent', async () => {
    const { page, context } = await site.open();
    const first = longPage(site.manifest);
    const target = plainPage(site.manifest, first.path);
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(site.url + first.path);
    await h1(page);
    const initialLoads = loads;
    // From now on the route table names an entry script that index.html never loads, and chunks claim another build.
    await context.route('**/data/site.json*', async (route) => {
      const res = await route.fetch();
      const body = { ...((await res.json()) as SiteData), app: '/assets/main-ELSEWHERE.js', buildId: 'other-build' };
      await route.fulfill({ response: res, json: body });
    });
    await page.locator('.sidebar').getByRole('link', { name: target.title, exact: true }).first().click();
    await waitForAddress(page, (u) => u.pathname === target.path);
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor({ timeout: 15_000 });
    // The page body shows only once loading its chunk has decided not to reload (a load that
    // reloads never resolves), so from here no reload is pending.
    await ready(page);
    expect(loads).toBeLessThanOrEqual(initialLoads + 1); // at most one reload
    const other = site.manifest.pages.find((p) => p.path !== first.path && p.path !== target.path && !p.frontmatter.home)!;
    const before = loads;
    await page.goto(site.url + other.path);
    await expect.poll(() => loads).toBe(before + 1); // the goto's own load
    await ready(page);
    expect(loads).toBe(before + 1);
  });
});

/** `promise`, or an error naming `what` once `ms` have passed without an answer. */
async function bounded<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The page's address and build, and its registration's workers, for a failure message (never hangs). */
async function workerState(page: import('playwright-core').Page): Promise<string> {
  const workers = page
    .context()
    .serviceWorkers()
    .map((w) => w.url());
  const state = await bounded(
    'reading the page',
    3_000,
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return {
        address: location.href,
        build: document.documentElement.dataset.build ?? '',
        installing: reg?.installing?.state ?? null,
        waiting: reg?.waiting?.state ?? null,
        active: reg?.active?.state ?? null,
        sameController: navigator.serviceWorker.controller === (window as unknown as { __firstWorker: unknown }).__firstWorker,
        // Each cache, and the entry script its app shell loads.
        caches: await Promise.all(
          (await caches.keys()).map(async (k) => {
            const shell = await (await caches.open(k)).match('/');
            return `${k}: ${shell ? ((await shell.text()).match(/main-\w+\.js/)?.[0] ?? 'no entry') : 'no shell'}`;
          }),
        ),
        entry: document.querySelector<HTMLScriptElement>('script[src*="/assets/main-"]')?.src ?? null,
      };
    }),
  ).catch((e: Error) => e.message);
  return JSON.stringify({ url: page.url(), workers, state });
}

/**
 * A long page opened with service workers allowed, once the first worker controls it (the page keeps
 * that worker as `__firstWorker`); `target`, a page to go to next; and `step`, which runs one bounded
 * step of a test: when it fails or runs out, the error carries the log of everything before it (steps,
 * loads, requests and whether a worker answered them, console messages, workers started) and the
 * workers' state.
 */
async function controlledPage() {
  const { page, context } = await site.open({ serviceWorkers: 'allow' });
  const t0 = Date.now();
  const log: string[] = [];
  const note = (line: string) => log.push(`${Date.now() - t0} ms ${line}`);
  const local = (url: string) => url.replace(site.url, '');
  let loads = 0;
  page.on('load', () => {
    loads++;
    note(`load ${local(page.url())}`);
  });
  page.on('framenavigated', (f) => f === page.mainFrame() && note(`navigated ${local(f.url())}`));
  noteAnswers(page, note, (r) => local(r.url()));
  page.on('requestfailed', (r) => note(`failed ${local(r.url())}: ${r.failure()?.errorText}`));
  page.on('console', (m) => note(`console ${m.type()}: ${m.text()}`));
  context.on('serviceworker', (w) => note(`worker started ${local(w.url())}`));
  const step = async <T>(what: string, ms: number, run: () => Promise<T>): Promise<T> => {
    note(what);
    try {
      return await bounded(what, ms, run());
    } catch (e) {
      throw new Error(`${(e as Error).message.split('\n')[0]}\n${await workerState(page)}\n${log.join('\n')}`, { cause: e });
    }
  };
  const first = longPage(site.manifest);
  await step('open a page', 15_000, () => page.goto(site.url + first.path));
  await step('its h1', 15_000, () => h1(page));
  // The page's late code (image zoom, a second after the page is shown) is in before the deploy
  // changes: its file would be gone, and a code file found missing reloads the page by design.
  await step('image zoom attached', 15_000, () => page.waitForFunction((p) => document.documentElement.dataset.zoomReady === p, first.path, { timeout: 0 }));
  await step('a worker in control', 15_000, () => waitForWorkerControl(page, 0));
  // The worker in control now; the one to come must differ from it (compared, rather than waiting
  // for an event that could fire before a listener is in place).
  await page.evaluate(() => ((window as unknown as { __firstWorker: unknown }).__firstWorker = navigator.serviceWorker.controller));
  return { page, step, loads: () => loads, target: plainPage(site.manifest, first.path) };
}

/** Clicks the sidebar link to the target page and waits for the new version's app (build "next") to show it and its new text. */
async function followToNewVersion({ page, step, target }: Awaited<ReturnType<typeof controlledPage>>): Promise<void> {
  await step('click a link', 15_000, () => page.locator('.sidebar').getByRole('link', { name: target.title, exact: true }).first().click({ timeout: 0 }));
  await step('the new build shown', 15_000, () => page.waitForFunction(() => document.documentElement.dataset.build === 'next', null, { timeout: 0 }));
  await step('its h1 and new text', 10_000, async () => {
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor({ timeout: 0 });
    await page.getByText(MARK).waitFor({ timeout: 0 });
  });
}

// Every step is bounded, and the sum of the bounds (site.open, then at most 15 + 15 + 15 + 15 + 20 + 20 + 5 + 15 + 15 + 10 s)
// stays under each test's own limit: a step that runs out fails with its log and the workers' state,
// not with the test's time-out.
describe('service worker updates', () => {
  it('a new deploy installs a new worker, which takes over; the next navigation loads the new version', { timeout: 150_000 }, async () => {
    const controlled = await controlledPage();
    const { page, step, loads } = controlled;
    await whileNextIsDeployed(async () => {
      // Browsers look for a new worker on navigations and registrations; ask now instead of waiting.
      await step('update()', 20_000, () =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.getRegistration();
          await reg!.update();
        }),
      );
      await step('the new worker in control', 20_000, () =>
        page.waitForFunction(
          () => {
            const now = navigator.serviceWorker.controller;
            return now !== null && now !== (window as unknown as { __firstWorker: unknown }).__firstWorker;
          },
          null,
          { timeout: 0 },
        ),
      );
      expect(await step('the build shown', 5_000, () => page.evaluate(() => document.documentElement.dataset.build ?? ''))).toBe('');
      const before = loads();
      await followToNewVersion(controlled);
      expect(loads()).toBe(before + 1);
    });
  });

  it("a deploy found by a navigation, before the browser has looked for a new worker, loads the new version once, not the old worker's shell", { timeout: 150_000 }, async () => {
    const controlled = await controlledPage();
    const { page, loads } = controlled;
    await whileNextIsDeployed(async () => {
      // The old worker still controls the page: the next page's chunk is of another build and the app reloads.
      const before = loads();
      await followToNewVersion(controlled);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== (window as unknown as { __firstWorker: unknown }).__firstWorker)).toBe(true);
      // No condition marks "no second reload coming": a second of watching is the claim's bound.
      await page.waitForTimeout(1000);
      expect(loads()).toBe(before + 1);
    });
  });
});
