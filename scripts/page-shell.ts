/**
 * The markup of the app's frame for one page, as HTML the build writes into
 * the page's document: the skip link, the navbar, the layout with the page's
 * content and previous/next, then the sidebar with the page and its headings
 * (after the article, which the parser then reaches first; the sidebar is
 * fixed to the left edge, so the order changes nothing on screen, and the
 * app's frame puts it back before the layout, where its drawer needs it).
 * Each piece mirrors a component (named beside it) class for class, so the
 * page keeps its geometry when the app takes the frame over, and every link
 * is a plain <a href>, so readers without scripts and crawlers can move
 * through the site.
 */
import type { SiteConfig } from '../src/shared/schemas/site-config.ts';
import type { PageRecord } from '../src/shared/schemas/page-record.ts';
import type { PageLink, SidebarNode } from '../src/shared/schemas/site-data.ts';
import { groupContains, headerTree, SIDEBAR_ID_ROOT, type HeaderNode } from '../src/shared/sidebar.ts';
import { PROSE_CLASSES } from '../src/shared/prose-classes.ts';
import { SEARCH_INPUT_CLASSES } from '../src/search/search-input-classes.ts';
import { LAZY_SECTIONS_ATTR } from '../src/shared/markdown/rehype-sections.ts';
import { ATOM_PATH, isFeedPost, RSS_PATH } from '../src/shared/site-urls.ts';

/** Escapes text for an HTML text node or a double-quoted attribute. */
export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The labels of the overview layouts' choice lists (src/layouts/*OverviewLayout.tsx). */
const OVERVIEW_LABELS: Record<string, string> = {
  'training-overview': 'Choose a training',
  'ivr-overview': 'Choose an IVR course',
  'chatbot-overview': 'Choose a chatbot course',
};

/** What the frame shows for one page. */
export interface ShellPage {
  record: PageRecord;
  layout: string;
  /** The Markdown body as HTML (manifest/article-html.ts). */
  body: string;
  prev?: PageLink | undefined;
  next?: PageLink | undefined;
}

/** NavLink's rule for "active" (react-router): the path itself, or below it unless the link is `/`. */
function navActive(link: string, path: string): boolean {
  if (path === link) return true;
  if (link === '/') return false;
  const end = link.endsWith('/') ? link.length - 1 : link.length;
  return path.startsWith(link) && path.charAt(end) === '/';
}

/** Navbar.tsx, with SearchBox.tsx and ThemeToggle.tsx in its tools slot. */
function navbar(site: SiteConfig, path: string | null, hasSidebar: boolean): string {
  const toggle = hasSidebar
    ? '<button type="button" class="sidebar-toggle" aria-label="Toggle sidebar" aria-expanded="false" aria-controls="sidebar"><span aria-hidden="true" class="hamburger"></span></button>'
    : '';
  const links = site.nav
    .map((n) => {
      const active = path !== null && navActive(n.link, path);
      return `<li><a${active ? ' aria-current="page" class="active"' : ''} href="${esc(n.link)}">${esc(n.text)}</a></li>`;
    })
    .join('');
  const search = `<div role="search" class="relative"><input type="text" role="combobox" aria-label="Search documentation" aria-autocomplete="list" aria-expanded="false" placeholder="Search ( / )" autocomplete="off" spellcheck="false" enterkeyhint="search" class="${SEARCH_INPUT_CLASSES}" value=""><p role="status" class="sr-only"></p></div>`;
  const theme = '<button type="button" class="icon-button theme-toggle" aria-pressed="false" aria-label="Dark mode" title="Switch to dark mode"></button>';
  return `<header class="navbar">${toggle}<a class="navbar-title" href="/">${esc(site.title)}</a><nav aria-label="Main" class="navbar-links"><ul>${links}</ul></nav><div class="navbar-tools">${search}${theme}</div></header>`;
}

/** Sidebar.tsx's HeaderList. */
function headerList(headers: HeaderNode[], path: string): string {
  return `<ul class="sidebar-headers">${headers
    .map((h) => `<li><a href="${esc(`${path}#${h.slug}`)}">${esc(h.title)}</a>${h.children.length ? headerList(h.children, path) : ''}</li>`)
    .join('')}</ul>`;
}

