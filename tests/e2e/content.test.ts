// The real content as a reader uses it, in Chromium: each course read from its first page to its last
// with the footer's Next link (and back with Previous), and the jQuery sandbox of the chatbot course
// driven by keyboard alone, by mouse, and with an expression it must refuse.
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
    await page.waitForFunction(
      ([r, here]) => document.querySelector(`footer.page-footer a[rel="${r}"]`)?.getAttribute('href') !== here,
      [rel, to] as const,
    );
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
  ])('the %s course reads from its first page to its last with Next, and back with Previous', async (_name, order) => {
    const { page, errors } = await site.open();
    await page.goto(site.url + order[0]);
    await ready(page);
    expect(await walk(page, 'next', order.at(-1)!, order.length)).toEqual(order);
    expect(await walk(page, 'prev', order[0]!, order.length)).toEqual([...order].reverse());
    expect(errors).toEqual([]);
    // Each page scrolls smoothly back to the top before its footer link holds still: about a second a page.
  }, 120_000);
});

describe('the jQuery sandbox of the chatbot course', () => {
  const PATH = '/training/chatbot/functional/jquery/';
  const PICKUP = `$('button[title="Pickup"]').click()`;

  async function open() {
    const opened = await site.open();
    const dialogs: string[] = [];
    opened.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await opened.page.goto(site.url + PATH);
    await ready(opened.page);
    const page = opened.page;
    const input = page.getByLabel('jQuery expression');
    await input.waitFor();
    return {
      ...opened,
      dialogs,
      input,
      output: page.getByRole('status', { name: 'Sandbox output' }),
      widget: page.getByRole('region', { name: 'Sample chat widget' }),
      messages: () => page.getByRole('region', { name: 'Sample chat widget' }).getByRole('log').locator('p').allTextContents(),
    };
  }

  it('works with the keyboard alone: Tab to the expression, type it, Enter', async () => {
    const { page, input, output, messages, errors } = await open();
    const before = await messages();
    expect(before).toEqual(['Hi! I can take your pizza order. Pickup or delivery?']);

    // From the top of the page, Tab until the expression input has the focus.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    let reached = false;
    for (let i = 0; i < 400 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await input.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);

    await page.keyboard.type(PICKUP);
    await page.keyboard.press('Enter');
    await expect.poll(() => output.textContent()).toContain('1 element matched');
    expect(await output.textContent()).toContain('button.quick-reply[title="Pickup"]');
    // The widget took the click: the customer's "Pickup" and the bot's answer.
    await expect.poll(messages).toEqual([...before, 'Pickup', 'Pickup it is. Which pizza would you like: Margherita, Pepperoni or Veggie?']);
    // The matched button is outlined, and the focus stayed in the input for the next expression.
    expect(await page.locator('button.quick-reply[title="Pickup"]').getAttribute('class')).toContain('outline-2');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('works with the mouse: the Run button, and an example button', async () => {
    const { page, input, output, messages, errors } = await open();
    await input.click();
    await page.keyboard.type(`$('#chat-input').val('Show me the menu')`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => output.textContent()).toContain('1 element matched');
    await input.fill(`$('.chat-send').click()`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(messages).toContain('Today we have Margherita, Pepperoni and Veggie.');
    expect(await messages()).toContain('Show me the menu');

    // An example fills the input; Run runs it.
    await page.getByRole('button', { name: `Use example $('.quick-reply').length` }).click();
    expect(await input.inputValue()).toBe(`$('.quick-reply').length`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => output.textContent()).toContain('2 elements matched');
    expect(await output.textContent()).toMatch(/Result:\s*2/);

    // Reset the widget starts the conversation again.
    await page.getByRole('button', { name: 'Reset the widget' }).click();
    await expect.poll(messages).toEqual(['Hi! I can take your pizza order. Pickup or delivery?']);
    expect(errors).toEqual([]);
  });

  it('refuses an unsupported expression without running it', async () => {
    const { page, input, output, messages, dialogs, errors } = await open();
    const before = await messages();
    await input.fill('alert(1)');
    await input.press('Enter');
    await expect.poll(() => output.textContent()).toMatch(/^Error:/);
    expect(await output.textContent()).not.toMatch(/matched/);
    // An unsupported method is named as such.
    await input.fill(`$('button').html('<b>')`);
    await input.press('Enter');
    await expect.poll(() => output.textContent()).toContain('Unsupported method .html()');
    // Nothing ran: no dialog, the widget unchanged, no button outlined, no page error.
    await page.waitForTimeout(200);
    expect(dialogs).toEqual([]);
    expect(await messages()).toEqual(before);
    expect(await page.locator('.chat-widget .outline-2').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
