import type { ReactNode } from 'react';

/**
 * The frame before the route table has arrived: the same markup as the
 * static shell in index.html, so nothing moves when React takes over.
 */
export function StaticShell({ title, children }: { title?: string | undefined; children?: ReactNode }) {
  return (
    <div className="shell">
      <header className="shell-nav">
        <span className="shell-title">{title ?? document.title.split(' | ').pop()}</span>
      </header>
      <main id="main" className="shell-main" aria-busy={children ? undefined : true}>
        {children}
      </main>
    </div>
  );
}
