import { Link, useLocation } from 'react-router-dom';
import type { LayoutProps } from './types.ts';
import { useReportPageReady } from '../app/page-ready.tsx';

/** Any address that is not a page: says so, keeps the address, offers a way on. */
export default function NotFoundLayout({ data }: LayoutProps) {
  const { pathname } = useLocation();
  useReportPageReady(data.record.path);
  return (
    <article className="page not-found mx-auto max-w-2xl px-5 py-16 text-center">
      <p className="text-6xl font-bold text-teal-700 dark:text-teal-400" aria-hidden="true">
        404
      </p>
      <h1 className="page-title mt-4 text-3xl font-bold" tabIndex={-1}>
        Page not found
      </h1>
      <p className="mt-4">
        There is no page at <code className="break-all">{pathname}</code>. It may have moved, or the link may be mistyped.
      </p>
      <p className="mt-6">
        <Link to="/" className="font-semibold text-teal-700 underline dark:text-teal-400">
          Go to the home page
        </Link>
      </p>
    </article>
  );
}
