/**
 * Network emulation for service workers. A page's Network.emulateNetworkConditions
 * does not reach the fetches its service worker makes (another DevTools
 * target), so once the site's worker controls the page, every request it
 * passes on would skip the emulated network. This attaches to each service
 * worker of a throttled context through a browser-level session and applies
 * the same conditions there. Conditions set while a worker is still starting
 * can be dropped, so they are sent again on every change of the target and
 * before each measurement (refresh()).
 */
import type { Browser, CDPSession } from 'playwright-core';
import { FAST_4G } from './profile.ts';

interface TargetInfo { targetId: string; type: string; browserContextId?: string }

const throttles = new WeakMap<Browser, Promise<WorkerThrottle>>();

/** The browser's worker throttle (one per browser). */
export function workerThrottle(browser: Browser): Promise<WorkerThrottle> {
  let p = throttles.get(browser);
  if (!p) {
    p = WorkerThrottle.start(browser);
    throttles.set(browser, p);
  }
  return p;
}

/** Applies Fast 4G to the service workers of the registered browser contexts. */
export class WorkerThrottle {
  private readonly contexts = new Set<string>();
  /** Service worker target -> its relayed session. */
  private readonly attached = new Map<string, Promise<string | null>>();
  private nextId = 1;

  private constructor(private readonly cdp: CDPSession) {}

  static async start(browser: Browser): Promise<WorkerThrottle> {
    const cdp = await browser.newBrowserCDPSession();
    const t = new WorkerThrottle(cdp);
    cdp.on('Target.targetCreated', (e: { targetInfo: TargetInfo }) => void t.consider(e.targetInfo));
    cdp.on('Target.targetInfoChanged', (e: { targetInfo: TargetInfo }) => void t.consider(e.targetInfo));
    cdp.on('Target.targetDestroyed', (e: { targetId: string }) => t.attached.delete(e.targetId));
    await cdp.send('Target.setDiscoverTargets', { discover: true });
    return t;
  }

  /** Throttles the service workers of the context `browserContextId`, now and later. */
  async add(browserContextId: string): Promise<void> {
    this.contexts.add(browserContextId);
    await this.refresh();
  }

  /** Sends the conditions again to every known worker of the registered contexts. */
  async refresh(): Promise<void> {
    const { targetInfos } = (await this.cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
    await Promise.all(targetInfos.map((t) => this.consider(t)));
  }

  private async consider(t: TargetInfo): Promise<void> {
    if (t.type !== 'service_worker') return;
    if (t.browserContextId && !this.contexts.has(t.browserContextId)) return;
    if (!t.browserContextId && !this.attached.has(t.targetId)) return;
    let session = this.attached.get(t.targetId);
    if (!session) {
      // Not flattened: this session cannot address a child session directly, so messages are relayed.
      session = this.cdp
        .send('Target.attachToTarget', { targetId: t.targetId, flatten: false })
        .then((r) => (r).sessionId, () => null);
      this.attached.set(t.targetId, session);
    }
    const id = await session;
    if (!id) {
      this.attached.delete(t.targetId); // not attachable yet: a later change retries
      return;
    }
    const relay = (method: string, params: object) => this.cdp.send('Target.sendMessageToTarget', { sessionId: id, message: JSON.stringify({ id: this.nextId++, method, params }) });
    await relay('Network.enable', {}).catch(() => {});
    await relay('Network.emulateNetworkConditions', { offline: false, latency: FAST_4G.latencyMs, downloadThroughput: FAST_4G.downloadBps, uploadThroughput: FAST_4G.uploadBps }).catch(() => {});
  }
}
