import { lazy, Suspense, type ReactNode } from 'react';
import { PrefetchLink as Link } from './PrefetchLink.tsx';
import type { PageData } from '../data/page-data.ts';
import { importOrCheckDeploy } from '../data/deploy.ts';
import { FeedLinks } from './FeedLinks.tsx';

/**
 * The page actions (edit, copy) are not needed to read the page: their code
 * loads once the content is shown. Without it (offline, a failed download)
 * the page simply has none. The feed links are plain links, rendered with the
 * footer (and written into the page documents) so that the page's height
 * does not change after it is shown.
 */
const none = (_: { data: PageData }): ReactNode => null;
const PageActions = lazy(() =>
  importOrCheckDeploy(() => import('./page-extras.ts'))
    .then((m): { default: (props: { data: PageData }) => ReactNode } => ({ default: m.PageActions }))
    .catch(() => ({ default: none })),
);

/** The foot of a page: last updated with the page actions, previous/next, and the feed links on posts. */
export function PageFooter({ data }: { data: PageData }) {
  return (
    <footer className="page-footer">
      <div className="page-meta">
        {data.lastUpdated ? (
          <p>
            Last updated: <time dateTime={new Date(data.record.lastUpdatedTimestamp).toISOString()}>{data.lastUpdated}</time>
          </p>
        ) : null}
        {/* The empty box holds the actions' place while their code loads, so nothing moves when they appear. */}
        <Suspense fallback={<div className="page-actions" />}>
          <PageActions data={data} />
        </Suspense>
      </div>
      {data.prev || data.next ? (
        <nav aria-label="Previous and next pages" className="mt-6 flex flex-wrap justify-between gap-4">
          {data.prev ? (
            <Link rel="prev" to={data.prev.path} className="prev-next">
              <span className="block text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">Previous</span>
              {data.prev.title}
            </Link>
          ) : (
            <span />
          )}
          {data.next ? (
            <Link rel="next" to={data.next.path} className="prev-next text-right">
              <span className="block text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">Next</span>
              {data.next.title}
            </Link>
          ) : null}
        </nav>
      ) : null}
      <FeedLinks data={data} />
    </footer>
  );
}
