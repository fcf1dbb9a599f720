// @vitest-environment happy-dom
// The page side of the jQuery sandbox: what it sends to its frame, which replies it believes, and
// the timeout that replaces the frame. The frame itself (real jQuery in Chromium) is tested in
// tests/e2e/jquery-sandbox.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import JquerySandbox, { RUN_TIMEOUT_MS } from '../../src/components/JquerySandbox.tsx';
import { SANDBOX_URL } from '../../src/sandbox/protocol.ts';

// The frame loads an empty document here; the test plays the frame's part with messages.
const server = setupServer(http.get(`*${SANDBOX_URL}`, () => HttpResponse.html('<!doctype html><title>sandbox</title>')));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function setup() {
  render(<JquerySandbox />);
  const input = screen.getByLabelText<HTMLInputElement>('jQuery expression');
  const output = screen.getByRole('status', { name: 'Sandbox output' });
  const frame = () => screen.getByTitle<HTMLIFrameElement>('Sample chat widget');
  const sent: unknown[] = [];
  /** Records what the page posts to the current frame. */
  const listen = () => {
    const win = frame().contentWindow!;
    vi.spyOn(win, 'postMessage').mockImplementation((message: unknown) => void sent.push(message));
  };
  /** A message as the browser delivers it: from `source`, with `origin`. */
  const deliver = (data: unknown, { source = frame().contentWindow, origin = 'null' } = {}) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    });
  const type = (value: string) => {
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  };
  /** Waits until the current frame has loaded its (empty) document, so that no load is cut short. */
  const loaded = () =>
    new Promise((resolve) => {
      const f = frame();
      if (f.contentDocument?.title === 'sandbox') return resolve(undefined);
      f.addEventListener('load', resolve, { once: true });
      f.addEventListener('error', resolve, { once: true });
    });
  await loaded();
  return { input, output, frame, sent, listen, deliver, type, loaded };
}

const RESULT = {
  type: 'result',
  id: 0,
  matched: ['button.quick-reply[title="Pickup"]'],
  result: 'jQuery object with 1 element',
  effects: ['click on button.quick-reply[title="Pickup"]'],
};

describe('JquerySandbox', () => {
  it('frames the widget document with scripts allowed and nothing else', async () => {
    const { input, output, frame } = await setup();
    expect(frame().getAttribute('sandbox')).toBe('allow-scripts');
    expect(frame().getAttribute('src')).toBe(SANDBOX_URL);
    expect(input.placeholder).toBe(`$('button[title="Pickup"]').click()`);
    expect(output.getAttribute('aria-live')).toBe('polite');
    expect(output.textContent).toBe('Run an expression to see what it matches.');
  });

  it('sends the code once the frame is ready, and shows the matches, result and effects it reports', async () => {
    const { output, sent, listen, deliver, type } = await setup();
    listen();
    type(`$('button[title="Pickup"]').click()`);
    expect(output.textContent).toBe('Running…');
    expect(sent).toEqual([]);
    deliver({ type: 'ready' });
    expect(sent).toEqual([{ type: 'run', id: 0, code: `$('button[title="Pickup"]').click()` }]);
    deliver(RESULT);
    expect(output.textContent).toContain('1 element matched');
    expect(output.textContent).toContain('button.quick-reply[title="Pickup"]');
    expect(output.textContent).toContain('Result: jQuery object with 1 element');
    expect(output.textContent).toContain('click on button.quick-reply[title="Pickup"]');

    // The Run button runs too, at once now that the frame is ready; errors are shown as such.
    fireEvent.change(screen.getByLabelText('jQuery expression'), { target: { value: '$(' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(sent.at(-1)).toEqual({ type: 'run', id: 1, code: '$(' });
    deliver({ type: 'error', id: 1, message: 'SyntaxError: Unexpected token (1:3)' });
    expect(output.textContent).toBe('Error: SyntaxError: Unexpected token (1:3)');
  });

  it('believes only its own frame, with the opaque origin, in a known shape, for the pending run', async () => {
    const { output, sent, listen, deliver, type } = await setup();
    listen();
    deliver({ type: 'ready' });
    type(`$('.quick-reply')`);
    expect(sent).toHaveLength(1);
    // From this window, from no window, from the site's own origin, of another shape, for another run: all dropped.
    deliver(RESULT, { source: window });
    deliver(RESULT, { source: null });
    deliver(RESULT, { origin: window.location.origin });
    deliver({ ...RESULT, matched: '<b>all</b>' });
    deliver({ ...RESULT, effects: Array(31).fill('x') });
    deliver({ type: 'html', id: 0, html: '<img src=x>' });
    deliver({ ...RESULT, id: 7 });
    expect(output.textContent).toBe('Running…');
    deliver(RESULT);
    expect(output.textContent).toContain('1 element matched');
  });

  it('replaces the frame when the code does not answer in time', async () => {
    const { output, frame, listen, deliver, type, loaded } = await setup();
    vi.useFakeTimers();
    listen();
    deliver({ type: 'ready' });
    const first = frame();
    type('while (true) {}');
    act(() => {
      vi.advanceTimersByTime(RUN_TIMEOUT_MS - 1);
    });
    expect(output.textContent).toBe('Running…');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(output.textContent).toBe('Error: The code did not finish within 2 seconds, so it was stopped and the widget was reloaded.');
    expect(frame()).not.toBe(first);
    expect(first.isConnected).toBe(false);
    vi.useRealTimers();
    await loaded();
    // A late answer from the stopped run changes nothing.
    deliver({ ...RESULT, id: 0 });
    expect(output.textContent).toContain('did not finish');
  });

  it('the example buttons fill the input', async () => {
    const { input } = await setup();
    fireEvent.click(screen.getByRole('button', { name: `Use example $('.quick-reply').length` }));
    expect(input.value).toBe(`$('.quick-reply').length`);
  });

  it('reset replaces the frame and clears the output', async () => {
    const { output, frame, listen, deliver, type, loaded } = await setup();
    listen();
    deliver({ type: 'ready' });
    type(`$('.quick-reply')`);
    deliver({ ...RESULT });
    const first = frame();
    fireEvent.click(screen.getByRole('button', { name: 'Reset the widget' }));
    expect(frame()).not.toBe(first);
    expect(output.textContent).toBe('Run an expression to see what it matches.');
    await loaded();
  });
});
