/**
 * Surviving a new deploy under an open page. A chunk of the old build may be
 * gone (404), carry another build id, or a code file may no longer exist.
 * Then the route table is fetched again, once; if the app's own entry script
 * changed, the page reloads, once per new build (a guard in sessionStorage
 * prevents a loop), after the new deploy's service worker has taken over;
 * otherwise only the data is refreshed.
 */
import type { QueryClient } from '@tanstack/react-query';
import { SiteData, sectionOf } from '../shared/schemas/site-data.ts';
import { fetchJson } from './fetch-json.ts';
import { routesQuery, SITE_DATA_URL } from './queries.ts';
import { takeNewWorker } from '../app/service-worker.ts';
import { WORKER_TAKEOVER_WAIT_MS } from '../lib/constants.ts';

const RELOAD_GUARD_KEY = 'reloaded-for-build';

let client: QueryClient | null = null;
let pending: Promise<'reloading' | 'refreshed' | 'unchanged'> | null = null;

/** The running app's entry script (the module that imported this one first). */
let runningEntry: string | null = null;

/** Called once at boot with the query client and the running entry script's URL. */
export function initDeployWatch(c: QueryClient, entryUrl: string): void {
  client = c;
  runningEntry = new URL(entryUrl).pathname;
}

/** True when `path` is a page by its section's route file (fetched if need be). */
export async function isListed(path: string): Promise<boolean> {
  if (!client) return true;
  try {
    const shard = await client.ensureQueryData(routesQuery(sectionOf(path)));
    return shard.paths.includes(path);
  } catch {
    return true;
  }
}

/** True when the route table we run on is older than `buildId`. */
export function isOtherBuild(buildId: string): boolean {
  const known = client?.getQueryData<SiteData>(['site'])?.buildId;
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

/**
 * Looks for a new deploy (at most one check at a time). Resolves "reloading"
 * when the page is being reloaded for a new app, "refreshed" when the data
 * was from an older build and has been refetched, "unchanged" otherwise.
 */
export function checkForNewDeploy(): Promise<'reloading' | 'refreshed' | 'unchanged'> {
  pending ??= (async () => {
    if (!client) return 'unchanged' as const;
    const before = client.getQueryData<SiteData>(['site']);
    const fresh = await fetchJson(`${SITE_DATA_URL}?t=${Date.now()}`, SiteData);
    if (fresh.app && runningEntry && fresh.app !== runningEntry && (await reloadOnce(fresh.buildId))) return 'reloading' as const;
    if (before && fresh.buildId === before.buildId) return 'unchanged' as const;
    client.setQueryData(['site'], fresh);
    await client.invalidateQueries({ queryKey: ['routes'] });
    client.removeQueries({ queryKey: ['chunk'], type: 'inactive' });
    return 'refreshed' as const;
  })().finally(() => {
    pending = null;
  });
  return pending;
}

/** For lazy code: a failed dynamic import of an old build's file triggers the check, then fails as before. */
export async function importOrCheckDeploy<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    const outcome = await checkForNewDeploy().catch(() => 'unchanged' as const);
    if (outcome === 'reloading') await new Promise(() => {}); // the page is going away
    throw e;
  }
}
