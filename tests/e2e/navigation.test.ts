// Navbar, sidebar, drawer, scrolling, progress, back to top, reading progress and the active header, in Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { framesPainted, ready, startSite, waitForAddress, type Site } from '../support/site.ts';
import { longPage, plainPage, readingPage } from '../support/pages.ts';
import { chunkUrl } from '../../src/shared/paths.ts';
import { ACTIVE_HEADER_THROTTLE_MS, BACK_TO_TOP_THRESHOLD_PX, BACK_TO_TOP_THROTTLE_MS, PROGRESS_DELAY_MS } from '../../src/lib/constants.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

/**
 * Waits until the heading's top sits just below the fixed navbar (visible, not hidden under it, less
 * than 40 px lower). On a timeout the message gives where the heading, the navbar and the page were.
 */
async function landsBelowNavbar(page: Page, slug: string) {
  const where = () =>
    page.evaluate((id) => {
      const el = document.getElementById(id);
      const nav = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? null;
      const top = el ? el.getBoundingClientRect().top : null;
      const placed = top !== null && nav !== null && top >= nav && top < nav + 40;
      return { placed, top, nav, scrollY: window.scrollY, height: document.documentElement.scrollHeight, hash: location.hash };
    }, slug);
  const end = Date.now() + 5000;
  let last = await where();
  while (!last.placed && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    last = await where();
  }
  expect(last.placed, `heading #${slug} not just below the navbar: ${JSON.stringify(last)}`).toBe(true);
}
/**
 * Scrolls instantly (no smooth animation) to y, and returns once the page has dispatched the scroll
 * event (the app's listeners, registered earlier, have run), noting its time in the page.
 */
async function scrollTo(page: Page, y: number) {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        const from = window.scrollY;
        window.addEventListener(
          'scroll',
          () => {
            (window as unknown as { lastScrollAt: number }).lastScrollAt = performance.now();
            resolve();
          },
          { once: true },
        );
        window.scrollTo({ top, behavior: 'instant' });
        if (window.scrollY === from) resolve(); // no change, no event
      }),
    y,
  );
}
/** Waits until `ms` have passed in the page since the last scroll event: a throttled handler has had its trailing run. */
async function throttleElapsed(page: Page, ms: number) {
  await page.waitForFunction((wait) => performance.now() >= (window as unknown as { lastScrollAt: number }).lastScrollAt + wait, ms);
}
async function clickSidebarLink(page: Page, title: string) {
  await page.locator('.sidebar').getByRole('link', { name: title, exact: true }).first().click();
}

describe('navbar and sidebar', () => {
  it('shows the site title, the nav links, the theme toggle and the sidebar groups in order', async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    await page.goto(site.url + p.path);
    await ready(page);
    await page.locator('.navbar').getByRole('link', { name: site.manifest.site.title }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(site.manifest.site.nav.map((n) => n.text));
    await page.getByRole('button', { name: 'Dark mode' }).waitFor();
    const groups = await page.locator('.sidebar-group.top > .sidebar-group-title').allTextContents();
    expect(groups).toEqual(site.manifest.site.sidebar.map((g) => g.title));
  });

  it('highlights the current page and nests its headers down to sidebarDepth', async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    await page.goto(site.url + p.path);
    await ready(page);
    const current = page.locator('.sidebar [aria-current="page"]');
    expect(await current.textContent()).toBe(p.title);
    const depth = p.frontmatter.sidebarDepth ?? 1;
    const expected = p.headers.filter((h) => (depth >= 2 ? h.level <= 3 : depth === 1 ? h.level === 2 : false)).map((h) => h.title);
    expect(await page.locator('.sidebar .sidebar-headers a').allTextContents()).toEqual(expected);
  });

  it('collapses and expands a group', async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    await page.goto(site.url + p.path);
    await ready(page);
    const other = page
      .locator('.sidebar-group.top')
      .filter({ hasNot: page.locator('[aria-current="page"]') })
      .first()
      .locator('> .sidebar-group-title');
    const before = await other.getAttribute('aria-expanded');
    await other.click();
    expect(await other.getAttribute('aria-expanded')).not.toBe(before);
    await other.click();
    expect(await other.getAttribute('aria-expanded')).toBe(before);
  });

  it('on a narrow screen the sidebar is a drawer closed by its mask, by Escape and by a route change', async () => {
    const { page } = await site.open({ viewport: { width: 390, height: 844 } });
    const p = longPage(site.manifest);
    await page.goto(site.url + p.path);
    await ready(page);
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    const sidebar = page.locator('#sidebar');
    const inView = async () => (await sidebar.boundingBox())!.x >= 0;
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await inView()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.waitForFunction(() => document.querySelector('#sidebar')!.getBoundingClientRect().x >= 0);
    await page.getByTestId('sidebar-mask').click({ position: { x: 370, y: 300 } });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const other = plainPage(site.manifest, p.path);
    await page.locator('#sidebar').getByRole('link', { name: other.title, exact: true }).first().click();
    await waitForAddress(page, (u) => u.pathname === other.path);
    await page.waitForFunction(() => document.querySelector('[aria-label="Toggle sidebar"]')?.getAttribute('aria-expanded') === 'false', null, { timeout: 2000 });
  });
});

