// The feed links: the page documents write the same markup the app renders, so the app's footer replaces the static one without a change of height.
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { FeedLinks } from '../../src/components/FeedLinks.tsx';
import { feedLinksHtml } from '../../scripts/page-shell.ts';
import type { PageData } from '../../src/data/page-data.ts';

const site = { origin: 'https://docs.example.com', feed: { title: 'Releases and posts', include: ['/releases/', '/blogs/'] } };
const data = (path: string) => ({ site, record: { path } }) as unknown as PageData;

describe('feed links', () => {
  it('are written into a post’s page document exactly as the app renders them', () => {
    const { container } = render(<FeedLinks data={data('/blogs/202004_multitest.html')} />);
    expect(container.innerHTML).toContain('Atom feed');
    expect(feedLinksHtml(site, '/blogs/202004_multitest.html')).toBe(container.innerHTML);
  });

  it('are left out of other pages, and of every page when the site builds no feeds', () => {
    const { container } = render(<FeedLinks data={data('/guides/ivr/')} />);
    expect(container.innerHTML).toBe('');
    expect(feedLinksHtml(site, '/guides/ivr/')).toBe('');
    expect(feedLinksHtml({ origin: undefined, feed: site.feed }, '/blogs/202004_multitest.html')).toBe('');
  });
});
