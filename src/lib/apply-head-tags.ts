/**
 * Writes a page's head tags into the document: updates the tags that exist,
 * adds the missing ones, removes those that do not apply. Runs after the
 * first paint (see useDocumentHead), so it costs nothing before the h1.
 */
import type { PageData } from '../data/page-data.ts';
import { headSelector, headTags, type HeadPage } from '../shared/head-tags.ts';

/** What the head tags say about the page shown: no address for the not-found page; the home page by its hero text. */
export function headPageOf(data: PageData): HeadPage {
  const fm = data.record.frontmatter;
  return {
    title: (fm.home ? fm.heroText : data.record.title) || data.site.title,
    description: data.description,
    path: data.layout === 'not-found' ? undefined : data.record.path,
    type: data.layout === 'default' ? 'article' : 'website',
  };
}

/** Brings the document's head tags in line with the page. */
export function applyHeadTags(data: PageData): void {
  for (const entry of headTags(data.site, headPageOf(data))) {
    let el = document.head.querySelector<HTMLElement>(headSelector(entry));
    if (entry.value === undefined) {
      el?.remove();
      continue;
    }
    if (!el) {
      el = document.createElement(entry.tag);
      for (const [k, v] of Object.entries(entry.attrs)) el.setAttribute(k, v);
      document.head.appendChild(el);
    }
    el.setAttribute(entry.tag === 'link' ? 'href' : 'content', entry.value);
  }
}
