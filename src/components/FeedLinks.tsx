import type { PageData } from '../data/page-data.ts';
import { ATOM_PATH, RSS_PATH, isFeedPost } from '../shared/site-urls.ts';

/** On a release note or blog post: where to follow new ones (Atom and RSS). Plain links, since the feeds are files, not pages. */
export function FeedLinks({ data }: { data: PageData }) {
  if (!isFeedPost(data.site, data.record.path)) return null;
  return (
    <p className="feed-links">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
        <circle cx="5" cy="19" r="2" />
        <path d="M3 10.5a10.5 10.5 0 0 1 10.5 10.5h-3A7.5 7.5 0 0 0 3 13.5zM3 4a17 17 0 0 1 17 17h-3A14 14 0 0 0 3 7z" />
      </svg>
      <span>
        Follow new release notes and posts:{' '}
        <a href={ATOM_PATH} type="application/atom+xml">
          Atom feed
        </a>{' '}
        or{' '}
        <a href={RSS_PATH} type="application/rss+xml">
          RSS feed
        </a>
      </span>
    </p>
  );
}
