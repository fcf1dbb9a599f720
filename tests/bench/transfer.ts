/**
 * First-load transfer of one page, cold (fresh context), under the emulated
 * device: bytes per kind as the server sent them (gzip), the page's own
 * requests apart from what workers fetched meanwhile (a service worker's
 * precache), the longest request chain and the JavaScript requested before
 * the page's h1 was painted.
 */
import type { Browser, CDPSession } from 'playwright-core';
import { classify, noBytes, type Bytes } from './classify.ts';
import { link, longestChain, type NetRequest } from './request-graph.ts';
import { firstDoc, waitForH1 } from './probe.ts';
import { waitForQuiet, type Served, type SiteServer } from './site-server.ts';
import { openTab } from './tab.ts';

/** What one first load downloaded. */
export interface FirstLoad {
  /** home, default, overview, 404 (and the site it was measured on). */
  label: string;
  /** The address loaded. */
  path: string;
  /** Body bytes per kind, gzip as sent, of the requests the page made. */
  bytes: Bytes;
  /** Body bytes fetched by workers during the load (the service worker's precache), not by the page. */
  background: number;
  backgroundRequests: number;
  /** All body bytes: the page's and the workers'. */
  total: number;
  /** Responses the server sent for the page's own requests. */
  requests: number;
  /** Longest chain after index.html among requests sent before the h1 was painted. */
  depth: number;
  /** That chain, index.html first. */
  chain: string[];
  /** Longest chain after index.html over the whole first load (prefetches included). */
  depthAll: number;
  /** Longest chain counted after the first document (404.html for a deep link), before the h1 was painted. */
  depthServed: number;
  /** True when the first document was 404.html redirecting to index.html. */
  redirected: boolean;
  /** Body bytes of the JavaScript requested before the h1 was painted. */
  criticalJs: number;
  criticalJsFiles: string[];
  /** First document start to h1 painted in this run, ms (one run: see time-to-content for the median). */
  h1Ms: number | null;
}

/** The part of a DevTools stack trace used here. */
interface Stack { callFrames: Array<{ url: string }>; parent?: Stack }

/** Records the Network domain's view of the tab: requests in order, with initiators and end times. */
function recordRequests(cdp: CDPSession) {
  const list: NetRequest[] = [];
  const byId = new Map<string, { r: NetRequest; t0: number }>();
  let open = 0;
  const stackUrl = (s: Stack | undefined): string | undefined => {
    for (let t = s; t; t = t.parent) for (const f of t.callFrames) if (f.url) return f.url;
    return undefined;
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!/^https?:/.test(e.request.url) || byId.has(e.requestId)) return;
    const r: NetRequest = {
      id: e.requestId,
      url: e.request.url.split('#')[0]!,
      type: e.type ?? 'Other',
      initiatorType: e.initiator.type,
      initiatorUrl: (e.initiator.url || stackUrl(e.initiator.stack))?.split('#')[0],
      start: e.wallTime * 1000,
      end: Number.NaN,
    };
    open++;
    list.push(r);
    byId.set(e.requestId, { r, t0: e.timestamp });
  });
  const closed = new Set<string>();
  const done = (e: { requestId: string; timestamp: number }, ok: boolean) => {
    const x = byId.get(e.requestId);
    if (!x || closed.has(e.requestId)) return;
    closed.add(e.requestId);
    open--;
    if (ok) x.r.end = x.r.start + (e.timestamp - x.t0) * 1000;
  };
  cdp.on('Network.loadingFinished', (e) => done(e, true));
  cdp.on('Network.loadingFailed', (e) => done(e, false));
  return { list, inFlight: () => open };
}

/** Sums the server's answers per kind. */
function sumBytes(served: readonly Served[], pageKeys: ReadonlySet<string>): Bytes {
  const b = noBytes();
  for (const s of served) b[classify(new URL(s.url, 'http://x').pathname, pageKeys)] += s.bytes;
  return b;
}

/**
 * Loads `path` cold in a new context and records its first load until the
 * h1 reads `h1` (any h1 when undefined) and the network has been quiet for a
 * second.
 */
export async function measureFirstLoad(
  browser: Browser,
  server: SiteServer,
  o: { label: string; path: string; h1: string | undefined; pageKeys: ReadonlySet<string> },
): Promise<FirstLoad> {
  const tab = await openTab(browser, { network: true, cpu: true });
  try {
    const { page, cdp } = tab;
    // Async stacks name the script behind a fetch() or import() that ran in a promise continuation.
    await cdp.send('Debugger.enable');
    await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 32 });
    const net = recordRequests(cdp);
    const from = server.log.length;
    await page.goto(server.url + o.path, { waitUntil: 'commit' });
    const h1 = await waitForH1(page, o.h1);
    if (!h1) throw new Error(`${o.path}: no h1${o.h1 ? ` reading "${o.h1}"` : ''} was painted within 30 s.`);
    for (const end = Date.now() + 30_000; Date.now() < end; ) {
      if ((await waitForQuiet(server, 1000, 10_000)) && net.inFlight() === 0) break;
      await page.waitForTimeout(100);
    }
    const served = server.log.slice(from);
    const origin = new URL(server.url).origin;
    const linked = link(net.list);

    // Each request the page made is matched to the server's answer with the same URL, in order;
    // answers left over were fetched by workers (the service worker's precache, search workers).
    const used = new Set<Served>();
    const answer = new Map<NetRequest, Served>();
    for (const r of linked) {
      if (!r.url.startsWith(origin)) continue;
      const s = served.find((x) => !used.has(x) && x.url === r.url.slice(origin.length));
      if (s) {
        used.add(s);
        answer.set(r, s);
      }
    }
    const bytes = sumBytes([...answer.values()], o.pageKeys);
    const background = served.filter((s) => !used.has(s));

    const docs = linked.map((r, i) => (r.type === 'Document' ? i : -1)).filter((i) => i >= 0);
    const first = docs[0] ?? 0;
    const index = docs.at(-1) ?? 0;
    const painted = h1.painted;
    const beforeH1 = (r: NetRequest) => r.start <= painted;
    const critical = longestChain(linked, index, beforeH1);
    const js = linked.filter((r) => beforeH1(r) && r.url.startsWith(origin) && classify(new URL(r.url).pathname, o.pageKeys) === 'js');
    const doc = firstDoc(page);
    const pageTotal = Object.values(bytes).reduce((a, b) => a + b, 0);
    const backgroundBytes = background.reduce((a, b) => a + b.bytes, 0);
    return {
      label: o.label,
      path: o.path,
      bytes,
      background: backgroundBytes,
      backgroundRequests: background.length,
      total: pageTotal + backgroundBytes,
      requests: answer.size,
      depth: critical.depth,
      chain: critical.chain.map((u) => u.replace(origin, '')),
      depthAll: longestChain(linked, index).depth,
      depthServed: longestChain(linked, first, beforeH1).depth,
      redirected: docs.length > 1,
      criticalJs: js.reduce((a, r) => a + (answer.get(r)?.bytes ?? 0), 0),
      criticalJsFiles: js.map((r) => r.url.replace(origin, '')),
      h1Ms: doc ? h1.painted - doc.origin : null,
    };
  } finally {
    await tab.close();
  }
}
