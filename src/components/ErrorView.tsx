import { DataError, HttpError, NetworkError, TimeoutError } from '../data/errors.ts';

/** What the reader is told for each kind of failure. */
export function describeError(error: unknown): { title: string; detail: string } {
  if (error instanceof HttpError) {
    return error.status === 404
      ? { title: 'This content is missing', detail: `The server has no file at ${error.url} (HTTP 404). The site may have been updated; retrying loads the latest version.` }
      : { title: 'The server had a problem', detail: `${error.url} answered HTTP ${error.status}.` };
  }
  if (error instanceof TimeoutError) return { title: 'Loading took too long', detail: `${error.url} did not arrive within ${error.ms / 1000} seconds.` };
  if (error instanceof NetworkError) return { title: 'You seem to be offline', detail: `${error.url} could not be fetched. Check your connection.` };
  if (error instanceof DataError) return { title: 'This content is damaged', detail: error.message };
  return { title: 'Something went wrong', detail: error instanceof Error ? error.message : String(error) };
}

/** Shown instead of a page whose data failed to load; Retry fetches it again. */
export function ErrorView({ error, onRetry, retrying = false }: { error: unknown; onRetry: () => void; retrying?: boolean }) {
  const { title, detail } = describeError(error);
  return (
    <div role="alert" className="error-view mx-auto my-12 max-w-xl rounded-lg border border-red-300 bg-red-50 p-6 text-slate-900 dark:border-red-800 dark:bg-red-950 dark:text-slate-100">
      <h2 className="mt-0 text-xl font-bold">{title}</h2>
      <p className="mt-2 text-sm">{detail}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="mt-4 rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60"
      >
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
