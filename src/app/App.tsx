import { useEffect, useRef, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { AdoptedPageContext, SiteShell } from './SiteShell.tsx';
import type { AdoptedPage } from './takeover.ts';
import { StartAddressContext, type Address } from './address.ts';

/** Providers shared by the app and the component tests (which bring their own router). */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The whole app in the browser. */
export function App({ client, adopted = null, address = null }: { client: QueryClient; adopted?: AdoptedPage | null; address?: Address | null }) {
  return (
    <AppProviders client={client}>
      <StartAddressContext.Provider value={address}>
        <AdoptedPageContext.Provider value={adopted}>
          {/* Route changes render at once, not as transitions: the new title is one short synchronous
            render, and the page body already follows in a deferred render (PageContent). */}
          <BrowserRouter useTransitions={false}>
            <AddressCatchUp />
            <SiteShell />
          </BrowserRouter>
        </AdoptedPageContext.Provider>
      </StartAddressContext.Provider>
    </AppProviders>
  );
}

/**
 * The router reads the address when it first renders and listens for changes
 * only once that render is committed; the first render is a transition,
 * which yields to other tasks, and a change of address in between (a script's
 * pushState, a back button) was lost: the app showed the page it started on
 * under another page's address. Once listening, it catches up.
 */
function AddressCatchUp(): null {
  const navigate = useNavigate();
  // Once: useNavigate gives a new function on every route change, and later differences are the
  // active-header tracker's (it writes the hash past the router on purpose).
  const first = useRef<{ pathname: string; search: string; hash: string } | null>(useLocation());
  useEffect(() => {
    const seen = first.current;
    if (!seen) return;
    first.current = null;
    const { pathname, search, hash } = window.location;
    if (pathname !== seen.pathname || search !== seen.search || hash !== seen.hash) void navigate({ pathname, search, hash }, { replace: true });
  }, [navigate]);
  return null;
}
