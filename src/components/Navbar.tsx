import { Link, NavLink } from 'react-router-dom';
import type { SiteConfig } from '../shared/schemas/site-config.ts';
import type { ReactNode } from 'react';

/** The fixed top bar: sidebar toggle (narrow screens), site title, nav links and the tools slot (search, theme). */
export function Navbar({ site, sidebarToggle, tools }: { site: SiteConfig; sidebarToggle?: ReactNode; tools?: ReactNode }) {
  return (
    <header className="navbar">
      {sidebarToggle}
      <Link to="/" className="navbar-title">
        {site.title}
      </Link>
      <nav aria-label="Main" className="navbar-links">
        <ul>
          {site.nav.map((n) => (
            <li key={n.link}>
              <NavLink to={n.link} end={n.link === '/'}>
                {n.text}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="navbar-tools">{tools}</div>
    </header>
  );
}
