// The page body is parsed once per page: a re-render of the page around it (the page reported as
// shown, the active header moving) reuses the rendered tree instead of parsing the Markdown again.
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PageReadyContext, PageReadyStore } from '../../src/app/page-ready.tsx';
import { Markdown } from '../../src/markdown/Markdown.tsx';
import type { Chunk } from '../../src/shared/schemas/manifest.ts';

// Counts the renders of the link component: each parse of the body renders every link again.
const linkRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../src/markdown/MarkdownLink.tsx', async (original) => {
  const m = await original<typeof import('../../src/markdown/MarkdownLink.tsx')>();
  return {
    ...m,
    MarkdownLink: (props: Parameters<typeof m.MarkdownLink>[0]) => {
      linkRenders.count++;
      return m.MarkdownLink(props);
    },
  };
});

const chunk: Chunk = {
  buildId: 'b1',
  key: 'k1',
  path: '/guides/x/',
  record: { title: 'X', frontmatter: {}, regularPath: '/guides/x.html', relativePath: 'guides/x.md', key: 'k1', path: '/guides/x/', headers: [], lastUpdated: '', lastUpdatedTimestamp: 0 },
  markdown: 'Read [the IVR guide](/guides/ivr/) and [the CLI](/guides/cli/).\n\n## Steps\n\nMore text.\n',
  html: false,
  images: {},
};

/** A parent whose state changes re-render it, with the same chunk object passed down. */
function Page({ store }: { store: PageReadyStore }) {
  const [n, setN] = useState(0);
  return (
    <PageReadyContext.Provider value={store}>
      <button type="button" onClick={() => setN(n + 1)}>
        re-render {n}
      </button>
      <Markdown chunk={chunk} />
    </PageReadyContext.Provider>
  );
}

describe('Markdown', () => {
  it('renders the body once; re-renders of the page around it do not parse it again', async () => {
    const store = new PageReadyStore();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Page store={store} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { level: 2, name: /Steps/ });
    // The page is reported from an effect, which may run a moment after the heading is committed.
    await waitFor(() => expect(store.get()?.path).toBe('/guides/x/'));
    const afterFirst = linkRenders.count;
    expect(afterFirst).toBe(2);
    for (let i = 1; i <= 3; i++) {
      await act(() => Promise.resolve(screen.getByRole('button', { name: /re-render/ }).click()));
      await screen.findByRole('button', { name: `re-render ${i}` });
    }
    expect(linkRenders.count).toBe(afterFirst);
    expect(screen.getByRole('link', { name: 'the IVR guide' }).getAttribute('href')).toBe('/guides/ivr/');
  });
});