/** Sidebar.tsx's SidebarList, groups and pages. */
function sidebarList(nodes: SidebarNode[], depth: number, path: string, headers: HeaderNode[], idPrefix = SIDEBAR_ID_ROOT): string {
  const items = nodes.map((n, i) => {
    if (n.kind === 'page') {
      const current = n.path === path;
      return `<li><a href="${esc(n.path)}"${current ? ' class="active" aria-current="page"' : ''}>${esc(n.title)}</a>${current && headers.length ? headerList(headers, n.path) : ''}</li>`;
    }
    const contains = groupContains(n, path);
    const expanded = contains || !n.collapsed;
    const id = `${idPrefix}-${i}`;
    return `<li class="sidebar-group${depth === 0 ? ' top' : ''}"><button type="button" class="sidebar-group-title" aria-expanded="${expanded}" aria-controls="${id}"><span>${esc(n.title)}</span></button><div id="${id}"${expanded ? '' : ' hidden=""'}>${sidebarList(n.children, depth + 1, contains ? path : '', contains ? headers : [], id)}</div></li>`;
  });
  return `<ul class="sidebar-list depth-${depth}">${items.join('')}</ul>`;
}

/** The Markdown body in its container (PageContent.tsx / Markdown.tsx); the app adopts its children. */
const prose = (body: string) => `<div class="${PROSE_CLASSES}" data-static-body="" ${LAZY_SECTIONS_ATTR}="">${body}</div>`;

/** FeedLinks.tsx: on a release note or blog post, where to follow new ones. */
export function feedLinksHtml(site: Pick<SiteConfig, 'origin' | 'feed'>, path: string): string {
  if (!isFeedPost(site, path)) return '';
  return `<p class="feed-links"><svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="currentColor"><circle cx="5" cy="19" r="2"></circle><path d="M3 10.5a10.5 10.5 0 0 1 10.5 10.5h-3A7.5 7.5 0 0 0 3 13.5zM3 4a17 17 0 0 1 17 17h-3A14 14 0 0 0 3 7z"></path></svg><span>Follow new release notes and posts: <a href="${ATOM_PATH}" type="application/atom+xml">Atom feed</a> or <a href="${RSS_PATH}" type="application/rss+xml">RSS feed</a></span></p>`;
}

/** PageFooter.tsx, before its lazily loaded part (the actions' place is held by an empty box). */
function footer(p: ShellPage, site: SiteConfig): string {
  const updated = p.record.lastUpdated ? `<p>Last updated: <time datetime="${new Date(p.record.lastUpdatedTimestamp).toISOString()}">${esc(p.record.lastUpdated)}</time></p>` : '';
  const label = '<span class="block text-xs uppercase tracking-wide text-slate-600 dark:text-slate-400">';
  const prev = p.prev ? `<a rel="prev" href="${esc(p.prev.path)}" class="prev-next">${label}Previous</span>${esc(p.prev.title)}</a>` : '<span></span>';
  const next = p.next ? `<a rel="next" href="${esc(p.next.path)}" class="prev-next text-right">${label}Next</span>${esc(p.next.title)}</a>` : '';
  const nav = p.prev || p.next ? `<nav aria-label="Previous and next pages" class="mt-6 flex flex-wrap justify-between gap-4">${prev}${next}</nav>` : '';
  return `<footer class="page-footer"><div class="page-meta">${updated}<div class="page-actions"></div></div>${nav}${feedLinksHtml(site, p.record.path)}</footer>`;
}

