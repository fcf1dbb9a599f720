/** The sidebar drawer on narrow screens: toggled by its button, closed by the mask, by Escape and on every route change. */
import { useCallback, useEffect, useState } from 'react';

export function useDrawer(pathname: string): { open: boolean; toggle: () => void; close: () => void } {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    // Always listening, so an Escape right after opening is not lost.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return { open, toggle: useCallback(() => setOpen((o) => !o), []), close: useCallback(() => setOpen(false), []) };
}
