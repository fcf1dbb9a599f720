// Offline reading through the service worker: pages read before open offline with a notice,
// including after a full reload; unread pages show the error view; the search index once loaded works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { h1, ready, type Site, startSite, waitForAddress, waitForWorkerControl } from '../support/site.ts';
import { longPage, plainPage } from '../support/pages.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

describe('offline reading', () => {
  it('opens pages read before, with a notice, and fails unread ones gracefully', async () => {
    const { page } = await site.open({ serviceWorkers: 'allow' });
    const first = longPage(site.manifest);
    const second = plainPage(site.manifest, first.path);
    const unread = site.manifest.pages.find((p) => ![first.path, second.path].includes(p.path) && !p.frontmatter.home && (p.frontmatter.layout ?? 'default') === 'default')!;
    await page.goto(site.url + first.path);
    await ready(page);
    await waitForWorkerControl(page);
    await page.locator('.sidebar').getByRole('link', { name: second.title, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    await ready(page);

    site.setNetworkDown(true);
    // Client-side navigation back to a page read before.
    await page.locator('.sidebar').getByRole('link', { name: first.title, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    // A full load of a page read before: the worker answers with the cached app and data.
    await page.goto(site.url + second.path);
    await ready(page);
    expect(await h1(page)).toBe(second.title);
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
    // A page never read: the error view with Retry, and the rest of the site still works.
    await page.locator('.sidebar').getByRole('link', { name: unread.title, exact: true }).first().click();
    await waitForAddress(page, (u) => u.pathname === unread.path);
    await page.getByRole('alert').waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    site.setNetworkDown(false);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { level: 1, name: unread.title }).waitFor();
    // Back online: the first answer from the network takes the notice away.
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor({ state: 'detached', timeout: 5000 });
  });
});
