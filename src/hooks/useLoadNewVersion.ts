import { useEffect, useRef } from 'react';
import { newVersionReady } from '../app/service-worker.ts';

/** When a new deploy's service worker has taken over, the next route change loads the new version in full. */
export function useLoadNewVersion(pathname: string): void {
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname !== first.current && newVersionReady()) window.location.reload();
  }, [pathname]);
}
