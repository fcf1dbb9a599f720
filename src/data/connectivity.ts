/**
 * Whether what the reader sees came from the offline cache: the service
 * worker marks such answers, and a fresh network answer clears the mark.
 * (navigator.onLine alone says nothing about a network that is up but unreachable.)
 */
let servedOffline = false;
const listeners = new Set<() => void>();

/** Records whether the last data answer came from the offline cache. */
export function noteResponse(res: Response): void {
  // A kept copy given without trying the network says nothing either way.
  if (res.headers.get('x-served-from-cache') === '1') return;
  const offline = res.headers.get('x-served-offline') === '1';
  if (offline === servedOffline) return;
  servedOffline = offline;
  listeners.forEach((l) => l());
}

/** True while the data shown was served from the offline cache. */
export function isServedOffline(): boolean {
  return servedOffline;
}

/** Subscribes to changes; returns the unsubscribe function. */
export function onConnectivityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
