import { useEffect } from 'react';
import type { PageData } from '../data/page-data.ts';
import { applyHeadTags } from '../lib/apply-head-tags.ts';

/**
 * document.title "<page title> | <site title>" and the meta description at
 * once; then, after the first paint, the page's other head tags (canonical
 * link, Markdown alternate, Open Graph, Twitter card). Both on every route
 * change; a page left before its tags were written gets none. (The code is
 * in the main bundle: 1 KB, not worth a request of its own.)
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
    // After the frame that paints the page (an effect may still run before that paint).
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => live && applyHeadTags(data));
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
    };
  }, [data]);
}
