/**
 * Links that do not re-render when the address changes. React Router's Link
 * reads the router's location context, so every Link re-renders on every
 * navigation, memo or not: for the sidebar's links that was most of the work
 * of a click. A StableLink takes an absolute path and navigates through a
 * function that stays the same for the whole visit (NavigateProvider), so a
 * memoised sidebar group is left alone when the reader moves between pages.
 */
import { createContext, useCallback, useContext, useLayoutEffect, useRef, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { prefetchPage } from '../data/prefetch.ts';

type Go = (to: string) => void;
const NavigateContext = createContext<Go | null>(null);

/**
 * Provides the stable navigate function to the StableLinks below it (and to `useGo`). It starts loading the
 * page at once, as a hover does, and then navigates: left to the new page, the request went out only once
 * React had rendered the new address, about 45 ms later at 4x CPU.
 */
export function NavigateProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const latest = useRef(navigate);
  // After each commit, before any click can be handled: a link's click always sees the current function.
  useLayoutEffect(() => {
    latest.current = navigate;
  }, [navigate]);
  const go = useCallback<Go>(
    (to) => {
      prefetchPage(client, to);
      void latest.current(to);
    },
    [client],
  );
  return <NavigateContext.Provider value={go}>{children}</NavigateContext.Provider>;
}

/** The provider's navigate function, for the app's own ways to a page (links in the article, a search result). */
export function useGo(): Go {
  const go = useContext(NavigateContext);
  if (!go) throw new Error('useGo is used outside a NavigateProvider.');
  return go;
}

/** A click the browser would follow in this tab, with no modifier, to a page (not a download): the app handles it. */
const plainClick = (e: MouseEvent<HTMLAnchorElement>) => {
  const a = e.currentTarget;
  return e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey && !e.defaultPrevented && (!a.target || a.target === '_self') && !a.hasAttribute('download');
};

/** A link to an absolute site path (`/guides/ivr/`, `/faq/#general`) that prefetches its page on hover, focus or touch. */
export function StableLink({ to, children, ...rest }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const go = useContext(NavigateContext);
  const client = useQueryClient();
  const prefetch = () => prefetchPage(client, to);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    rest.onClick?.(e);
    if (!go || !plainClick(e)) return;
    e.preventDefault();
    go(to);
  };
  return (
    <a href={to} {...rest} onClick={onClick} onPointerEnter={prefetch} onFocus={prefetch} onTouchStart={prefetch}>
      {children}
    </a>
  );
}
