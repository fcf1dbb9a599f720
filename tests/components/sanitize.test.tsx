// Hostile raw HTML in a chunk is neutralised: nothing executes, no dangerous element, attribute or URL survives; allowed content still renders.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { SANDBOX_URL } from '../../src/sandbox/protocol.ts';
import { renderSite } from '../support/render.tsx';
import { fixtureSite, siteHandlers } from '../support/fixture-site.ts';
import type { Chunk } from '../../src/shared/schemas/manifest.ts';

declare global {
  interface Window {
    __pwned?: unknown;
  }
}

const CHUNK_FILE = 'data/pages/guides/ivr/index.json';

import { ALLOWED, ATTACKS, MARKDOWN_ATTACKS } from '../support/hostile-html.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  delete window.__pwned;
});
afterAll(() => server.close());

/** Serves the IVR page's chunk with `markdown` as its body (and raw HTML flagged), the rest of the fixture site as built. */
async function serveChunk(markdown: string) {
  const site = await fixtureSite();
  const chunk = { ...(JSON.parse(site.files.get(CHUNK_FILE)!) as Chunk), markdown, html: true };
  server.use(
    http.get(`*/${CHUNK_FILE}`, () => HttpResponse.json(chunk)),
    http.get(`*${SANDBOX_URL}`, () => HttpResponse.html('<!doctype html><title>sandbox</title>')),
    ...(await siteHandlers()),
  );
}

/** The page body, once rendered, and a way to look inside it without the sandbox (which has its own frame and buttons). */
async function renderContent() {
  renderSite('/guides/ivr/');
  await screen.findByText('cell-1');
  const frame = await screen.findByTitle('Sample chat widget');
  const content = document.querySelector('.content')!;
  const sandbox = frame.closest('.not-prose');
  const own = (selector: string) => [...content.querySelectorAll(selector)].filter((el) => !sandbox?.contains(el));
  return { content, sandbox, own };
}

// eslint-disable-next-line no-control-regex -- browsers skip leading C0 control characters in a URL, so the pattern must match them
const DANGEROUS_URL = /^[\s\u0000-\u001f]*(j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t|v\s*b\s*s\s*c\s*r\s*i\s*p\s*t|d\s*a\s*t\s*a)\s*:/i;

/** What the test has written to console.error so far (the real console still gets it). */
function consoleErrors(): string[] {
  return errorSpy.mock.calls.map((args) => args.map(String).join(' '));
}
let errorSpy: MockInstance<typeof console.error>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => errorSpy.mockRestore());

