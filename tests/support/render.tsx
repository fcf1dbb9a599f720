/**
 * The one render helper for component tests: a fresh QueryClient (no
 * retries) and a memory router at `path`, around the real SiteShell.
 */
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '../../src/app/App.tsx';
import { SiteShell } from '../../src/app/SiteShell.tsx';
import { createQueryClient } from '../../src/app/query-client.ts';

function LocationProbe() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname + l.search + l.hash}</output>;
}

/** Renders the site at `path`. */
export function renderSite(path: string, opts: { retry?: boolean } = {}) {
  const client = createQueryClient({ retry: opts.retry ?? false });
  const utils = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <SiteShell />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, client };
}
