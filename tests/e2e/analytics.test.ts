// GA4 (§1, §7): off by default; with a measurement id, one page_view per page shown, none for a hash change,
// IP anonymised, GA's own page views off; nothing at all under Global Privacy Control or Do Not Track.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ready, startSite, waitForAddress, type Site } from '../support/site.ts';
import { longPage, plainPage } from '../support/pages.ts';
import type { Manifest } from '../../src/shared/schemas/manifest.ts';

const ID = 'G-TEST12345';
let site: Site;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'dist-analytics-'));
  const r = spawnSync(process.execPath, ['scripts/run-ts.mjs', 'scripts/build.ts'], {
    env: { ...process.env, ANALYTICS_ID: ID, DIST_DIR: dist, CONTENT_DIR: process.env.E2E_CONTENT ?? 'content' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`analytics build failed:\n${r.stderr}`);
  site = await startSite({ root: dist });
}, 180_000);
afterAll(() => site?.close());

/** gtag.js is answered locally (no network here); every request to it is counted. */
async function stubGtag(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route('https://www.googletagmanager.com/**', (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return requests;
}

type Call = unknown[];
const calls = (page: Page): Promise<Call[]> => page.evaluate(() => ((window as { dataLayer?: IArguments[] }).dataLayer ?? []).map((a) => JSON.parse(JSON.stringify(Array.from(a))) as Call));
const pageViews = async (page: Page) => (await calls(page)).filter((c) => c[0] === 'event' && c[1] === 'page_view').map((c) => c[2] as { page_path: string; page_title: string });

describe('analytics', () => {
  it('the default build sends nothing', () => {
    const defaultManifest = JSON.parse(readFileSync(path.resolve(process.env.E2E_DIST ?? 'dist', 'manifest.json'), 'utf8')) as Manifest;
    expect(defaultManifest.site.analytics.id).toBe('');
    expect(readFileSync(path.resolve(process.env.E2E_DIST ?? 'dist', 'index.html'), 'utf8')).not.toContain('googletagmanager');
  });

  it('with an id: gtag.js once, anonymised, and one page_view per page shown, none for a hash change', async () => {
    const { page, context } = await site.open();
    const requests = await stubGtag(context);
    const first = longPage(site.manifest);
    const second = plainPage(site.manifest, first.path);
    await page.goto(site.url + first.path);
    await ready(page);
    await expect.poll(() => pageViews(page), { timeout: 5000 }).toEqual([{ page_path: first.path, page_title: first.title, page_location: site.url + first.path }]);
    // The script element is added with the first page view; its request follows a moment later.
    await expect.poll(() => requests, { timeout: 5000 }).toEqual([`https://www.googletagmanager.com/gtag/js?id=${ID}`]);
    const config = (await calls(page)).find((c) => c[0] === 'config');
    expect(config).toEqual(['config', ID, { anonymize_ip: true, send_page_view: false }]);

    // A change of hash alone is not a page view.
    const header = first.headers[1]!;
    await page.locator('.sidebar').getByRole('link', { name: header.title, exact: true }).click();
    await waitForAddress(page, (u) => u.hash === `#${header.slug}`);
    // No wait here: the next page's view must directly follow the first one (an extra view would sit between them).

    await page.locator('.sidebar').getByRole('link', { name: second.title, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    await expect.poll(async () => (await pageViews(page)).map((v) => v.page_path), { timeout: 5000 }).toEqual([first.path, second.path]);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await expect.poll(async () => (await pageViews(page)).map((v) => v.page_path), { timeout: 5000 }).toEqual([first.path, second.path, first.path]);
    expect((await pageViews(page))[1]!.page_title).toBe(second.title);
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['Global Privacy Control', () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })],
    ['Do Not Track', () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })],
  ])('loads and sends nothing under %s', async (_name, signal) => {
    const { page, context } = await site.open();
    const requests = await stubGtag(context);
    await context.addInitScript(signal);
    await page.goto(`${site.url}/`);
    await ready(page);
    // A route change, announced once its page is shown: the page-view effect, which runs before the announcer's, has run for both pages.
    const next = site.manifest.pages.find((p) => !p.frontmatter.home && !p.frontmatter.layout)!;
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, next.path);
    await expect.poll(() => page.getByTestId('route-announcer').textContent()).toBe(next.title);
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(requests).toEqual([]);
    expect(await calls(page)).toEqual([]);
  });
});
