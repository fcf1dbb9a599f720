import { useEffect } from 'react';
import type { PageData } from '../data/page-data.ts';
import { applyHeadTags } from '../lib/apply-head-tags.ts';
import { afterPaint } from '../lib/after-paint.ts';

/**
 * document.title "<page title> | <site title>" and the meta description
 * right after the frame that shows the page (setting the title is an IPC to
 * the browser, not worth holding up that frame for); then, a frame later,
 * the page's other head tags (canonical link, Markdown alternate, Open
 * Graph, Twitter card). Both on every route change; a page left before its
 * tags were written gets none. (The code is in the main bundle: 1 KB, not
 * worth a request of its own.)
 */
export function useDocumentHead(data: PageData): void {
  useEffect(() => {
    let frame = 0;
    const cancel = afterPaint(() => {
      document.title = data.documentTitle;
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = data.description;
      frame = requestAnimationFrame(() => applyHeadTags(data));
    });
    return () => {
      cancel();
      cancelAnimationFrame(frame);
    };
  }, [data]);
}
