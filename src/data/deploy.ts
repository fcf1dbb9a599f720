/**
 * Surviving a new deploy under an open page. A chunk of the old build may be
 * gone (404), carry another build id, or a code file may no longer exist.
 * Then the route table is fetched again, once; if the app's own entry script
 * changed, the page reloads, once per new build (a guard in sessionStorage
 * prevents a loop), after the new deploy's service worker has taken over;
 * otherwise only the data is refreshed.
 *
 * Everything works on the query client it is given: the running entry
 * script is kept in that client, and one check at a time is React Query's
 * own deduplication of a query in flight. Lazy code, which has no client at
 * hand, asks for a check with a window event that the client's owner answers
 * (initDeployWatch).
 */
import type { QueryClient } from '@tanstack/react-query';
import { SiteData, sectionOf } from '../shared/schemas/site-data.ts';
import { fetchJson } from './fetch-json.ts';
import { routesQuery, SITE_DATA_URL } from './site-queries.ts';
import { takeNewWorker } from '../app/service-worker.ts';
import { WORKER_TAKEOVER_WAIT_MS } from '../lib/constants.ts';

export type DeployOutcome = 'reloading' | 'refreshed' | 'unchanged';

const RELOAD_GUARD_KEY = 'reloaded-for-build';
/** The running app's entry script, in the client's cache for the page's lifetime. */
const ENTRY_KEY = ['running-entry'] as const;
/** The check for a new deploy, as a query: concurrent checks share the one in flight. */
const CHECK_KEY = ['deploy-check'] as const;
/** Dispatched by lazy code whose file failed to load; `respond` receives the check's outcome. */
const CHECK_EVENT = 'app:check-deploy';
type CheckRequest = CustomEvent<{ respond: (outcome: Promise<DeployOutcome>) => void }>;

/**
 * Called once at boot with the app's query client and the running entry
 * script's URL; from then on, lazy code that fails to load has this client
 * check for a new deploy. Returns a function that stops answering.
 */
export function initDeployWatch(client: QueryClient, entryUrl: string): () => void {
  client.setQueryDefaults(ENTRY_KEY, { staleTime: Infinity, gcTime: Infinity });
  client.setQueryData(ENTRY_KEY, new URL(entryUrl).pathname);
  const answer = (e: Event) => (e as CheckRequest).detail.respond(checkForNewDeploy(client));
  window.addEventListener(CHECK_EVENT, answer);
  return () => window.removeEventListener(CHECK_EVENT, answer);
}

/** True when `path` is a page by its section's route file (fetched if need be). */
export async function isListed(client: QueryClient, path: string): Promise<boolean> {
  try {
    const shard = await client.ensureQueryData(routesQuery(sectionOf(path)));
    return shard.paths.includes(path);
  } catch {
    return true;
  }
}

/** True when the route table we run on is older than `buildId`. */
export function isOtherBuild(client: QueryClient, buildId: string): boolean {
  const known = client.getQueryData<SiteData>(['site'])?.buildId;
  return known !== undefined && buildId !== '' && known !== buildId;
}

async function reloadOnce(buildId: string): Promise<boolean> {
  try {
    if (sessionStorage.getItem(RELOAD_GUARD_KEY) === buildId) return false;
    sessionStorage.setItem(RELOAD_GUARD_KEY, buildId);
  } catch {
    return false;
  }
  await takeNewWorker(WORKER_TAKEOVER_WAIT_MS);
  window.location.reload();
  return true;
}

async function check(client: QueryClient): Promise<DeployOutcome> {
  const runningEntry = client.getQueryData<string>(ENTRY_KEY);
  const before = client.getQueryData<SiteData>(['site']);
  const fresh = await fetchJson(client, `${SITE_DATA_URL}?t=${Date.now()}`, SiteData);
  if (fresh.app && runningEntry && fresh.app !== runningEntry && (await reloadOnce(fresh.buildId))) return 'reloading';
  if (before && fresh.buildId === before.buildId) return 'unchanged';
  client.setQueryData(['site'], fresh);
  await client.invalidateQueries({ queryKey: ['routes'] });
  client.removeQueries({ queryKey: ['chunk'], type: 'inactive' });
  return 'refreshed';
}

/**
 * Looks for a new deploy (at most one check at a time). Resolves "reloading"
 * when the page is being reloaded for a new app, "refreshed" when the data
 * was from an older build and has been refetched, "unchanged" otherwise.
 */
export function checkForNewDeploy(client: QueryClient): Promise<DeployOutcome> {
  return client.fetchQuery({
    queryKey: CHECK_KEY,
    queryFn: () => check(client),
    // Always a fresh look, never retried or paused (offline, the fetch fails and the caller goes on), never kept.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    networkMode: 'always',
  });
}

/** For lazy code: a failed dynamic import of an old build's file triggers the check, then fails as before. */
export async function importOrCheckDeploy<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    let outcome: Promise<DeployOutcome> = Promise.resolve('unchanged');
    if (typeof window !== 'undefined') {
      window.dispatchEvent(new CustomEvent(CHECK_EVENT, { detail: { respond: (o: Promise<DeployOutcome>) => (outcome = o) } }) satisfies CheckRequest);
    }
    if ((await outcome.catch(() => 'unchanged' as const)) === 'reloading') await new Promise(() => {}); // the page is going away
    throw e;
  }
}
