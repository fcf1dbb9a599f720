// Links to pages of the site: an absolute path becomes a link that navigates through the router but
// does not re-render when the address changes (a router Link reads the location, so every one on the
// page re-rendered on each click); other links keep the router's own resolution.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { memo, Profiler } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PrefetchLink } from '../../src/components/PrefetchLink.tsx';
import { NavigateProvider } from '../../src/components/StableLink.tsx';
import { chunkQuery } from '../../src/data/queries.ts';
import { chunkUrl } from '../../src/shared/paths.ts';

// A click loads its page (see the last test): every request is recorded and answered 404.
const requested: string[] = [];
const server = setupServer(
  http.get('*', ({ request }) => {
    requested.push(new URL(request.url).pathname);
    return new HttpResponse('no', { status: 404 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => void requested.splice(0));
afterAll(() => server.close());

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Commits seen per Profiler id after the first render. */
const commits: Record<string, number> = {};
const count = (id: string, phase: string) => {
  if (phase !== 'mount') commits[id] = (commits[id] ?? 0) + 1;
};

/** Memoised: nothing above re-renders it, so only what reads the location inside it does. */
const Links = memo(function Links() {
  return (
    <>
      <Profiler id="absolute" onRender={count}>
        <PrefetchLink to="/guides/ivr/">IVR guide</PrefetchLink>
      </Profiler>
      <Profiler id="relative" onRender={count}>
        <PrefetchLink to="../cli/">CLI guide</PrefetchLink>
      </Profiler>
      <PrefetchLink to="/faq/" target="_blank">
        FAQ in a new tab
      </PrefetchLink>
    </>
  );
});

/**
 * Clicks `el` and tells whether the app took the click over (preventDefault). The browser's own
 * follow-up is cancelled afterwards, on the document, so the test environment does not load the page.
 */
function clickTakenOver(el: HTMLElement, init: MouseEventInit = {}): boolean {
  let taken = false;
  const see = (e: Event) => {
    taken = e.defaultPrevented;
    e.preventDefault();
  };
  document.addEventListener('click', see, { once: true });
  fireEvent(el, new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  return taken;
}

function setup(client = new QueryClient()) {
  for (const k of Object.keys(commits)) delete commits[k];
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/guides/alexa/']}>
        <NavigateProvider>
          <Links />
          <Where />
        </NavigateProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PrefetchLink', () => {
  it('an absolute path navigates through the router and does not re-render when the address changes', () => {
    setup();
    const link = screen.getByRole('link', { name: 'IVR guide' });
    expect(link.getAttribute('href')).toBe('/guides/ivr/');
    expect(clickTakenOver(link)).toBe(true); // the app, not the browser, follows it
    expect(screen.getByTestId('where').textContent).toBe('/guides/ivr/');
    expect(commits.absolute ?? 0).toBe(0);
    expect(commits.relative ?? 0).toBeGreaterThan(0); // a router Link re-renders with the location
  });

  it('a relative path stays a router link, resolved by the router (route-relative, as before)', () => {
    setup();
    expect(screen.getByRole('link', { name: 'CLI guide' }).getAttribute('href')).toBe('/cli/');
  });

  it('leaves a link that opens in another tab, or a modified click, to the browser', () => {
    setup();
    expect(clickTakenOver(screen.getByRole('link', { name: 'FAQ in a new tab' }))).toBe(false);
    expect(clickTakenOver(screen.getByRole('link', { name: 'IVR guide' }), { ctrlKey: true })).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/guides/alexa/');
  });

  it('starts loading the page in the click itself, before the router renders the new address', async () => {
    // Nothing else here asks for the page (no hover, no page component): only the click can have.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    setup(client);
    const state = () => client.getQueryState(chunkQuery('/guides/ivr/').queryKey);
    let during: string | undefined;
    // Runs after the app's click handler (React listens at its root), in the same event.
    const look = () => (during = state()?.fetchStatus);
    document.addEventListener('click', look, { once: true });
    expect(state()).toBeUndefined();
    expect(clickTakenOver(screen.getByRole('link', { name: 'IVR guide' }))).toBe(true);
    expect(during).toBe('fetching');
    await waitFor(() => expect(requested).toContain(chunkUrl('/guides/ivr/')));
  });
});
