import type { PageContentState } from '../data/page-data.ts';
import { lazy, Suspense } from 'react';
import { importOrCheckDeploy } from '../data/deploy.ts';

/** The Markdown pipeline is its own chunk; main.tsx starts loading it at boot, beside the page's data. */
const Markdown = lazy(() => importOrCheckDeploy(() => import('../markdown/Markdown.tsx')).then((m) => ({ default: m.Markdown })));
import { ErrorView } from './ErrorView.tsx';
import { useReportPageReady } from '../app/page-ready.tsx';

/** The Markdown body of a page: a placeholder while it loads, an error with Retry, or the content. */
export function PageContent({ path, content }: { path: string; content: PageContentState }) {
  // An error view is "shown" too: the progress bar must not hang on a failed page.
  useReportPageReady(path, content.state === 'error');
  if (content.state === 'error') return <ErrorView error={content.error} onRetry={content.retry} retrying={content.retrying} />;
  const loading = <div className="content-loading" aria-busy="true" aria-label="Loading the page" />;
  if (content.state === 'loading') return loading;
  return (
    <Suspense fallback={loading}>
      <div className="prose prose-slate max-w-none dark:prose-invert content">
        <Markdown chunk={content.chunk} />
      </div>
    </Suspense>
  );
}
