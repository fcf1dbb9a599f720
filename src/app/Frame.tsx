/** The page frame: skip link, navbar, sidebar drawer and the layout in <main>. */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { SiteConfig } from '../shared/schemas/site-config.ts';
import type { PageData } from '../data/page-data.ts';
import { Navbar } from '../components/Navbar.tsx';
import { Sidebar } from '../components/Sidebar.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { layoutFor } from '../layouts/registry.ts';
import { useDocumentHead } from '../hooks/useDocumentHead.ts';

export function Frame({ site, data }: { site: SiteConfig; data: PageData }) {
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useDocumentHead(data);
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);
  const Layout = layoutFor(data.layout);
  const hasSidebar = data.layout !== 'home' && data.layout !== 'not-found';
  return (
    <div className={`shell${hasSidebar ? ' has-sidebar' : ''}${drawerOpen ? ' drawer-open' : ''}`}>
      <a href="#main" className="skip-link">Skip to content</a>
      <Navbar
        site={site}
        sidebarToggle={
          hasSidebar ? (
            <button type="button" className="sidebar-toggle" aria-label="Toggle sidebar" aria-expanded={drawerOpen} aria-controls="sidebar" onClick={() => setDrawerOpen((o) => !o)}>
              <span aria-hidden="true" className="hamburger" />
            </button>
          ) : null
        }
      />
      {hasSidebar ? (
        <>
          <aside id="sidebar" className="sidebar" aria-label="Documentation">
            <Sidebar nodes={data.sidebar} currentPath={data.record.path} headers={data.headers} />
          </aside>
          <div className="sidebar-mask" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
        </>
      ) : null}
      <main id="main" className="shell-main" tabIndex={-1}>
        <ErrorBoundary resetKey={location.pathname}>
          <Layout key={data.record.path} data={data} />
        </ErrorBoundary>
      </main>
    </div>
  );
}
