/**
 * The device the timing figures emulate, through the Chrome DevTools
 * Protocol: Chrome DevTools' "Fast 4G" network preset (Fast4GConditions in
 * devtools-frontend core/sdk/NetworkManager.ts: 9 Mbit/s down and 1.5 Mbit/s
 * up derated by 0.9, 60 ms RTT multiplied by 2.75) and a 4x CPU slowdown.
 */
import type { CDPSession, Page } from 'playwright-core';

/** Fast 4G, as DevTools applies it. */
export const FAST_4G = {
  /** Added to every request, in ms (60 ms RTT x 2.75). */
  latencyMs: 165,
  /** Bytes per second down (9 Mbit/s x 0.9). */
  downloadBps: 1_012_500,
  /** Bytes per second up (1.5 Mbit/s x 0.9). */
  uploadBps: 168_750,
} as const;

/** CPU slowdown factor (Lighthouse's mobile preset uses the same). */
export const CPU_SLOWDOWN = 4;

/** One line for table headers and results.json. */
export const PROFILE_TEXT = `Fast 4G (${FAST_4G.latencyMs} ms latency, ${(FAST_4G.downloadBps * 8 / 1e6).toFixed(2)} Mbit/s down, ${(FAST_4G.uploadBps * 8 / 1e6).toFixed(2)} Mbit/s up) + ${CPU_SLOWDOWN}x CPU slowdown`;

/** What to emulate on a page. */
export interface Throttling {
  network: boolean;
  cpu: boolean;
}

/** Applies (or lifts) the emulation on `page`; returns the CDP session, which stays attached to the tab across navigations. */
export async function throttle(page: Page, t: Throttling, session?: CDPSession): Promise<CDPSession> {
  const cdp = session ?? (await page.context().newCDPSession(page));
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', t.network
    ? { offline: false, latency: FAST_4G.latencyMs, downloadThroughput: FAST_4G.downloadBps, uploadThroughput: FAST_4G.uploadBps }
    : { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: t.cpu ? CPU_SLOWDOWN : 1 });
  return cdp;
}