/** The layout of the page (src/layouts/). */
function layout(p: ShellPage, site: SiteConfig): string {
  const fm = p.record.frontmatter;
  const h1 = `<h1 class="page-title" tabindex="-1">${esc(p.record.title)}</h1>`;
  if (p.layout === 'home') {
    const img = fm.heroImage ? `<img class="hero-image mx-auto" src="${esc(fm.heroImage)}" alt="${esc(fm.heroAlt ?? '')}" width="480" height="320" fetchpriority="high">` : '';
    const tagline = fm.tagline ? `<p class="tagline mt-3 text-xl text-slate-600 dark:text-slate-300">${esc(fm.tagline)}</p>` : '';
    const action =
      fm.actionText && fm.actionLink
        ? `<a href="${esc(fm.actionLink)}" class="action-button mt-6 inline-block rounded-md bg-teal-700 px-6 py-3 text-lg font-semibold text-white hover:bg-teal-800">${esc(fm.actionText)}</a>`
        : '';
    const description = fm.description ? `<p class="home-description mx-auto mt-8 max-w-2xl text-center text-lg">${esc(fm.description)}</p>` : '';
    const features = fm.features?.length
      ? `<ul class="features mt-10 grid list-none gap-6 p-0 sm:grid-cols-2 lg:grid-cols-3" aria-label="Features">${fm.features
          .map(
            (f) =>
              `<li class="feature rounded-lg border border-slate-200 p-5 dark:border-slate-700"><h2 class="mt-0 text-xl font-semibold"><a href="${esc(f.link)}" class="feature-link">${esc(f.title)}</a></h2><p class="mt-2 text-slate-700 dark:text-slate-300">${esc(f.details)}</p></li>`,
          )
          .join('')}</ul>`
      : '';
    const foot = fm.footer
      ? `<footer class="home-footer mt-12 border-t border-slate-200 pt-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">${esc(fm.footer)}</footer>`
      : '';
    return `<div class="home mx-auto max-w-5xl px-5 py-10"><section class="hero text-center" aria-labelledby="hero-title">${img}<h1 id="hero-title" class="page-title mt-6 text-4xl font-bold" tabindex="-1">${esc(fm.heroText ?? p.record.title)}</h1>${tagline}${action}</section>${description}${features}<div class="mt-10">${prose(p.body)}</div>${foot}</div>`;
  }
  if (OVERVIEW_LABELS[p.layout]) {
    const choices = (fm.choices ?? [])
      .map(
        (c, i) =>
          `<li class="choice"><a href="${esc(c.link)}" class="choice-link" aria-describedby="choice-${i}"><span class="choice-title">${esc(c.title)}</span><span id="choice-${i}" class="choice-description" role="tooltip">${esc(c.description)}</span></a></li>`,
      )
      .join('');
    return `<article class="page overview overview-${p.layout} mx-auto max-w-4xl px-5 py-8 lg:px-8">${h1}${prose(p.body)}<ul class="choices mt-8 grid list-none gap-x-5 gap-y-4 p-0 pb-24 sm:grid-cols-2" aria-label="${esc(OVERVIEW_LABELS[p.layout]!)}">${choices}</ul></article>`;
  }
  return `<article class="page mx-auto max-w-3xl px-5 py-8 lg:px-8">${p.record.title ? h1 : ''}${prose(p.body)}${footer(p, site)}</article>`;
}

/** NotFoundLayout.tsx; the boot script writes the address into its slot. */
function notFoundLayout(): string {
  return '<article class="page not-found mx-auto max-w-2xl px-5 py-16 text-center"><p class="text-6xl font-bold text-teal-700 dark:text-teal-400" aria-hidden="true">404</p><h1 class="page-title mt-4 text-3xl font-bold" tabindex="-1">Page not found</h1><p class="mt-4">There is no page at <code class="break-all" data-not-found-path="">this address</code>. It may have moved, or the link may be mistyped.</p><p class="mt-6"><a href="/" class="font-semibold text-teal-700 underline dark:text-teal-400">Go to the home page</a></p></article>';
}

/** Frame.tsx around the layout: the whole of #root for the page (or the not-found page, with `page` null). */
export function shellHtml(site: SiteConfig, sidebar: SidebarNode[], page: ShellPage | null): string {
  const hasSidebar = page !== null && page.layout !== 'home' && page.layout !== 'not-found';
  const path = page?.record.path ?? null;
  const progress =
    page?.record.frontmatter.readingShow === 'top'
      ? '<div class="reading-progress" role="progressbar" aria-label="Reading progress" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0"><div class="reading-progress-bar"></div></div>'
      : '';
  const aside =
    hasSidebar && page
      ? `<aside id="sidebar" class="sidebar" aria-label="Documentation"><nav aria-label="Sidebar" class="sidebar-nav">${sidebarList(sidebar, 0, page.record.path, headerTree(page.record.headers, page.record.frontmatter.sidebarDepth))}</nav></aside><div class="sidebar-mask" data-testid="sidebar-mask" aria-hidden="true"></div>`
      : '';
  const content = page ? layout(page, site) : notFoundLayout();
  return `<div class="shell${hasSidebar ? ' has-sidebar' : ''}"><a href="#main" class="skip-link">Skip to content</a>${progress}${navbar(site, path, hasSidebar)}<main id="main" class="shell-main" tabindex="-1"><div class="page-slot">${content}</div></main>${aside}<div class="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer"></div></div>`;
}
