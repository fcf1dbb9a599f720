/**
 * Registers the service worker (offline reading) and notes when a new
 * deploy's worker has taken over, so the app can load the new version on
 * the reader's next navigation instead of mixing old code with new data.
 */
let updated = false;

/** How long after the load event the worker is registered. */
export const REGISTER_DELAY_MS = 1000;

/** Registers /sw.js after the page has loaded (it never competes with the first paint). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The very first worker claiming the page is not an update; a worker replacing another is.
    if (controlled) updated = true;
    controlled = true;
  });
  // After the load event and an idle moment: the worker never competes with the page's first paint.
  const register = () => setTimeout(() => void navigator.serviceWorker.register('/sw.js').catch(() => {}), REGISTER_DELAY_MS);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** True once a newer deploy's worker controls the page. */
export function newVersionReady(): boolean {
  return updated;
}

/**
 * Before a reload for a new deploy. A page under a service worker is answered
 * by the worker's cached app shell, and browsers look for a new worker only on
 * navigations: reloading at once would start the old app again, from the old
 * worker. So the browser is asked for the new worker now, and the reload waits
 * (at most `timeoutMs`) for it to take control; it skips waiting and claims
 * open pages. Without a worker, offline, or with no newer worker, it returns
 * at once.
 */
export async function takeNewWorker(timeoutMs: number): Promise<void> {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller === null) return;
  const before = navigator.serviceWorker.controller;
  const changed = new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  const taken = (async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    if (!reg) return;
    await reg.update();
    if (navigator.serviceWorker.controller !== before || reg.installing || reg.waiting) await changed;
  })().catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([taken, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}
