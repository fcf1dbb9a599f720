import { useEffect } from 'react';
import type { PageData } from '../data/page-data.ts';

/** document.title "<page title> | <site title>" and the page's meta description. */
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
  }, [data.documentTitle, data.description]);
}
