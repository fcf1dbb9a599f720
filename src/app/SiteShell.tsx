/**
 * Resolves the address (§2 path rules) with the route table and the route
 * files of the sections involved, then renders the page through the layout
 * registry, a redirect (history replace, query and hash kept), or the 404
 * layout with the address kept. While the next page loads, the page before
 * stays on screen (the progress bar runs); a failure shows an error view with Retry.
 */
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router-dom';
import { chunkQuery, routesQuery, siteQuery } from '../data/queries.ts';
import { buildPageData, buildStaticPageData, notFoundPageData, pendingPageData, type PageData } from '../data/page-data.ts';
import type { AdoptedPage } from './takeover.ts';
import { pathIndexOf, resolvePath } from '../shared/paths.ts';
import { readAddress, StartAddressContext } from './address.ts';
import { ErrorView } from '../components/ErrorView.tsx';
import { StaticShell } from './StaticShell.tsx';
import { Frame } from './Frame.tsx';

/** The page document the app started on (output `pages`), until the reader leaves it. */
export const AdoptedPageContext = createContext<AdoptedPage | null>(null);

export function SiteShell() {
  const location = useLocation();
  const [adopted, setAdopted] = useState(useContext(AdoptedPageContext));
  const site = useQuery(siteQuery());
  const start = useContext(StartAddressContext);
  // The address the app started on was read by main.tsx; later ones are read here.
  const { sections } = useMemo(() => (start?.pathname === location.pathname ? start : readAddress(location.pathname)), [start, location.pathname]);
  const shards = useQueries({ queries: sections.map((s) => routesQuery(s)) });
  const shardError = shards.find((s) => s.isError);
  const loaded = shards.every((s) => s.data);
  const resolution =
    site.data && loaded
      ? resolvePath(
          location.pathname,
          pathIndexOf(
            shards.flatMap((s) => s.data!.paths),
            site.data.redirects,
          ),
        )
      : null;
  const target = resolution?.kind === 'page' ? resolution.path : null;
  // The page the document holds is shown from the document: no chunk, no Markdown render.
  const fromDocument = adopted !== null && target === adopted.page.path ? adopted : null;
  const chunk = useQuery({ ...chunkQuery(target ?? ''), enabled: target !== null && fromDocument === null, placeholderData: keepPreviousData });
  useEffect(() => {
    if (adopted && target !== null && target !== adopted.page.path) setAdopted(null);
  }, [adopted, target]);

  const data: PageData | null = useMemo(() => {
    if (!site.data || !resolution || resolution.kind === 'redirect') return null;
    if (resolution.kind === 'not-found') return notFoundPageData(site.data);
    if (fromDocument) return buildStaticPageData(site.data, fromDocument.page, fromDocument.body);
    if (chunk.isError) {
      return pendingPageData(site.data, resolution.path, { state: 'error', error: chunk.error, retry: () => void chunk.refetch(), retrying: chunk.isFetching });
    }
    if (chunk.data) return buildPageData(site.data, chunk.data);
    return pendingPageData(site.data, resolution.path, { state: 'loading' });
  }, [site.data, resolution?.kind, target, fromDocument, chunk.data, chunk.isError, chunk.error, chunk.isFetching]); // eslint-disable-line react-hooks/exhaustive-deps -- resolution and chunk are new objects on every render; their fields that matter are listed

  // While the next address resolves (its section's route file is loading), the frame stays:
  // unmounting it would lose the page-behaviour state and flash the empty shell.
  const [last, setLast] = useState<PageData | null>(null);
  useLayoutEffect(() => {
    if (data) setLast(data);
  }, [data]);
  const shown = data ?? (resolution === null ? last : null);
  // Content of another page (kept on screen while this one loads) never counts as this page shown.
  const stale = resolution?.kind !== 'page' ? resolution === null : shown?.record.path !== resolution.path || chunk.isPlaceholderData;

  const failure = site.error ?? shardError?.error;
  if (failure) {
    const retry = () => {
      if (site.isError) void site.refetch();
      shards.filter((s) => s.isError).forEach((s) => void s.refetch());
    };
    return (
      <StaticShell title={site.data?.site.title}>
        <ErrorView error={failure} onRetry={retry} retrying={site.isFetching || shards.some((s) => s.isFetching)} />
      </StaticShell>
    );
  }
  if (resolution?.kind === 'redirect') {
    return <Navigate replace to={{ pathname: resolution.to, search: location.search, hash: location.hash }} />;
  }
  if (!site.data || !shown) return <StaticShell title={site.data?.site.title} />;
  return <Frame site={site.data.site} data={shown} stale={stale} />;
}
