/**
 * Request chains, from what DevTools reports about each request: which
 * request it waited for, and how deep the longest chain goes. Pure: no
 * browser, no I/O.
 */

/** One request as the Network domain reported it. */
export interface NetRequest {
  id: string;
  /** Absolute URL, without the fragment. */
  url: string;
  /** DevTools resource type: Document, Script, Stylesheet, Font, Fetch, Image... */
  type: string;
  /** DevTools initiator type: parser, script, preload, other... */
  initiatorType: string;
  /** The URL that started it: the parsing document or stylesheet, or the innermost script on the stack. */
  initiatorUrl: string | undefined;
  /** Epoch ms when it was sent. */
  start: number;
  /** Epoch ms when it finished (NaN while in flight or when it failed). */
  end: number;
}

/** A request with the one it waited for. */
export interface Linked extends NetRequest {
  /** Index of the parent in the list; -1 for the first document. */
  parent: number;
  /** True when the parent was inferred from timing (a fetch sent just after a JSON answer arrived), not named by DevTools. */
  inferred: boolean;
}

/** A script-started request sent this soon after a JSON response ended is taken to wait for it (under 4x CPU). */
export const DATA_WAIT_MS = 300;

const isJson = (r: NetRequest) => new URL(r.url).pathname.endsWith('.json');

/**
 * Links each request to the one it waited for: the request of its initiator
 * URL (document, stylesheet or script), else the current document; but for a
 * script-started request, a JSON answer of the same document that ended at
 * most DATA_WAIT_MS before it, when that makes the chain deeper (the script
 * was most likely waiting for that data: DevTools names only the script).
 */
export function link(requests: readonly NetRequest[]): Linked[] {
  const out: Linked[] = [];
  const depthOf: number[] = [];
  let doc = -1;
  requests.forEach((r, i) => {
    let parent = -1;
    let inferred = false;
    if (r.initiatorUrl) {
      for (let j = i - 1; j >= 0; j--) if (requests[j]!.url === r.initiatorUrl) { parent = j; break; }
    }
    if (parent < 0) parent = doc;
    if (r.initiatorType === 'script') {
      for (let j = i - 1; j >= 0; j--) {
        const d = requests[j]!;
        if (isJson(d) && d.end <= r.start && r.start - d.end <= DATA_WAIT_MS && j > doc && depthOf[j]! > (parent >= 0 ? depthOf[parent]! : -1)) {
          parent = j;
          inferred = true;
          break;
        }
      }
    }
    if (r.type === 'Document' && doc < 0) parent = -1;
    out.push({ ...r, parent, inferred });
    depthOf.push(parent < 0 ? 0 : depthOf[parent]! + 1);
    if (r.type === 'Document') doc = i;
  });
  return out;
}

/** Depth of each request: the first document is 0, what it loads 1, and so on. */
export function depths(linked: readonly Linked[]): number[] {
  const d: number[] = [];
  linked.forEach((r, i) => (d[i] = r.parent < 0 ? 0 : d[r.parent]! + 1));
  return d;
}

/** The longest chain below request `root` among the requests `keep` accepts: its length and its URLs (root first). */
export function longestChain(linked: readonly Linked[], root: number, keep: (r: Linked) => boolean = () => true): { depth: number; chain: string[] } {
  const d = depths(linked);
  const below = (i: number): boolean => i === root || (i >= 0 && linked[i]!.parent !== -1 && below(linked[i]!.parent));
  let best = root;
  linked.forEach((r, i) => {
    if (i !== root && keep(r) && below(i) && d[i]! > d[best]!) best = i;
  });
  const chain: string[] = [];
  for (let i = best; i >= 0 && i !== linked[root]!.parent; i = linked[i]!.parent) {
    chain.unshift(linked[i]!.url);
    if (i === root) break;
  }
  return { depth: d[best]! - d[root]!, chain };
}
