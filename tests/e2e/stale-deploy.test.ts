// A new deploy under an open page: old chunks and code files are gone; the app refetches the route
// table once and, when the app itself changed, reloads once (never in a loop).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DIST, h1, startSite, waitForAddress, type Site } from '../support/site.ts';
import { longPage, plainPage } from '../support/pages.ts';

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
    const initialLoads = loads;
    await whileNextIsDeployed(async () => {
      await page.locator('.sidebar').getByRole('link', { name: target.title, exact: true }).first().click();
      await waitForAddress(page, (u) => u.pathname === target.path);
      await page.getByText(MARK).waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe('next');
      expect(loads).toBe(initialLoads + 1);
      expect(await h1(page)).toBe(target.title);
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
      const body = { ...(await res.json()), app: '/assets/main-ELSEWHERE.js', buildId: 'other-build' };
      await route.fulfill({ response: res, json: body });
    });
    await page.locator('.sidebar').getByRole('link', { name: target.title, exact: true }).first().click();
    await waitForAddress(page, (u) => u.pathname === target.path);
    await page.getByRole('heading', { level: 1, name: target.title }).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1500);
    expect(loads).toBeLessThanOrEqual(initialLoads + 1); // at most one reload
    const other = site.manifest.pages.find((p) => p.path !== first.path && p.path !== target.path && !p.frontmatter.home)!;
    await page.goto(site.url + other.path);
    await h1(page);
    await page.waitForTimeout(1000);
    const after = loads;
    await page.waitForTimeout(1000);
    expect(loads).toBe(after);
  });
});

/** The page's address and build, and its registration's workers, for a failure message. */
async function workerState(page: import('playwright-core').Page): Promise<string> {
  const state = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return {
      address: location.href,
      build: document.documentElement.dataset.build ?? '',
      installing: reg?.installing?.state ?? null,
      waiting: reg?.waiting?.state ?? null,
      active: reg?.active?.state ?? null,
      sameController: navigator.serviceWorker.controller === (window as unknown as { __firstWorker: unknown }).__firstWorker,
    };
  });
  return JSON.stringify(state);
}

describe('service worker updates', () => {
  // The test's own limit is above the sum of its bounded steps (15 + 20 + 20 + 15 s), so a step that
  // runs out fails with its message and the workers' state, not with the test's time-out.
  it('a new deploy installs a new worker, which takes over on the next navigation', { timeout: 90_000 }, async () => {
    const { page } = await site.open({ serviceWorkers: 'allow' });
    const first = longPage(site.manifest);
    const target = plainPage(site.manifest, first.path);
    await page.goto(site.url + first.path);
    await h1(page);
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
    // The worker in control now; the one to come must differ from it (compared, rather than waiting
    // for an event that could fire before a listener is in place).
    await page.evaluate(() => ((window as unknown as { __firstWorker: unknown }).__firstWorker = navigator.serviceWorker.controller));
    await whileNextIsDeployed(async () => {
      // Browsers look for a new worker on navigations and registrations; ask now instead of waiting.
      // Each step is bounded, and a failure says where it stood: a worker stuck installing or waiting,
      // a reload, another build already shown.
      const asked = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        const late = new Promise<string>((r) => setTimeout(() => r('update() still pending after 20 s'), 20_000));
        return Promise.race([reg!.update().then(() => 'updated'), late]);
      });
      if (asked !== 'updated') throw new Error(`${asked}: ${await workerState(page)}`);
      try {
        await page.waitForFunction(
          () => {
            const now = navigator.serviceWorker.controller;
            return now !== null && now !== (window as unknown as { __firstWorker: unknown }).__firstWorker;
          },
          null,
          { timeout: 20_000 },
        );
      } catch (e) {
        throw new Error(`The new worker did not take control: ${await workerState(page)}`, { cause: e });
      }
      expect(await page.evaluate(() => document.documentElement.dataset.build ?? '')).toBe('');
      await page.locator('.sidebar').getByRole('link', { name: target.title, exact: true }).first().click();
      await page.waitForFunction(() => document.documentElement.dataset.build === 'next', null, { timeout: 15_000 });
      await page.getByRole('heading', { level: 1, name: target.title }).waitFor();
      await page.getByText(MARK).waitFor();
    });
  });
});
