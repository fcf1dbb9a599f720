import { useEffect } from 'react';
import type { PageData } from '../data/page-data.ts';
import { importOrCheckDeploy } from '../data/deploy.ts';

const loadHeadTags = () => importOrCheckDeploy(() => import('../lib/apply-head-tags.ts'));

/**
 * document.title "<page title> | <site title>" and the meta description at
 * once; then the page's other head tags (canonical link, Markdown alternate,
 * Open Graph, Twitter card), whose code loads after the first paint. Both on
 * every route change; a page left before its tags were written gets none.
 */
export function useDocumentHead(data: PageData): void {
  useEffect(() => {
    document.title = data.documentTitle;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = data.description;
    let live = true;
    // After the frame that paints the page (an effect may still run before that paint): nothing is fetched before the h1.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => void loadHeadTags().then((m) => live && m.applyHeadTags(data), () => {}));
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
  }, [data]);
}