describe('scrolling', () => {
  it('a route change scrolls to the top; a hash lands on its heading below the navbar; back restores the position', async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    const other = plainPage(site.manifest, p.path);
    await page.goto(site.url + p.path);
    await ready(page);
    await scrollTo(page, 1200);
    await clickSidebarLink(page, other.title);
    await waitForAddress(page, (u) => u.pathname === other.path);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    await page.goBack();
    await waitForAddress(page, (u) => u.pathname === p.path);
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBeCloseTo(1200, -1);

    // An in-page link (the sidebar's header link) scrolls to its heading, just below the navbar.
    const target = p.headers.filter((h) => h.level === 2)[1]!;
    await page.locator('.sidebar').getByRole('link', { name: target.title, exact: true }).click();
    await waitForAddress(page, (u) => u.hash === `#${target.slug}`);
    await landsBelowNavbar(page, target.slug);
  });

  it('a heading scrolled to stays in place when content above it changes height, until the reader scrolls', async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    await page.goto(site.url + p.path);
    await ready(page);
    // The browser's scroll anchoring would hide what the app does: it is off here.
    await page.evaluate(() => (document.documentElement.style.overflowAnchor = 'none'));
    const target = p.headers.filter((h) => h.level === 2)[1]!;
    const top = () => page.evaluate((id) => document.getElementById(id)!.getBoundingClientRect().top, target.slug);
    const margin = await page.evaluate((id) => parseFloat(getComputedStyle(document.getElementById(id)!).scrollMarginTop), target.slug);
    const settled = async () => {
      // The smooth scroll is over: the position stays the same over 300 ms.
      let last = NaN;
      for (;;) {
        const y = await page.evaluate(() => window.scrollY);
        if (y === last) return;
        last = y;
        await page.waitForTimeout(300);
      }
    };
    const block = () =>
      page.evaluate(() => {
        const b = document.createElement('div');
        b.className = 'late-block';
        b.style.height = '50px';
        document.querySelector('main article')!.prepend(b);
      });
    // The end of the scroll to come (the app's hold starts there).
    await page.evaluate(() => {
      (window as { scrollEnded?: Promise<void> }).scrollEnded = new Promise((r) => addEventListener('scrollend', () => r(), { once: true }));
    });
    await page.locator('.sidebar').getByRole('link', { name: target.title, exact: true }).click();
    await waitForAddress(page, (u) => u.hash === `#${target.slug}`);
    // The smooth scroll lands the heading in place; once it has ended, 50 px more above the heading (a notice, a
    // reflow), then 50 px less: the heading is put back each time. All of it in the page, frame by
    // frame: the app holds the heading for HOLD_HEADING_MS after the scroll ends, and a test runner's
    // round trips on a busy machine (a poll, an evaluate) can take longer than that by themselves.
    const placed = await page.evaluate(
      async ({ id, margin }) => {
        const off = () => Math.abs(document.getElementById(id)!.getBoundingClientRect().top - margin);
        const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
        // A smooth scroll can stand still mid-way on a busy machine: wait for the heading's place, up to `ms`.
        const until = async (ms: number) => {
          const end = performance.now() + ms;
          while (off() > 2 && performance.now() < end) await frame();
          return off();
        };
        const landed = await until(5000);
        // The changes come after the scroll's end, inside the hold (a change before it is put right by the end itself).
        await Promise.race([(window as { scrollEnded?: Promise<void> }).scrollEnded, new Promise((r) => setTimeout(r, 3000))]);
        await frame();
        const b = document.createElement('div');
        b.className = 'late-block';
        b.style.height = '50px';
        document.querySelector('main article')!.prepend(b);
        await frame();
        const added = await until(1000);
        b.remove();
        await frame();
        const removed = await until(1000);
        return { landed, added, removed };
      },
      { id: target.slug, margin },
    );
    expect(placed.landed).toBeLessThanOrEqual(2);
    expect(placed.added).toBeLessThanOrEqual(2);
    expect(placed.removed).toBeLessThanOrEqual(2);
    // Once the reader scrolls, the page is theirs: a later change moves nothing back.
    await page.mouse.move(600, 400);
    await page.mouse.wheel(0, 300);
    await expect.poll(top).toBeLessThan(margin - 200);
    await settled();
    const y = await page.evaluate(() => window.scrollY);
    const before = await top();
    await block();
    await framesPainted(page, 3);
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
    expect(await top()).toBeCloseTo(before + 50, 0);
  });

  it('a heading link followed right after an instant scroll still scrolls smoothly, and lands', async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    await page.goto(site.url + p.path);
    await ready(page);
    const target = p.headers.filter((h) => h.level === 2)[1]!;
    const link = await page.locator('.sidebar').getByRole('link', { name: target.title, exact: true }).elementHandle();
    // The instant scroll's scrollend is still on its way when the heading's scroll begins: it must not be taken
    // for that scroll's end (which jumped the rest of the way at once).
    const seen = await page.evaluate(
      async ({ a, id }) => {
        const heading = document.getElementById(id)!;
        const from = Math.max(0, heading.getBoundingClientRect().top + window.scrollY - 900);
        const ys: number[] = [];
        addEventListener('scroll', () => ys.push(window.scrollY), { passive: true });
        window.scrollTo({ top: from, behavior: 'instant' });
        (a as HTMLAnchorElement).click();
        const end = performance.now() + 5000;
        const margin = parseFloat(getComputedStyle(heading).scrollMarginTop);
        while (Math.abs(heading.getBoundingClientRect().top - margin) > 2 && performance.now() < end) await new Promise((r) => requestAnimationFrame(r));
        return { from, ys, off: heading.getBoundingClientRect().top - margin };
      },
      { a: link, id: target.slug },
    );
    expect(Math.abs(seen.off)).toBeLessThanOrEqual(2);
    const last = seen.ys.at(-1)!;
    const between = new Set(seen.ys.filter((y) => y > seen.from + 1 && y < last - 1));
    expect(between.size, `scroll positions ${JSON.stringify(seen.ys)}`).toBeGreaterThanOrEqual(2);
  });

  it('a cold deep link with a hash lands on its heading below the navbar', async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    const target = p.headers.filter((h) => h.level === 2)[1]!;
    await page.goto(`${site.url}${p.path}#${target.slug}`);
    await landsBelowNavbar(page, target.slug);
  });

  it('h2 and h3 carry anchor links', async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    await page.goto(site.url + p.path);
    await ready(page);
    const h = p.headers[0]!;
    expect(await page.locator(`[id="${h.slug}"] > a.header-anchor`).getAttribute('href')).toBe(`#${h.slug}`);
    // An h3 from whichever page has one (the long page may have none).
    const withH3 = site.manifest.pages.find((x) => x.headers.some((hd) => hd.level === 3));
    expect(withH3, 'the site has a page with an h3').toBeDefined();
    const h3 = withH3!.headers.find((x) => x.level === 3)!;
    await page.goto(site.url + withH3!.path);
    await ready(page);
    expect(await page.locator(`h3[id="${h3.slug}"] > a.header-anchor`).getAttribute('href')).toBe(`#${h3.slug}`);
  });
});

