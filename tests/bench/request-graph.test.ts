// Request chains from DevTools initiators (tests/bench/request-graph.ts).
import { describe, expect, it } from 'vitest';
import { link, longestChain, type NetRequest } from './request-graph.ts';

const O = 'http://127.0.0.1:1';
let t = 0;
/** A request sent 10 ms after the previous one, finished `dur` ms later. */
function req(path: string, type: string, initiatorType: string, initiator?: string, dur = 5): NetRequest {
  t += 10;
  return { id: path, url: O + path, type, initiatorType, initiatorUrl: initiator && O + initiator, start: t, end: t + dur };
}

describe('request chains', () => {
  it('counts a deep link from index.html, and from 404.html as served', () => {
    t = 0;
    const list = link([
      req('/deep/', 'Document', 'other'),
      req('/?__spa=%2Fdeep%2F', 'Document', 'script', '/deep/'),
      req('/assets/main.js', 'Script', 'parser', '/?__spa=%2Fdeep%2F'),
      req('/assets/app.css', 'Stylesheet', 'parser', '/?__spa=%2Fdeep%2F'),
      req('/assets/fonts/a.woff2', 'Font', 'parser', '/assets/app.css'),
      req('/assets/chunks/Markdown.js', 'Script', 'script', '/assets/main.js'),
      req('/assets/chunks/dep.js', 'Script', 'script', '/assets/chunks/Markdown.js'),
    ]);
    expect(longestChain(list, 1)).toEqual({ depth: 3, chain: ['/?__spa=%2Fdeep%2F', '/assets/main.js', '/assets/chunks/Markdown.js', '/assets/chunks/dep.js'].map((p) => O + p) });
    expect(longestChain(list, 0).depth).toBe(4);
    expect(longestChain(list, 1, (r) => !r.url.endsWith('dep.js')).depth).toBe(2);
  });

  it('takes a fetch sent right after a JSON answer as waiting for it, only when that is deeper', () => {
    t = 0;
    const list = link([
      req('/', 'Document', 'other'),
      req('/assets/main.js', 'Script', 'parser', '/'),
      req('/data/site.json', 'Fetch', 'script', '/assets/main.js', 5),
      req('/data/pages/x.json', 'Fetch', 'script', '/assets/main.js'),
    ]);
    expect(list[3]).toMatchObject({ parent: 2, inferred: true });
    expect(longestChain(list, 0).depth).toBe(3);
  });

  it('falls back to the document when DevTools names no initiator', () => {
    t = 0;
    const list = link([req('/', 'Document', 'other'), req('/images/a.svg', 'Image', 'other')]);
    expect(list[1]).toMatchObject({ parent: 0, inferred: false });
  });
});
