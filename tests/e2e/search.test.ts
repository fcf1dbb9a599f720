// Search in Chromium against the built site: the index loads only once search is opened, results are keyboard-driven, nothing leaves the origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { h1, startSite, waitForAddress, type Site } from '../support/site.ts';
import { FIRST_OPTIONS } from '../../src/search/SearchResults.tsx';
import { MAX_GROUPS } from '../../src/search/engine.ts';

let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

/** A heading of /guides/ivr/ to search for: its full title ranks its own section first. */
function target() {
  const page = site.manifest.pages.find((p) => p.path === '/guides/ivr/')!;
  const header = [...page.headers].sort((a, b) => b.title.length - a.title.length)[0]!;
  return { page, header, url: `/guides/ivr/#${header.slug}` };
}

async function openGuides(page: Page) {
  await page.goto(`${site.url}/guides/`);
  await h1(page);
  await page.waitForLoadState('networkidle');
}

const box = (page: Page) => page.getByRole('combobox', { name: 'Search documentation' });

describe('search', () => {
  it('finds a page by its title typed with typos, first in the list, and offers the corrected title', async () => {
    const { page, errors } = await site.open();
    await openGuides(page);
    await page.keyboard.press('/');
    // "Declare homophones", with a swapped pair and a wrong first letter.
    await box(page).pressSequentially('declare homohpones');
    const first = page.getByRole('group').first();
    await expect.poll(() => first.getAttribute('aria-label')).toBe('Declare homophones');
    expect(await page.getByRole('option').first().getAttribute('data-url')).toMatch(/^\/training\/ivr\/functional\/homophones\//);
    const suggestion = page.getByTestId('search-suggestion');
    await expect.poll(() => suggestion.textContent()).toBe('declare homophones');
    expect(await page.locator('[role=search] [role=status]').textContent()).toMatch(/\d+ results?\. Did you mean declare homophones\?/);

    await box(page).fill('');
    await box(page).pressSequentially('virutal devices');
    // The "Virtual devices" page first: its title is the query once the typo is corrected (the courses' device pages share the words).
    await expect.poll(() => page.getByRole('group').first().getAttribute('aria-label')).toBe('Virtual devices');
    expect(errors).toEqual([]);
  });

  it('loads nothing for search until it is opened, then answers from the local index', async () => {
    const { page, errors } = await site.open();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await openGuides(page);
    expect(requests.filter((u) => u.includes('/search/') || u.includes('/chunks/search-'))).toEqual([]);

    await page.keyboard.press('/');
    await expect.poll(() => box(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => requests.some((u) => u.includes('/search/'))).toBe(true);

    const { page: record, header, url } = target();
    await box(page).fill(header.title);
    const group = page.getByRole('group', { name: record.title });
    await group.waitFor();
    expect(await group.locator('mark').count()).toBeGreaterThan(0);
    expect(await box(page).getAttribute('aria-expanded')).toBe('true');

    const urls = await page.getByRole('option').evaluateAll((els) => els.map((e) => e.getAttribute('data-url')));
    const index = urls.indexOf(url);
    expect(index, `options: ${urls.join(', ')}`).toBeGreaterThanOrEqual(0);
    for (let i = 0; i <= index; i++) await page.keyboard.press('ArrowDown');
    const active = await box(page).getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).getAttribute('data-url')).toBe(url);
    await page.keyboard.press('Enter');
    await waitForAddress(page, (u) => u.pathname + u.hash === url);
    await page.getByRole('heading', { level: 1, name: record.title }).waitFor();
    await page.locator(`[id="${header.slug}"]`).waitFor();
    expect(await page.getByRole('listbox').count()).toBe(0);

    expect(requests.every((u) => new URL(u).origin === site.url)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('Ctrl+K focuses the box, Escape closes the results and a second Escape clears it', async () => {
    const { page, errors } = await site.open();
    await openGuides(page);
    await page.keyboard.press('Control+k');
    await expect.poll(() => box(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(target().header.title);
    await page.getByRole('listbox', { name: 'Search results' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await box(page).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Escape');
    expect(await box(page).inputValue()).toBe('');
    expect(await box(page).evaluate((el) => el === document.activeElement)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('renders the first options of an answer at once, loads and renders the others when the list is scrolled or the keyboard reaches them', async () => {
    const { page, errors } = await site.open();
    const texts: string[] = [];
    page.on('request', (r) => /\/search\/[^/]+\/d\/\d+\.json$/.test(r.url()) && texts.push(r.url()));
    await openGuides(page);
    await page.keyboard.press('/');
    // Filled at once: no answer to a first letter has loaded texts of pages this one shows.
    await box(page).fill('test');
    const status = page.locator('[role=search] [role=status]');
    const popup = page.getByTestId('search-popup');
    await expect.poll(() => popup.getAttribute('aria-busy')).toBe('false');
    // The answer comes with its first pages' texts only: the status says there is more.
    await expect.poll(() => status.textContent()).toMatch(/^More than \d+ results$/);
    const first = Number((await status.textContent())!.match(/\d+/)![0]);
    expect(first).toBeGreaterThanOrEqual(FIRST_OPTIONS);
    const early = new Set(texts).size;
    expect(early, texts.join('\n')).toBeLessThan(MAX_GROUPS);
    // Nothing more is loaded while the reader has not scrolled: the list's end is out of sight.
    await page.waitForTimeout(500);
    expect(new Set(texts).size).toBe(early);
    expect(await status.textContent()).toMatch(/^More than \d+ results$/);
    const options = page.getByRole('option');
    const rendered = await options.count();
    expect(rendered).toBeGreaterThanOrEqual(FIRST_OPTIONS);
    expect(rendered).toBeLessThanOrEqual(first);
    // Each option says where it stands; the size of the whole list is not known yet.
    expect(await options.first().getAttribute('aria-posinset')).toBe('1');
    expect(await options.first().getAttribute('aria-setsize')).toBe('-1');

    // Scrolling the popup to the end of what is rendered loads and brings the rest.
    await popup.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect.poll(() => status.textContent()).toMatch(/^\d+ results$/);
    const total = Number((await status.textContent())!.split(' ')[0]);
    expect(total, 'a common word has more answers than the first pages hold').toBeGreaterThan(first);
    expect(new Set(texts).size).toBeGreaterThan(early);
    // Grown by a screen of options, not to the whole answer at once.
    expect(await options.count(), `${total} results`).toBeLessThan(total);
    // The list grows a screen of options at a time as its end comes near: scrolled on, it reaches the last one.
    await expect
      .poll(async () => {
        await popup.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
        return options.count();
      })
      .toBe(total);
    expect(await options.last().getAttribute('aria-posinset')).toBe(String(total));
    expect(await options.last().getAttribute('aria-setsize')).toBe(String(total));

    // A new answer starts short again; ArrowUp goes to the last option of the whole answer, which is then loaded, rendered and active.
    await box(page).fill('suite');
    await expect.poll(() => popup.getAttribute('aria-busy')).toBe('false');
    await expect.poll(() => status.textContent()).toMatch(/^More than \d+ results$/);
    // The popup shows the new answer from its top, not scrolled down where the last one was.
    expect(await popup.evaluate((el) => el.scrollTop)).toBe(0);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => status.textContent()).toMatch(/^\d+ results$/);
    const again = Number((await status.textContent())!.split(' ')[0]);
    await expect.poll(() => box(page).getAttribute('aria-activedescendant')).not.toBeNull();
    await expect.poll(async () => page.locator(`[id="${await box(page).getAttribute('aria-activedescendant')}"]`).getAttribute('aria-posinset')).toBe(String(again));
    expect(errors).toEqual([]);
  });

  it('says when nothing matches', async () => {
    const { page } = await site.open();
    await openGuides(page);
    await box(page).fill('zzqxnotaword');
    await page.getByText('No results for “zzqxnotaword”').first().waitFor();
    // A lone letter is not a search yet: the box says to go on, and asks for no page's text
    // (at most the shard of the likeliest second letter, loaded ahead once the status is shown).
    const asked: string[] = [];
    page.on('request', (r) => asked.push(r.url()));
    await box(page).fill('v');
    await page.getByText('Keep typing to search').first().waitFor();
    await page.waitForTimeout(300);
    const search = asked.filter((u) => u.includes('/search/'));
    expect(search.filter((u) => !/\/s\/v.\.bin$/.test(u))).toEqual([]);
    expect(search.length).toBeLessThanOrEqual(1);
  });

  it('fits a 390 px wide screen, with the results full width under the navbar', async () => {
    const { page } = await site.open({ viewport: { width: 390, height: 844 } });
    await openGuides(page);
    const input = await box(page).boundingBox();
    expect(input!.x + input!.width).toBeLessThanOrEqual(390);
    // Every control of the navbar is whole on screen, the theme toggle at its end included.
    const controls = await page.locator('header.navbar').evaluate((nav) =>
      [...nav.querySelectorAll('a, button, input')].map((el) => ({
        name: el.getAttribute('aria-label') ?? el.textContent,
        left: el.getBoundingClientRect().left,
        right: el.getBoundingClientRect().right,
      })),
    );
    for (const c of controls.filter((c) => c.right > 0)) expect(c.right, `${c.name} ends at ${c.right}`).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await box(page).fill(target().header.title);
    const popup = await page.getByRole('listbox').boundingBox();
    expect(popup!.width).toBeGreaterThan(360);
    const navbar = await page.locator('header.navbar').boundingBox();
    expect(popup!.y).toBeGreaterThanOrEqual(navbar!.y + navbar!.height - 1);
    // Each excerpt is cut to two lines, however long its text.
    const lines = await page.getByRole('option').evaluateAll((els) =>
      els.map((el) => {
        const excerpt = el.querySelector('span:last-child')!;
        return excerpt.getBoundingClientRect().height / parseFloat(getComputedStyle(excerpt).lineHeight);
      }),
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const n of lines) expect(n).toBeLessThanOrEqual(2.05);
  });
});
