import { useQuery } from '@tanstack/react-query';
import { chunkQuery } from '../data/queries.ts';
import { Markdown } from '../markdown/Markdown.tsx';
import { ErrorView } from './ErrorView.tsx';
import { useReportPageReady } from '../app/page-ready.tsx';

/** The Markdown body of a page: loads its chunk, shows a placeholder, an error with Retry, or the content. */
export function PageContent({ path }: { path: string }) {
  const chunk = useQuery(chunkQuery(path));
  // An error view is "shown" too: the progress bar must not hang on a failed page.
  useReportPageReady(path, chunk.isError);
  if (chunk.isError) return <ErrorView error={chunk.error} onRetry={() => void chunk.refetch()} retrying={chunk.isFetching} />;
  if (!chunk.data) return <div className="content-loading" aria-busy="true" aria-label="Loading the page" />;
  return (
    <div className="prose prose-slate max-w-none dark:prose-invert content">
      <Markdown chunk={chunk.data} />
    </div>
  );
}
