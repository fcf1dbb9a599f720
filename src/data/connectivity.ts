/**
 * Whether what the reader sees came from the offline cache: the service
 * worker marks such answers, and a fresh network answer clears the mark.
 * (navigator.onLine alone says nothing about a network that is up but
 * unreachable.) The mark is kept in the query client, like the data it is
 * about: no module state, and a test's client starts without it.
 */
import type { QueryClient } from '@tanstack/react-query';

/** The query key under which the client keeps the mark. */
export const SERVED_OFFLINE_KEY = ['connectivity', 'served-offline'] as const;

/** Records in `client` whether the last data answer came from the offline cache. */
export function noteResponse(client: QueryClient, res: Response): void {
  // A kept copy given without trying the network says nothing either way.
  if (res.headers.get('x-served-from-cache') === '1') return;
  const offline = res.headers.get('x-served-offline') === '1';
  if (offline !== isServedOffline(client)) client.setQueryData(SERVED_OFFLINE_KEY, offline);
}

/** True while the data shown was served from the offline cache. */
export function isServedOffline(client: QueryClient): boolean {
  return client.getQueryData<boolean>(SERVED_OFFLINE_KEY) ?? false;
}
