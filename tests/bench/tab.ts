/**
 * A browser tab ready for a measurement: a fresh context (empty cache), the
 * probe, and the emulated device, on the page and on the site's service
 * worker alike.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { installProbe } from './probe.ts';
import { throttle as throttlePage, type Throttling } from './profile.ts';
import { workerThrottle } from './worker-throttle.ts';

/** Desktop viewport: the sidebar is on screen, as the navigation figures need. */
export const VIEWPORT = { width: 1280, height: 800 };

/** An open tab. */
export interface Tab {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Changes the emulation of the tab (and of the context's service workers when the network is emulated). */
  throttle(t: Throttling): Promise<void>;
  /** Sends the network emulation to the service workers again: call it right before a timed action. */
  refreshWorkers(): Promise<void>;
  /**
   * Closes the tab and opens another in the same context (HTTP cache and
   * service worker kept: a repeat visit), with the same emulation. The first
   * tab must go: two tabs of one site share a renderer, and the CPU slowdown
   * would apply twice.
   */
  reopen(): Promise<Page>;
  close(): Promise<void>;
}

/** Opens a tab in a new context with the probe installed and `throttling` applied. */
export async function openTab(browser: Browser, throttling: Throttling): Promise<Tab> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await installProbe(context);
  const workers = await workerThrottle(browser);
  let current = throttling;
  let page = await context.newPage();
  let cdp = await throttlePage(page, current);
  const { targetInfo } = (await cdp.send('Target.getTargetInfo')) as { targetInfo: { browserContextId?: string } };
  let workersOn = false;
  const throttleWorkers = async () => {
    if (current.network && !workersOn && targetInfo.browserContextId) {
      workersOn = true;
      await workers.add(targetInfo.browserContextId);
    }
  };
  await throttleWorkers();
  const tab: Tab = {
    context,
    get page() {
      return page;
    },
    get cdp() {
      return cdp;
    },
    async throttle(t) {
      current = t;
      await throttlePage(page, t, cdp);
      await throttleWorkers();
    },
    async refreshWorkers() {
      if (workersOn) await workers.refresh();
    },
    async reopen() {
      await page.close();
      page = await context.newPage();
      cdp = await throttlePage(page, current);
      await tab.refreshWorkers();
      return page;
    },
    close: () => context.close(),
  };
  return tab;
}
