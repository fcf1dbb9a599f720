import type { PageData } from '../data/page-data.ts';
import { pageMarkdown } from '../shared/page-markdown.ts';
import { editUrl, markdownPathOf, siteUrl } from '../shared/site-urls.ts';
import { CopyPageButton } from './CopyPageButton.tsx';

/** "Edit this page" (when the site config names a repository) and "Copy page", beside "Last updated". */
export function PageActions({ data }: { data: PageData }) {
  const edit = editUrl(data.site.repository, data.record.relativePath);
  const content = data.content;
  // A page document has no Markdown in memory: the page's .md file holds the same text.
  const markdown =
    content.state === 'ready'
      ? () => pageMarkdown(data.record, content.chunk.markdown, siteUrl(data.site, data.record.path))
      : content.state === 'static'
        ? () => fetch(markdownPathOf(data.record.path), { credentials: 'same-origin' }).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${r.status}`))))
        : null;
  return (
    <div className="page-actions">
      {edit ? (
        <a className="page-action" href={edit}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
          </svg>
          Edit this page
        </a>
      ) : null}
      {markdown !== null ? <CopyPageButton markdown={markdown} /> : null}
    </div>
  );
}
