/**
 * The head tags that describe a page to search engines and link previews:
 * meta description, canonical link, the Markdown alternate, Open Graph and
 * Twitter card tags. One list, rendered into index.html as the defaults and
 * kept in step with the route by the app. No React, no DOM.
 */
import type { SiteConfig } from './schemas/site-config.ts';
import { canonicalUrl, markdownUrl } from './site-urls.ts';

/** One head tag: found by its identifying attributes; `value` is its content (meta) or href (link), undefined to remove it. */
export interface HeadEntry {
  tag: 'meta' | 'link';
  attrs: Readonly<Record<string, string>>;
  value: string | undefined;
}

/** What the tags say about a page. */
export interface HeadPage {
  title: string;
  description: string;
  /** Canonical path; none for index.html's defaults and the not-found page. */
  path?: string | undefined;
  /** Open Graph type: "article" for documentation pages, "website" for the rest. */
  type: 'article' | 'website';
}

const meta = (key: 'name' | 'property', name: string, value: string | undefined): HeadEntry => ({ tag: 'meta', attrs: { [key]: name }, value });

/** The head tags of `page`; those that do not apply have an undefined value. */
export function headTags(site: Pick<SiteConfig, 'title' | 'origin' | 'image'>, page: HeadPage): HeadEntry[] {
  const url = page.path === undefined ? undefined : canonicalUrl(site, page.path);
  const image = site.origin && site.image ? `${site.origin}${site.image.src}` : undefined;
  const alt = image ? site.image?.alt : undefined;
  return [
    meta('name', 'description', page.description),
    { tag: 'link', attrs: { rel: 'canonical' }, value: url },
    { tag: 'link', attrs: { rel: 'alternate', type: 'text/markdown' }, value: page.path === undefined ? undefined : markdownUrl(site, page.path) },
    meta('property', 'og:type', page.type),
    meta('property', 'og:site_name', site.title),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', alt),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', alt),
  ];
}

/** CSS selector of an entry's element. */
export function headSelector(e: HeadEntry): string {
  return (
    e.tag +
    Object.entries(e.attrs)
      .map(([k, v]) => `[${k}="${v}"]`)
      .join('')
  );
}
