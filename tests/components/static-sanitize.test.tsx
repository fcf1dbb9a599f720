// The page documents' static HTML (manifest/article-html.ts) under the same hostile content as the app's
// render (sanitize.test.tsx): parsed into a real DOM, nothing in it can run, and the allowed content stays.
import { describe, expect, it } from 'vitest';
import { articleHtml } from '../../manifest/article-html.ts';
import { ALLOWED, ATTACKS, MARKDOWN_ATTACKS } from '../support/hostile-html.ts';

// eslint-disable-next-line no-control-regex -- browsers skip leading C0 control characters in a URL, so the pattern must match them
const DANGEROUS_URL = /^[\s\u0000-\u001f]*(j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t|v\s*b\s*s\s*c\s*r\s*i\s*p\s*t|d\s*a\s*t\s*a)\s*:/i;

function staticBody(markdown: string): HTMLElement {
  const html = articleHtml({ markdown, html: true, images: { '/images/flow.svg': { width: 400, height: 200 } } });
  const body = document.createElement('div');
  // As a browser parses the document: a template element's content is parsed, never run.
  const template = document.createElement('template');
  template.innerHTML = html;
  body.append(template.content.cloneNode(true));
  return body;
}

describe('hostile HTML in a page document', () => {
  const body = staticBody([...ALLOWED, ...ATTACKS, ...MARKDOWN_ATTACKS].join('\n\n'));

  it('keeps no script, handler, dangerous URL, frame, form, style or head element', () => {
    const forbidden = 'script, iframe, frame, frameset, object, embed, applet, base, meta, link, style, form, svg, math, template, noscript, video, audio, textarea, select';
    expect([...body.querySelectorAll(forbidden)].map((el) => el.outerHTML)).toEqual([]);
    for (const el of body.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) {
        expect(attr.startsWith('on'), `${attr} on <${el.tagName.toLowerCase()}>`).toBe(false);
        expect(['style', 'srcdoc', 'formaction', 'action', 'http-equiv', 'xlink:href'], `${attr} on <${el.tagName.toLowerCase()}>`).not.toContain(attr);
      }
      for (const attr of ['href', 'src', 'action', 'formaction', 'data', 'poster', 'srcset']) {
        const v = el.getAttribute(attr);
        if (v !== null) expect(v, `${attr} of <${el.tagName.toLowerCase()}>`).not.toMatch(DANGEROUS_URL);
      }
    }
    const positioned = [...body.querySelectorAll('[class]')].filter((el) => [...el.classList].some((c) => /^(fixed|absolute|sticky|inset-|z-|top-0|left-0|h-screen|w-screen)/.test(c)));
    expect(positioned.map((el) => el.outerHTML)).toEqual([]);
    expect(body.textContent).not.toContain('window.__pwned = "script"');
    expect(body.textContent).not.toContain('body { display: none }');
    // Only the code blocks' copy buttons, which the build writes itself.
    expect([...body.querySelectorAll('button')].every((b) => b.className === 'copy-button')).toBe(true);
    // An image whose address was removed is kept with none, as the app renders it: never src="".
    expect([...body.querySelectorAll('img[alt="data image"]')].map((img) => img.getAttribute('src'))).toEqual([null]);
  });

  it('clobbers no document or window property with name or id', () => {
    const clobbering = [...body.querySelectorAll('[name], [id]')].filter((el) => ['querySelector', 'gtag', 'dataLayer'].includes(el.getAttribute('name') ?? el.getAttribute('id')!));
    expect(clobbering.map((el) => el.outerHTML)).toEqual([]);
  });

  it('keeps the allowed content: tables, details, kbd, sized images, callouts, safe links, the custom element', () => {
    expect(body.querySelectorAll('table')).toHaveLength(2);
    expect([...body.querySelectorAll('td')].map((td) => td.textContent)).toEqual(expect.arrayContaining(['cell-1', 'raw-cell']));
    expect(body.querySelector('details')?.textContent).toContain('Hidden detail text');
    expect([...body.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['Ctrl', 'C']);
    const md = body.querySelector('img[alt="A call flow from dial to answer"]')!;
    expect([md.getAttribute('width'), md.getAttribute('height')]).toEqual(['400', '200']);
    const raw = body.querySelector('img[alt="raw image of its own size"]')!;
    expect([raw.getAttribute('width'), raw.getAttribute('height')]).toEqual(['120', '60']);
    expect(body.querySelectorAll('aside.callout, details.callout').length).toBeGreaterThanOrEqual(2);
    expect(body.querySelector('a[href="/guides/"]')?.textContent).toBe('Safe page link');
    expect(body.querySelector('a[href="https://example.com/docs"]')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(body.querySelector('[data-custom-element="jquery-sandbox"]')).not.toBeNull();
  });
});