describe('navigation progress', () => {
  it('shows nprogress, without a spinner, while a page waits for its data', async () => {
    const { page, context } = await site.open();
    const p = longPage(site.manifest);
    const other = plainPage(site.manifest, p.path);
    await page.goto(site.url + p.path);
    await ready(page);
    await context.route('**/data/pages/**', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await clickSidebarLink(page, other.title);
    await page.locator('#nprogress .bar').waitFor({ state: 'attached', timeout: 2000 });
    expect(await page.locator('#nprogress .spinner').count()).toBe(0);
    await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached' });
    await page.locator('#nprogress').waitFor({ state: 'detached', timeout: 3000 });
  });

  it(`shows no bar for a page whose data was already fetched (shown within ${PROGRESS_DELAY_MS} ms)`, async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    const other = plainPage(site.manifest, p.path);
    await page.goto(site.url + p.path);
    await ready(page);
    const link = page.locator('.sidebar').getByRole('link', { name: other.title, exact: true }).first();
    // Listening before the hover: the prefetch's answer can arrive before the hover call returns.
    const prefetched = page.waitForResponse((r) => r.url().includes('/data/pages/'));
    await link.hover(); // prefetches the page's data
    await prefetched;
    await page.locator('#nprogress').waitFor({ state: 'detached' }); // the first load's bar, if it had one, is gone
    await page.evaluate(() => {
      const w = window as unknown as { barSeen: boolean; clickedAt: number };
      w.barSeen = false;
      new MutationObserver(() => {
        if (document.getElementById('nprogress')) w.barSeen = true;
      }).observe(document.documentElement, { childList: true, subtree: true });
      document.addEventListener('click', () => (w.clickedAt = performance.now()), { capture: true, once: true });
    });
    await link.click();
    await waitForAddress(page, (u) => u.pathname === other.path);
    await ready(page);
    // The bar would show PROGRESS_DELAY_MS after the click: wait, in the page's own clock, until then has passed.
    await page.waitForFunction((delay) => performance.now() >= (window as unknown as { clickedAt: number }).clickedAt + delay + 100, PROGRESS_DELAY_MS);
    expect(await page.evaluate(() => (window as unknown as { barSeen: boolean }).barSeen)).toBe(false);
  });
});

