import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { AdoptedPageContext, SiteShell } from './SiteShell.tsx';
import type { AdoptedPage } from './takeover.ts';

/** Providers shared by the app and the component tests (which bring their own router). */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** The whole app in the browser. */
export function App({ client, adopted = null }: { client: QueryClient; adopted?: AdoptedPage | null }) {
  return (
    <AppProviders client={client}>
      <AdoptedPageContext.Provider value={adopted}>
        {/* Route changes render at once, not as transitions: the new title is one short synchronous
          render, and the page body already follows in a deferred render (PageContent). */}
        <BrowserRouter useTransitions={false}>
          <SiteShell />
        </BrowserRouter>
      </AdoptedPageContext.Provider>
    </AppProviders>
  );
}
