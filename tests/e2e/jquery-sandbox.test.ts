// The jQuery sandbox of the chatbot course in Chromium: the reader's code runs with the real jQuery in
// a frame with `sandbox="allow-scripts"`. Driven by keyboard alone and by mouse; hostile code that
// reaches for the page, its cookies and storage, or the top window gets nothing; code that never
// ends is stopped without freezing the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ready, startSite, type Site } from '../support/site.ts';

let site: Site;
beforeAll(async () => {
  // Desktop Chrome runs a sandboxed frame in a process of its own (site isolation); this headless
  // build does so only when asked. Without it, only the loop guard can stop endless code.
  site = await startSite({ browserArgs: ['--site-per-process'] });
});
afterAll(() => site?.close());

const PATH = '/training/chatbot/functional/jquery/';
const PICKUP = `$('button[title="Pickup"]').click()`;
const GREETING = 'Hi! I can take your pizza order. Pickup or delivery?';
/** Messages Chromium logs when the sandbox refuses something: expected in the hostile tests. */
const SANDBOX_REFUSALS = /sandboxed|Unsafe attempt to initiate navigation|permission to navigate/;

async function open() {
  const opened = await site.open();
  const { page } = opened;
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(site.url + PATH);
  await ready(page);
  const input = page.getByLabel('jQuery expression');
  const output = page.getByRole('status', { name: 'Sandbox output' });
  const frame = page.frameLocator('iframe[title="Sample chat widget"]');
  const widget = frame.getByRole('region', { name: 'Sample chat widget' });
  await widget.waitFor();
  /** Types the code and runs it with Enter; resolves with the output once the run has finished. */
  const run = async (code: string): Promise<string> => {
    await input.fill(code);
    await input.press('Enter');
    await expect.poll(() => output.textContent()).not.toMatch(/^Running|^Run an expression/);
    return (await output.textContent()) ?? '';
  };
  return {
    ...opened,
    dialogs,
    input,
    output,
    frame,
    run,
    messages: () => widget.getByRole('log').locator('p').allTextContents(),
  };
}

