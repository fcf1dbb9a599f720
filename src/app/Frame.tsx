/** The page frame: skip link, navbar, sidebar drawer, the layout in <main>, and the page behaviours. */
import { memo, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { SiteConfig } from '../shared/schemas/site-config.ts';
import type { PageData } from '../data/page-data.ts';
import { Navbar } from '../components/Navbar.tsx';
import { Sidebar } from '../components/Sidebar.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { ThemeToggle } from '../components/ThemeToggle.tsx';
import { BackToTop } from '../components/BackToTop.tsx';
import { ReadingProgress } from '../components/ReadingProgress.tsx';
import { layoutFor } from '../layouts/registry.ts';
import { useDocumentHead } from '../hooks/useDocumentHead.ts';
import SearchBox from '../search/SearchBox.tsx';
import { useScrollOnNavigate } from '../hooks/useScrollOnNavigate.ts';
import { useNavigationProgress } from '../hooks/useNavigationProgress.ts';
import { useActiveHeader } from '../hooks/useActiveHeader.ts';
import { useImageZoom } from '../hooks/useImageZoom.ts';
import { useRouteFocus } from '../hooks/useRouteFocus.ts';
import { useAnalytics } from '../hooks/useAnalytics.ts';
import { useJquery } from '../hooks/useJquery.ts';
import { useDrawer } from '../hooks/useDrawer.ts';
import { PageReadyContext, PageReadyStore, useShownPage } from './page-ready.tsx';
import { NavigateProvider } from '../components/StableLink.tsx';
import { OfflineNotice } from '../components/OfflineNotice.tsx';
import { useLoadNewVersion } from '../hooks/useLoadNewVersion.ts';
import { afterPaint } from '../lib/after-paint.ts';

/**
 * One page in its layout. The wrapper takes no box of its own (display:
 * contents) and is only there to hide the page being left.
 */
const PageSlot = memo(function PageSlot({ data, hidden }: { data: PageData; hidden: boolean }) {
  const Layout = layoutFor(data.layout);
  return (
    <div className="page-slot" hidden={hidden}>
      <Layout data={data} />
    </div>
  );
});

interface Slot {
  /** The page's key in <main>: its path and the number of its visit, so a page visited again (back to a page still being removed) is a new instance that reports itself shown again. */
  key: string;
  data: PageData;
}

/**
 * The page shown and the page being left, for the moment after a route
 * change: the one left stays in the document, hidden, until the new page's
 * first frame is on screen, and is removed in a task after that. Removing a
 * long page (hundreds of elements, their effects) was most of the work of a
 * click, and it held up the frame that shows the new title.
 */
function usePageSlots(data: PageData): { current: Slot; leaving: Slot | null } {
  const [slots, setSlots] = useState<{ current: Slot; leaving: Slot | null; visits: number }>(() => ({ current: { key: `${data.record.path}@0`, data }, leaving: null, visits: 0 }));
  // Derived for this render from the slots of the last one, so the click's render already has both
  // pages; the same value is then stored (a layout effect: before the frame is painted).
  const next = useMemo(() => {
    if (slots.current.data === data) return slots;
    if (slots.current.data.record.path === data.record.path) return { ...slots, current: { key: slots.current.key, data } };
    const visits = slots.visits + 1;
    return { current: { key: `${data.record.path}@${visits}`, data }, leaving: slots.current, visits };
  }, [slots, data]);
  useLayoutEffect(() => {
    if (next !== slots) setSlots(next);
  }, [next, slots]);
  const { leaving } = slots;
  useEffect(() => (leaving ? afterPaint(() => setSlots((s) => (s.leaving === leaving ? { ...s, leaving: null } : s))) : undefined), [leaving]);
  return { current: next.current, leaving: next.leaving && next.leaving.key !== next.current.key ? next.leaving : null };
}

/** `stale`: the data is a previous page's, kept on screen while the current one loads. */
// Memoised: SiteShell renders again after each page it shows (it stores that page for the moment the
// next address is resolving), with the same props; the frame need not follow.
export const Frame = memo(function Frame({ site, data, stale = false }: { site: SiteConfig; data: PageData; stale?: boolean }) {
  const location = useLocation();
  const path = data.record.path;
  // One visit per change of pathname (A -> B -> A is three visits), so "shown" from an
  // earlier visit of the same page never counts for the current one.
  const visit = useMemo(() => ({ pathname: location.pathname }), [location.pathname]);
  const [ready] = useState(() => new PageReadyStore());
  // Before the layouts' effects report: a layout effect of the frame runs ahead of every passive effect.
  useLayoutEffect(() => ready.startVisit(visit), [ready, visit]);
  const shown = useShownPage(ready);
  const readyPath = !stale && shown && shown.path === path && shown.visit === visit ? path : null;
  const drawer = useDrawer(location.pathname);
  // Marks the document as run by the app (a page document shows the page before that).
  useLayoutEffect(() => {
    document.documentElement.dataset.app = '';
  }, []);

  useDocumentHead(data);
  useLoadNewVersion(location.pathname);
  // The bar is for waiting on the network: a page whose data is here renders without one, even
  // when its body takes a few frames to render in full.
  useNavigationProgress(stale || (data.content.state === 'loading' && data.layout !== 'not-found'));
  useScrollOnNavigate(readyPath);
  useImageZoom(readyPath);
  useAnalytics(site.analytics.id, data.record.title, readyPath);
  useJquery(data.record.frontmatter.jquery === true);
  const announcement = useRouteFocus(data.record.title, readyPath);
  const activeSlug = useActiveHeader(
    data.headers.flatMap((h) => [h.slug, ...h.children.map((c) => c.slug)]),
    readyPath,
  );

  const slots = usePageSlots(data);
  const hasSidebar = data.layout !== 'home' && data.layout !== 'not-found';
  return (
    <NavigateProvider>
      <PageReadyContext.Provider value={ready}>
        <div className={`shell${hasSidebar ? ' has-sidebar' : ''}${drawer.open ? ' drawer-open' : ''}`}>
          <a href="#main" className="skip-link">
            Skip to content
          </a>
          {data.record.frontmatter.readingShow === 'top' ? <ReadingProgress key={path} shown={readyPath === path} /> : null}
          <Navbar
            site={site}
            sidebarToggle={
              hasSidebar ? (
                <button type="button" className="sidebar-toggle" aria-label="Toggle sidebar" aria-expanded={drawer.open} aria-controls="sidebar" onClick={drawer.toggle}>
                  <span aria-hidden="true" className="hamburger" />
                </button>
              ) : null
            }
            tools={
              <>
                <SearchBox indexName={site.search.indexName} />
                <ThemeToggle />
              </>
            }
          />
          {hasSidebar ? (
            <>
              <aside id="sidebar" className="sidebar" aria-label="Documentation">
                <Sidebar nodes={data.sidebar} currentPath={path} headers={data.headers} activeSlug={activeSlug ?? undefined} />
              </aside>
              <div className="sidebar-mask" data-testid="sidebar-mask" aria-hidden="true" onClick={drawer.close} />
            </>
          ) : null}
          <main id="main" className="shell-main" tabIndex={-1}>
            <OfflineNotice />
            <ErrorBoundary resetKey={location.pathname}>
              <PageSlot key={slots.current.key} data={data} hidden={false} />
              {/* After the new page, so that it comes first in the document while both are there. */}
              {slots.leaving ? <PageSlot key={slots.leaving.key} data={slots.leaving.data} hidden /> : null}
            </ErrorBoundary>
          </main>
          <BackToTop />
          <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
            {announcement}
          </div>
        </div>
      </PageReadyContext.Provider>
    </NavigateProvider>
  );
});
