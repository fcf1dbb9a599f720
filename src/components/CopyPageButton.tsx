import { useCopyText } from '../hooks/useCopyText.ts';

const LABELS = { idle: 'Copy page', copied: 'Copied', failed: 'Copy failed' } as const;
const STATUS = { idle: '', copied: 'The page was copied as Markdown.', failed: 'The browser did not allow copying.' } as const;

/** Copies the page's Markdown (title, address and body, as at its .md address) to the clipboard; `markdown` makes the text when asked. */
export function CopyPageButton({ markdown }: { markdown: () => string | Promise<string> }) {
  const { state, copy } = useCopyText();
  return (
    <>
      <button
        type="button"
        className="page-action"
        onClick={() =>
          void Promise.resolve()
            .then(markdown)
            .then(copy, () => copy(''))
        }
        title="Copy this page as Markdown, for a chat assistant or your notes"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          {state === 'copied' ? (
            <path d="M5 12l5 5L20 7" />
          ) : (
            <>
              <rect x="9" y="9" width="12" height="12" rx="2" />
              <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
            </>
          )}
        </svg>
        {LABELS[state]}
      </button>
      <span className="sr-only" role="status">
        {STATUS[state]}
      </span>
    </>
  );
}
