import { PrefetchLink as Link } from './PrefetchLink.tsx';
import type { PageData } from '../data/page-data.ts';

/** "Last updated" and the previous/next links at the foot of a page. */
export function PageFooter({ data }: { data: PageData }) {
  return (
    <footer className="page-footer mt-12 border-t border-slate-200 pt-6 dark:border-slate-700">
      {data.lastUpdated ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Last updated: <time dateTime={new Date(data.record.lastUpdatedTimestamp).toISOString()}>{data.lastUpdated}</time>
        </p>
      ) : null}
      {data.prev || data.next ? (
        <nav aria-label="Previous and next pages" className="mt-4 flex flex-wrap justify-between gap-4">
          {data.prev ? (
            <Link rel="prev" to={data.prev.path} className="prev-next">
              <span className="block text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">Previous</span>
              {data.prev.title}
            </Link>
          ) : <span />}
          {data.next ? (
            <Link rel="next" to={data.next.path} className="prev-next text-right">
              <span className="block text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">Next</span>
              {data.next.title}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </footer>
  );
}
