// The navbar search box with DocSearch credentials in the build: Algolia is mocked with msw; results are grouped, highlighted and keyboard-driven.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { delay, http, HttpResponse } from 'msw';
import { renderSite } from '../support/render.tsx';
import { siteHandlers } from '../support/fixture-site.ts';

const APP_ID = 'TESTAPP';
const ALGOLIA = `https://${APP_ID}-dsn.algolia.net/1/indexes/:index/query`;
const ORIGIN = window.location.origin;

/** DocSearch records for the fixture site, as Algolia answers any query: the query word is marked. */
function hitsFor(query: string) {
  const mark = (s: string) => s.replace(new RegExp(`(${query})`, 'gi'), '<mark>$1</mark>');
  const record = (url: string, lvl1: string, lvl2: string | null, content: string) => ({
    url: `${ORIGIN}${url}`,
    hierarchy: { lvl0: 'Guides', lvl1, lvl2, lvl3: null },
    content,
    _highlightResult: { content: { value: mark(content), matchLevel: 'full' } },
  });
  if (query === 'nothing') return [];
  return [
    record('/guides/ivr/#set-the-listening-timeout', 'IVR testing', 'Set the listening timeout', 'A short timeout keeps tests fast.'),
    record('/guides/ivr/#dial-a-number', 'IVR testing', 'Dial a number', 'Text about dialling, the timeout starts after.'),
    record('/guides/cli/#install-the-cli', 'CLI guide', 'Install the CLI', 'Install it; the timeout flag is optional.'),
  ];
}

const requests: Array<{ index: string; body: { query: string; hitsPerPage: number }; appId: string | null; key: string | null }> = [];
const server = setupServer();
// The credentials stay for the whole file: a test that ends while the box's engine is still loading (the
// focus shortcuts') would otherwise have it read no credentials and start the local index.
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  vi.stubEnv('DOCSEARCH_APP_ID', APP_ID);
  vi.stubEnv('DOCSEARCH_API_KEY', 'search-only-key');
});
beforeEach(async () => {
  requests.length = 0;
  server.use(
    http.post(ALGOLIA, async ({ request, params }) => {
      const body = (await request.json()) as { query: string; hitsPerPage: number };
      if (body.query === 'slow') await delay(300);
      requests.push({ index: String(params.index), body, appId: request.headers.get('x-algolia-application-id'), key: request.headers.get('x-algolia-api-key') });
      return HttpResponse.json({ hits: hitsFor(body.query), nbHits: 3, query: body.query });
    }),
    ...(await siteHandlers()),
  );
});
afterEach(() => server.resetHandlers());
afterAll(() => {
  vi.unstubAllEnvs();
  server.close();
});

async function openBox() {
  renderSite('/guides/');
  await screen.findByRole('heading', { level: 1, name: 'Guides' });
  const box = screen.getByRole('combobox', { name: 'Search documentation' });
  fireEvent.focus(box);
  return box;
}

const location = () => screen.getByTestId('location').textContent;

describe('SearchBox with DocSearch', () => {
  it('is a labelled combobox that starts closed', async () => {
    const box = await openBox();
    expect(box.getAttribute('placeholder')).toBe('Search ( / )');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('shows results grouped by page with the matched words in <mark>, querying the configured index', async () => {
    const box = await openBox();
    fireEvent.change(box, { target: { value: 'timeout' } });
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['IVR testing', 'CLI guide']);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.querySelector('span')!.textContent),
    ).toEqual(['Set the listening timeout', 'Dial a number']);
    const marks = [...listbox.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['timeout', 'timeout', 'timeout']);
    expect(requests.map((r) => [r.index, r.body.query, r.appId, r.key])).toEqual([['fixture-docs', 'timeout', APP_ID, 'search-only-key']]);
    expect(requests[0]!.body.hitsPerPage).toBe(20);
  });

  it('sends one request per keystroke and shows only the newest answer', async () => {
    const box = await openBox();
    for (const q of ['t', 'ti', 'tim']) fireEvent.change(box, { target: { value: q } });
    await waitFor(() => expect(screen.getByRole('listbox').querySelectorAll('mark')[0]?.textContent).toBe('tim'));
    expect(requests.every((r) => r.index === 'fixture-docs')).toBe(true);
    expect(requests.at(-1)!.body.query).toBe('tim');
  });

  it('shows a loading state, and a slow older answer never replaces a newer one', async () => {
    const box = await openBox();
    fireEvent.change(box, { target: { value: 'slow' } });
    await waitFor(() => expect(within(screen.getByRole('search')).getByRole('status').textContent).toBe('Searching…'));
    fireEvent.change(box, { target: { value: 'dial' } });
    await waitFor(() => expect(screen.getByRole('listbox').querySelector('mark')?.textContent).toBe('dial'));
    await new Promise((r) => setTimeout(r, 400));
    expect([...screen.getByRole('listbox').querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['dial']);
  });

  it('ArrowDown/ArrowUp move the active option and Enter navigates to its heading', async () => {
    const box = await openBox();
    fireEvent.change(box, { target: { value: 'timeout' } });
    const options = await screen.findAllByRole('option');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(location()).toBe('/guides/ivr/#dial-a-number'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('ArrowUp from no selection wraps to the last option; clicking an option navigates', async () => {
    const box = await openBox();
    fireEvent.change(box, { target: { value: 'timeout' } });
    const options = await screen.findAllByRole('option');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[2]!.id);
    fireEvent.click(options[2]!);
    await waitFor(() => expect(location()).toBe('/guides/cli/#install-the-cli'));
  });

  it('Escape closes the popup, a second Escape clears the box', async () => {
    const box = (await openBox()) as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'timeout' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('timeout');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.value).toBe('');
    expect(location()).toBe('/guides/');
  });

  it('says so when nothing matches', async () => {
    const box = await openBox();
    fireEvent.change(box, { target: { value: 'nothing' } });
    const status = within(screen.getByRole('search')).getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('No results for “nothing”'));
    // Shown to sighted readers too, not only announced.
    expect(screen.getByText('No results for “nothing”', { ignore: '[role=status]' }).closest('.sr-only')).toBeNull();
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it('"/" outside a text field and Ctrl+K focus the box', async () => {
    const box = await openBox();
    box.blur();
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(box);
    box.blur();
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
    expect(document.activeElement).toBe(box);
    box.blur();
    fireEvent.keyDown(document.body, { key: 'k', metaKey: true });
    expect(document.activeElement).toBe(box);
  });
});
