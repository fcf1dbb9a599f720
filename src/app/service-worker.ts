/**
 * Registers the service worker (offline reading) and notes when a new
 * deploy's worker has taken over, so the app can load the new version on
 * the reader's next navigation instead of mixing old code with new data.
 */
let updated = false;

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
  const register = () =>
    setTimeout(() => void navigator.serviceWorker.register('/sw.js').catch(() => {}), 1000);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** True once a newer deploy's worker controls the page. */
export function newVersionReady(): boolean {
  return updated;
}