describe('prefetch', () => {
  it("hovering a link to another section fetches the page's chunk and that section's route file; the click then waits for nothing", async () => {
    const { page } = await site.open();
    const start = longPage(site.manifest);
    const section = (p: string) => p.split('/')[1];
    await page.goto(site.url + start.path);
    await ready(page);
    const sidebar = page.locator('.sidebar');
    const titles = await sidebar.locator('a[href]').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent?.trim()] as const));
    const [href, title] = titles.find(([h]) => h && h.startsWith('/') && section(h) !== section(start.path) && site.manifest.pages.some((p) => p.path === h && !p.frontmatter.home))!;
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    const link = sidebar.getByRole('link', { name: title, exact: true }).first();
    await link.hover();
    const chunk = chunkUrl(href!);
    await expect.poll(() => asked.includes(chunk) && asked.includes(`/data/routes/${section(href!)}.json`)).toBe(true);
    await page.waitForLoadState('networkidle');
    asked.length = 0;
    await link.click();
    await waitForAddress(page, (u) => u.pathname === href);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(asked.filter((u) => u.startsWith('/data/'))).toEqual([]);
  });
});

describe('back to top', () => {
  it(`is hidden at 250 px, shown at 400 px (threshold ${BACK_TO_TOP_THRESHOLD_PX}), and scrolls to the top`, async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    await page.goto(site.url + p.path);
    await ready(page);
    const button = page.getByRole('button', { name: 'Back to top' });
    await scrollTo(page, 250);
    await throttleElapsed(page, BACK_TO_TOP_THROTTLE_MS + 50);
    // The throttled check has run at 250 px; let React commit whatever it decided.
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(await button.count()).toBe(0);
    await scrollTo(page, 400);
    // Shown once past the threshold. How soon is the throttle's business, not a wall-clock bound of this
    // test: three throttle periods (300 ms) of the test's own clock failed on a loaded machine.
    await button.waitFor({ timeout: 5_000 });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: 'detached' });
  });

  it('shows on a page opened far down, at an anchor, without the reader scrolling', async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    const last = p.headers.at(-1)!;
    await page.goto(`${site.url}${p.path}#${last.slug}`);
    await ready(page);
    await page.waitForFunction((y) => window.scrollY > y, BACK_TO_TOP_THRESHOLD_PX);
    await page.getByRole('button', { name: 'Back to top' }).waitFor({ timeout: 5_000 });
  });
});

describe('reading progress', () => {
  it('follows the scroll position on readingShow: top pages, and is absent elsewhere', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 500 } });
    const p = readingPage(site.manifest);
    await page.goto(site.url + p.path);
    await ready(page);
    const bar = page.getByRole('progressbar', { name: 'Reading progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('0');
    await scrollTo(page, 100_000);
    await page.waitForFunction(() => document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow') === '100');
    const box = await bar.boundingBox();
    expect(box!.y).toBe(0);
    await page.goto(site.url + plainPage(site.manifest).path);
    await ready(page);
    expect(await page.getByRole('progressbar', { name: 'Reading progress' }).count()).toBe(0);
  });
});

describe('active header', () => {
  it('marks the heading in view with aria-current="location" and replaces the hash without a history entry or jump', async () => {
    const { page } = await site.open();
    const p = longPage(site.manifest);
    await page.goto(site.url + p.path);
    await ready(page);
    const depth = p.frontmatter.sidebarDepth ?? 1;
    const listed = p.headers.filter((h) => h.level === 2 || depth >= 2);
    const target = listed[Math.min(2, listed.length - 1)]!;
    const historyLength = await page.evaluate(() => history.length);
    const y = await page.evaluate((slug) => {
      const nav = document.querySelector('.navbar')!.getBoundingClientRect().bottom;
      return window.scrollY + document.getElementById(slug)!.getBoundingClientRect().top - nav - 5;
    }, target.slug);
    await scrollTo(page, y);
    await expect.poll(() => page.locator('.sidebar [aria-current="location"]').textContent(), { timeout: ACTIVE_HEADER_THROTTLE_MS + 5000 }).toBe(target.title);
    await waitForAddress(page, (u) => u.hash === `#${target.slug}`);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(Math.round(await page.evaluate(() => window.scrollY))).toBe(Math.round(y));
  });
});