describe('hostile HTML in content', () => {
  it('is neutralised: no script, handler, dangerous URL, frame, form, overlay or head element survives', async () => {
    await serveChunk([...ALLOWED, ...ATTACKS, ...MARKDOWN_ATTACKS].join('\n\n'));
    const { content, own } = await renderContent();

    // Let anything that could run (handlers, lazily loaded parts) have its chance.
    await new Promise((r) => setTimeout(r, 50));
    for (const el of own('*')) el.dispatchEvent(new Event('error'));
    expect(window.__pwned).toBeUndefined();

    const forbidden = 'script, iframe, frame, frameset, object, embed, applet, base, meta, link, style, form, svg, math, template, noscript, video, audio, textarea, select, button';
    expect(own(forbidden).map((el) => el.outerHTML)).toEqual([]);
    // Task-list checkboxes are the only inputs content may carry.
    expect(
      own('input')
        .filter((el) => !((el as HTMLInputElement).type === 'checkbox' && (el as HTMLInputElement).disabled))
        .map((el) => el.outerHTML),
    ).toEqual([]);

    for (const el of own('*')) {
      for (const attr of el.getAttributeNames()) {
        expect(attr.startsWith('on'), `${attr} on <${el.tagName.toLowerCase()}>`).toBe(false);
        expect(['style', 'srcdoc', 'formaction', 'action', 'http-equiv', 'xlink:href'], `${attr} on <${el.tagName.toLowerCase()}>`).not.toContain(attr);
      }
      for (const attr of ['href', 'src', 'action', 'formaction', 'data', 'poster', 'srcset']) {
        const v = el.getAttribute(attr);
        if (v !== null) expect(v, `${attr} of <${el.tagName.toLowerCase()}>`).not.toMatch(DANGEROUS_URL);
      }
    }
    // An image whose address was removed is still there, with no address at all, as in the page documents:
    // never src="" (React warns that it names the page itself).
    expect(own('img[alt="data image"]').map((el) => el.getAttribute('src'))).toEqual([null]);
    expect(consoleErrors().filter((m) => /empty string/.test(m))).toEqual([]);
    // The custom element is a block of its own, not a block inside a paragraph (React says which nesting it saw).
    expect(consoleErrors().filter((m) => /cannot (be a descendant|contain a nested)/.test(m))).toEqual([]);
    // No layout or positioning class that could cover the page.
    const positioned = own('[class]').filter((el) => [...el.classList].some((c) => /^(fixed|absolute|sticky|inset-|z-|top-0|left-0|h-screen|w-screen)/.test(c)));
    expect(positioned.map((el) => el.outerHTML)).toEqual([]);
    // Script bodies are dropped, not shown as text.
    expect(content.textContent).not.toContain('window.__pwned = "script"');
    expect(content.textContent).not.toContain('body { display: none }');
  });

  it('cannot clobber document or window properties with name or id', async () => {
    await serveChunk([...ALLOWED, ...ATTACKS].join('\n\n'));
    const { own } = await renderContent();
    expect(typeof document.querySelector).toBe('function');
    // A raw name or id that equals a property of document or window must not reach the DOM as it is.
    const clobbering = own('[name], [id]').filter((el) => {
      const v = el.getAttribute('name') ?? el.getAttribute('id')!;
      return ['querySelector', 'gtag', 'dataLayer'].includes(v);
    });
    expect(clobbering.map((el) => el.outerHTML)).toEqual([]);
  });

  it('keeps the allowed content: tables, details, kbd, sized images, callouts, safe links, the custom element', async () => {
    await serveChunk([...ALLOWED, ...ATTACKS, ...MARKDOWN_ATTACKS].join('\n\n'));
    const { content, sandbox, own } = await renderContent();

    expect(own('table')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'raw-cell' }).tagName).toBe('TD');
    const details = own('details').find((d) => d.querySelector('summary')?.textContent === 'More about it');
    expect(details?.textContent).toContain('Hidden detail text');
    expect(own('kbd').map((k) => k.textContent)).toEqual(['Ctrl', 'C']);

    const md = screen.getByAltText('A call flow from dial to answer');
    expect([md.getAttribute('width'), md.getAttribute('height')]).toEqual(['400', '200']);
    const raw = screen.getByAltText('raw sized image');
    expect([raw.getAttribute('width'), raw.getAttribute('height')]).toEqual(['400', '200']);

    const own_ = screen.getByAltText('raw image of its own size');
    expect([own_.getAttribute('width'), own_.getAttribute('height')]).toEqual(['120', '60']);

    const tip = own('aside.callout.callout-tip');
    expect(tip).toHaveLength(1);
    expect(tip[0]!.querySelector('.callout-title')?.textContent).toBe('Tip title');
    const det = own('details.callout.callout-details');
    expect(det[0]?.querySelector('summary.callout-title')?.textContent).toBe('Details title');

    expect(screen.getByRole('link', { name: 'Safe page link' }).getAttribute('href')).toBe('/guides/');
    expect(screen.getByRole('link', { name: /safe external link/ }).getAttribute('href')).toBe('https://example.com/docs');
    expect(screen.getByRole('link', { name: /mail/ }).getAttribute('href')).toBe('mailto:qa@example.com');

    // The registered custom element renders the sandbox, with its own (legitimate) sandboxed frame.
    expect(sandbox?.querySelector('iframe')?.getAttribute('sandbox')).toBe('allow-scripts');
    expect(sandbox?.contains(screen.getByLabelText('jQuery expression'))).toBe(true);
    expect(content.querySelector('jquery-sandbox')).toBeNull();
  });

  it('a chunk without the raw-HTML flag shows no raw HTML at all', async () => {
    const site = await fixtureSite();
    const chunk = { ...(JSON.parse(site.files.get(CHUNK_FILE)!) as Chunk), markdown: [ALLOWED[0], ...ATTACKS].join('\n\n'), html: false };
    server.use(
      http.get(`*/${CHUNK_FILE}`, () => HttpResponse.json(chunk)),
      ...(await siteHandlers()),
    );
    renderSite('/guides/ivr/');
    await screen.findByText('cell-1');
    const content = document.querySelector('.content')!;
    await waitFor(() => expect(content.querySelector('table')).toBeTruthy());
    expect(content.querySelectorAll('script, iframe, img[onerror], form, style, object, embed, base, meta, link, svg')).toHaveLength(0);
    expect(window.__pwned).toBeUndefined();
  });
});
