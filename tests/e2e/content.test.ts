// The real content as a reader uses it, in Chromium: each course read from its first page to its last
// with the footer's Next link (and back with Previous). The jQuery sandbox has its own file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ready, startSite, waitForAddress, type Site } from '../support/site.ts';
import { CHATBOT_COURSE, IVR_COURSE } from '../support/courses.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

/** Follows the footer link `rel` from `start` until `stop` (or `limit` pages), returning the paths visited. */
async function walk(page: Page, rel: 'next' | 'prev', stop: string, limit: number): Promise<string[]> {
  const visited = [new URL(page.url()).pathname];
  const link = page.locator(`footer.page-footer a[rel="${rel}"]`);
  while (visited.at(-1) !== stop && visited.length <= limit) {
    const from = visited.at(-1)!;
    if ((await link.count()) === 0) break;
    const label = (await link.textContent()) ?? '';
    await link.click();
    await waitForAddress(page, (u) => u.pathname !== from);
    const to = new URL(page.url()).pathname;
    const title = site.manifest.pages.find((p) => p.path === to)?.title ?? to;
    // The new page is shown: its own h1, and a footer that no longer links to where we came from.
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await ready(page);
    await page.waitForFunction(([r, here]) => document.querySelector(`footer.page-footer a[rel="${r}"]`)?.getAttribute('href') !== here, [rel, to] as const);
    // The link named the page it led to.
    expect(label).toContain(title);
    visited.push(to);
  }
  return visited;
}

describe('course reading order', () => {
  it.each([
    ['chatbot', CHATBOT_COURSE],
    ['IVR', IVR_COURSE],
  ])(
    'the %s course reads from its first page to its last with Next, and back with Previous',
    async (_name, order) => {
      const { page, errors } = await site.open();
      await page.goto(site.url + order[0]);
      await ready(page);
      expect(await walk(page, 'next', order.at(-1)!, order.length)).toEqual(order);
      expect(await walk(page, 'prev', order[0]!, order.length)).toEqual([...order].reverse());
      expect(errors).toEqual([]);
      // Each page scrolls smoothly back to the top before its footer link holds still: about a second a page.
    },
    120_000,
  );
});
