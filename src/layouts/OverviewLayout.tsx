import type { LayoutProps } from './types.ts';
import { PageContent } from '../components/PageContent.tsx';
import { ChoiceGrid } from '../components/ChoiceGrid.tsx';

/** Shared frame of the three overview layouts: title, introduction, choices. */
export function OverviewLayout({ data, label }: LayoutProps & { label: string }) {
  return (
    <article className={`page overview overview-${data.layout} mx-auto max-w-4xl px-5 py-8 lg:px-8`}>
      <h1 className="page-title" tabIndex={-1}>
        {data.record.title}
      </h1>
      <PageContent path={data.record.path} content={data.content} />
      <ChoiceGrid choices={data.record.frontmatter.choices ?? []} label={label} />
    </article>
  );
}
