import { lazy, Suspense } from 'react';
import { PrefetchLink as Link } from './PrefetchLink.tsx';
import type { PageData } from '../data/page-data.ts';
import { importOrCheckDeploy } from '../data/deploy.ts';

/**
 * The page actions (edit, copy) and the feed links are not needed to read the
 * page: their code loads once the content is shown. Without it (offline, a
 * failed download) the page simply has neither.
 */
const none = (_: { data: PageData }) => null;
const loadExtras = () => importOrCheckDeploy(() => import('./page-extras.ts')).catch(() => ({ PageActions: none, FeedLinks: none }));
const PageActions = lazy(() => loadExtras().then((m) => ({ default: m.PageActions })));
const FeedLinks = lazy(() => loadExtras().then((m) => ({ default: m.FeedLinks })));

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
      {/* Last in the footer, so that nothing below moves when it appears. */}
      <Suspense fallback={null}>
        <FeedLinks data={data} />
      </Suspense>
    </footer>
  );
}
