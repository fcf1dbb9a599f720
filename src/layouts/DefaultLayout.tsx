import type { LayoutProps } from './types.ts';
import { PageContent } from '../components/PageContent.tsx';
import { PageFooter } from '../components/PageFooter.tsx';

/** A documentation page: title, content, last updated, previous/next. */
export default function DefaultLayout({ data }: LayoutProps) {
  return (
    <article className="page mx-auto max-w-3xl px-5 py-8 lg:px-8">
      {data.record.title ? (
        <h1 className="page-title" tabIndex={-1}>
          {data.record.title}
        </h1>
      ) : null}
      <PageContent path={data.record.path} content={data.content} footer={data.content.state === 'ready' || data.content.state === 'static' ? <PageFooter data={data} /> : null} />
    </article>
  );
}
