import type { PageContentState } from '../data/page-data.ts';
import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { importOrCheckDeploy } from '../data/deploy.ts';
import { ErrorView } from './ErrorView.tsx';
import { useReportPageReady } from '../app/page-ready.tsx';
import { Lead } from './Lead.tsx';
import { afterPaint } from '../lib/after-paint.ts';
import { StaticBody } from './StaticBody.tsx';

const loadMarkdown = () => importOrCheckDeploy(() => import('../markdown/Markdown.tsx'));
/** Starts loading the Markdown pipeline now (the app's start-up, when the static shell already shows the title). */
export const preloadMarkdown = (): void => void loadMarkdown().catch(() => {});
/**
 * The Markdown pipeline is its own chunk, asked for once the page's title is
 * on screen (it is not needed to paint it), so it never delays the first paint.
 */
const Markdown = lazy(() => loadMarkdown().then((m) => ({ default: m.Markdown })));

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
  useEffect(() => {
    let frame = 0;
    const cancel = afterPaint(() => {
      setFramed(true);
      frame = requestAnimationFrame(preloadMarkdown);
    });
    return () => {
      cancel();
      cancelAnimationFrame(frame);
    };
  }, []);
  // An error view is "shown" too: the progress bar must not hang on a failed page.
  useReportPageReady(path, content.state === 'error');
  if (content.state === 'error') return <ErrorView error={content.error} onRetry={content.retry} retrying={content.retrying} />;
  // The page's opening text, when its chunk has it, stands in while the body is prepared.
  const lead = latest.state === 'ready' ? latest.chunk.lead : undefined;
  const loading = lead?.length ? <Lead nodes={lead} /> : <div className="content-loading" aria-busy="true" aria-label="Loading the page" />;
  if (content.state === 'loading') return loading;
  return (
    <Suspense fallback={loading}>
      <Markdown chunk={content.chunk} footer={footer} placeholder={loading} />
    </Suspense>
  );
}
