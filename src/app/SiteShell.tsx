/**
 * Resolves the address against the manifest (§2 path rules) and renders the
 * page through the layout registry, a redirect (history replace, query and
 * hash kept), or the 404 layout with the address kept.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router-dom';
import { manifestQuery } from '../data/queries.ts';
import { buildPageData, notFoundPageData, pagesByPath } from '../data/page-data.ts';
import { buildPathIndex, resolvePath } from '../shared/paths.ts';
import { ErrorView } from '../components/ErrorView.tsx';
import { Frame } from './Frame.tsx';

export function SiteShell() {
  const location = useLocation();
  const manifest = useQuery(manifestQuery());
  const index = useMemo(() => (manifest.data ? buildPathIndex(manifest.data.pages) : null), [manifest.data]);
  const resolution = index ? resolvePath(location.pathname, index) : null;
  const data = useMemo(() => {
    if (!manifest.data || !resolution || resolution.kind === 'redirect') return null;
    if (resolution.kind === 'page') return buildPageData(manifest.data, pagesByPath(manifest.data).get(resolution.path)!);
    return notFoundPageData(manifest.data);
  }, [manifest.data, resolution?.kind, resolution?.kind === 'page' ? resolution.path : '']);

  if (manifest.isError) {
    return (
      <div className="shell">
        <main id="main" className="shell-main">
          <ErrorView error={manifest.error} onRetry={() => void manifest.refetch()} retrying={manifest.isFetching} />
        </main>
      </div>
    );
  }
  if (!manifest.data || !resolution) return <div className="shell"><main className="shell-main" aria-busy="true" /></div>;
  if (resolution.kind === 'redirect') {
    return <Navigate replace to={{ pathname: resolution.to, search: location.search, hash: location.hash }} />;
  }
  return <Frame site={manifest.data.site} data={data!} />;
}