describe('the jQuery sandbox of the chatbot course', () => {
  it('frames its widget in an opaque-origin sandbox that loads the site’s own jQuery', async () => {
    const { page, errors } = await open();
    const iframe = page.locator('iframe[title="Sample chat widget"]');
    expect(await iframe.getAttribute('sandbox')).toBe('allow-scripts');
    const inner = page.frames().find((f) => f !== page.mainFrame())!;
    expect(new URL(inner.url()).pathname).toBe('/sandbox/jquery.html');
    expect(await inner.evaluate(() => [origin, (window as { jQuery?: { fn: { jquery: string } } }).jQuery?.fn.jquery])).toEqual(['null', expect.stringMatching(/^3\./)]);
    expect(errors).toEqual([]);
  });

  it('works with the keyboard alone: Tab to the expression, type it, Enter', async () => {
    const { page, input, output, frame, messages, errors } = await open();
    expect(await messages()).toEqual([GREETING]);

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
    expect(await output.textContent()).toContain('click on button.quick-reply[title="Pickup"]');
    // The widget took the click: the customer's "Pickup" and the bot's answer.
    expect(await messages()).toEqual([GREETING, 'Pickup', 'Pickup it is. Which pizza would you like: Margherita, Pepperoni or Veggie?']);
    // The matched button is outlined, and the focus stayed in the input for the next expression.
    expect(await frame.locator('button.quick-reply[title="Pickup"]').getAttribute('class')).toContain('sandbox-match');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('works with the mouse: the Run button, an example button, and Reset', async () => {
    const { page, input, output, messages, errors } = await open();
    await input.click();
    await page.keyboard.type(`$('#chat-input').val('Show me the menu')`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => output.textContent()).toContain('set the value of input#chat-input.chat-input to "Show me the menu"');
    await input.fill(`$('.chat-send').click()`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(messages).toContain('Today we have Margherita, Pepperoni and Veggie.');
    expect(await messages()).toContain('Show me the menu');

    await page.getByRole('button', { name: `Use example $('.quick-reply').length` }).click();
    expect(await input.inputValue()).toBe(`$('.quick-reply').length`);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => output.textContent()).toContain('2 elements matched');
    expect(await output.textContent()).toMatch(/Result:\s*2/);

    // Reset replaces the frame: the conversation starts again.
    await page.getByRole('button', { name: 'Reset the widget' }).click();
    await expect.poll(messages).toEqual([GREETING]);
    expect(errors).toEqual([]);
  });

  it('runs what only the real jQuery knows, and shows errors as jQuery raises them', async () => {
    const { run, messages, errors } = await open();
    expect(await run(`$('.quick-reply').map((i, b) => b.title).get().join(' / ')`)).toContain('Result: "Pickup / Delivery"');
    expect(await run(`$('.quick-reply').filter(':odd').trigger('click').text()`)).toContain('Result: "Delivery"');
    expect(await messages()).toContain('Delivery it is. What is the delivery address?');
    expect(await run(`$('.chat-header').css('display')`)).toContain('Result: "block"');
    expect(await run(`$('button:bogus')`)).toMatch(/^Error:.*unsupported pseudo: bogus/);
    expect(await run(`$(`)).toMatch(/^Error: SyntaxError: Unexpected token/);
    expect(errors).toEqual([]);
  });

  it('gives hostile code nothing: not the page, its cookies or storage, nor the top window', async () => {
    const { page, run, dialogs, messages, errors } = await open();
    await page.evaluate(() => {
      document.cookie = 'session=secret; path=/';
      localStorage.setItem('note', 'secret');
    });
    const address = () => new URL(page.url()).pathname;
    expect(await run('parent.document.title')).toMatch(/^Error: SecurityError: .*cross-origin/);
    expect(await run('top.localStorage.getItem("note")')).toMatch(/^Error: SecurityError/);
    expect(await run('document.cookie')).toMatch(/^Error: SecurityError/);
    expect(await run('localStorage.getItem("note")')).toMatch(/^Error: SecurityError/);
    expect(await run('indexedDB.open("site")')).toMatch(/^Error: SecurityError/);
    expect(await run(`top.location.href = '/guides/'`)).toMatch(/^Error: SecurityError: .*permission to navigate/);
    expect(await run(`parent.location.replace('/guides/')`)).toMatch(/^Error: SecurityError/);
    expect(await run(`window.open('/guides/')`)).toContain('Result: null');
    expect(await run('alert(document.title)')).toContain('Result: undefined');
    // A forged reply of the wrong shape arrives first and is dropped; the runner's own reply is shown.
    expect(await run(`parent.postMessage({ type: 'result', id: 0, html: '<img src=x onerror=alert(1)>' }, '*'), 'sent'`)).toContain('Result: "sent"');

    // (The hash may follow the headings as the page scrolls to the input; the page itself stays.)
    expect(address()).toBe(PATH);
    expect(dialogs).toEqual([]);
    expect(page.context().pages()).toHaveLength(1);
    expect(await page.evaluate(() => [document.cookie, localStorage.getItem('note')])).toEqual(['session=secret', 'secret']);
    expect(await messages()).toEqual([GREETING]);
    expect(errors.filter((e) => !SANDBOX_REFUSALS.test(e))).toEqual([]);
  });

  it('stops an endless loop in about a second, and the widget keeps working', async () => {
    const { run, messages, errors } = await open();
    const started = Date.now();
    expect(await run('while (true) {}')).toContain('A loop ran for more than 1 second, so the code was stopped.');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await run(PICKUP)).toContain('1 element matched');
    expect(await messages()).toContain('Pickup');
    expect(errors).toEqual([]);
  });

  it('replaces the frame when code outlasts the timeout, and the page stays responsive meanwhile', async () => {
    const { page, input, output, messages, run, errors } = await open();
    await run(PICKUP);
    expect(await messages()).toContain('Pickup');
    // Catastrophic backtracking: no loop to guard, and hours of work.
    await input.fill(`/^(a+)+$/.test('a'.repeat(40) + 'b')`);
    await input.press('Enter');
    await expect.poll(() => output.textContent()).toBe('Running…');
    // While the frame is busy, the page answers at once and its controls work.
    const t0 = Date.now();
    await page.evaluate(() => document.title);
    expect(Date.now() - t0).toBeLessThan(1000);
    await page.getByRole('button', { name: `Use example $('.quick-reply').length` }).click();
    await expect.poll(() => output.textContent()).toContain('did not finish within 2 seconds, so it was stopped and the widget was reloaded');
    // A new frame, with a new conversation, that runs code again.
    await expect.poll(messages).toEqual([GREETING]);
    expect(await run(`$('.quick-reply').length`)).toMatch(/Result:\s*2/);
    expect(errors).toEqual([]);
  });
});

describe('the sandbox document outside its sandbox', () => {
  it('runs nothing when framed without the sandbox attribute, where it would have the site’s origin', async () => {
    const { page, errors } = await site.open();
    await page.goto(site.url + '/');
    await ready(page);
    const reply = await page.evaluate(
      (src) =>
        new Promise<unknown>((resolve) => {
          const frame = document.createElement('iframe');
          frame.src = src;
          window.addEventListener('message', (e) => {
            if (e.source !== frame.contentWindow) return;
            if ((e.data as { type?: string }).type === 'ready') frame.contentWindow!.postMessage({ type: 'run', id: 1, code: 'document.cookie = "ran=1"' }, location.origin);
            else resolve(e.data);
          });
          document.body.append(frame);
        }),
      '/sandbox/jquery.html',
    );
    expect(reply).toEqual({ type: 'error', id: 1, message: 'The sandbox runs code only in a frame with sandbox="allow-scripts".' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('ran=1');
    expect(errors).toEqual([]);
  });
});
