import type { PageContentState } from '../data/page-data.ts';
import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { importOrCheckDeploy } from '../data/deploy.ts';
import { ErrorView } from './ErrorView.tsx';
import { useReportPageReady } from '../app/page-ready.tsx';
import { Lead } from './Lead.tsx';
import { afterPaint } from '../lib/after-paint.ts';
import { StaticBody } from './StaticBody.tsx';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { siteQuery } from '../data/site-queries.ts';
import { preloadModules } from '../lib/preload-modules.ts';

type MarkdownView = (typeof import('../markdown/Markdown.tsx'))['Markdown'];
/** The Markdown component once its chunk has loaded. */
let loadedMarkdown: MarkdownView | null = null;
const loadMarkdown = () =>
  importOrCheckDeploy(() => import('../markdown/Markdown.tsx')).then((m) => {
    loadedMarkdown = m.Markdown;
    return m;
  });
/**
 * Starts loading the Markdown pipeline now (the app's start-up, when the static shell already shows the title;
 * a page document's first sign of a reader heading for a link). Its chunks, which the site data names, are
 * asked for together: an import() alone would find the chunks that the pipeline's chunk imports only once that
 * chunk has arrived, one round trip later.
 */
export const preloadMarkdown = (client: QueryClient): void => {
  preloadModules(client.getQueryData(siteQuery().queryKey)?.markdownModules ?? []);
  void loadMarkdown().catch(() => {});
};
/**
 * The Markdown component, rendered once its chunk is there: the pipeline is
 * its own chunk, asked for once the page's title is on screen (it is not
 * needed to paint it), so it never delays the first paint. Until then the
 * caller shows its placeholder. Not React.lazy: a Suspense boundary that has
 * just shown its fallback shows what it waited for no sooner than 300 ms
 * later, which held the first body rendered in the app back by up to that
 * long after its chunk had arrived. A chunk that fails to load is thrown to
 * the error boundary, as lazy would.
 */
function useMarkdownView(wanted: boolean): MarkdownView | null {
  const [view, setView] = useState<MarkdownView | null>(() => loadedMarkdown);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!wanted || view) return;
    let live = true;
    loadMarkdown().then(
      (m) => live && setView(() => m.Markdown),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [wanted, view]);
  if (failure) throw failure.error;
  return view;
}

type RenderedState = Exclude<PageContentState, { state: 'static' }>;
const LOADING: RenderedState = { state: 'loading' };

/**
 * The Markdown body of a page: a placeholder while it loads, an error with
 * Retry, or the content, followed by `footer` once the content is there.
 */
export function PageContent({ path, content, footer }: { path: string; content: PageContentState; footer?: ReactNode }) {
  // A page document's body is in the document already: adopted, not rendered again.
  if (content.state === 'static') return <StaticBody path={path} body={content.body} footer={footer} preload={preloadMarkdown} />;
  return <RenderedContent path={path} content={content} footer={footer} />;
}

/** The body rendered from the page's Markdown. */
function RenderedContent({ path, content: latest, footer }: { path: string; content: RenderedState; footer?: ReactNode }) {
  // A newly shown page paints its title first; the (heavier) body renders after that frame is on
  // screen, in the background: starting it at once would hold up the frame that shows the title.
  const [framed, setFramed] = useState(false);
  const content = useDeferredValue(framed ? latest : LOADING, LOADING);
  const client = useQueryClient();
  useEffect(() => {
    let frame = 0;
    const cancel = afterPaint(() => {
      setFramed(true);
      frame = requestAnimationFrame(() => preloadMarkdown(client));
    });
    return () => {
      cancel();
      cancelAnimationFrame(frame);
    };
  }, [client]);
  const Markdown = useMarkdownView(content.state === 'ready');
  // An error view is "shown" too: the progress bar must not hang on a failed page.
  useReportPageReady(path, content.state === 'error');
  if (content.state === 'error') return <ErrorView error={content.error} onRetry={content.retry} retrying={content.retrying} />;
  // The page's opening text, when its chunk has it, stands in while the body is prepared.
  const lead = latest.state === 'ready' ? latest.chunk.lead : undefined;
  const loading = lead?.length ? <Lead nodes={lead} /> : <div className="content-loading" aria-busy="true" aria-label="Loading the page" />;
  if (content.state === 'loading' || !Markdown) return loading;
  return <Markdown chunk={content.chunk} footer={footer} placeholder={loading} />;
}
