import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SERVED_OFFLINE_KEY } from '../data/connectivity.ts';

/** Whether the reader is online: the browser says so and the last data did not come from the offline cache. */
export function useOnline(): boolean {
  const [browserOnline, setBrowserOnline] = useState(() => navigator.onLine);
  // Read from the client's cache only: the mark is written by the data fetches (noteResponse).
  const { data: servedOffline } = useQuery({ queryKey: SERVED_OFFLINE_KEY, queryFn: () => false, enabled: false, initialData: false, staleTime: Infinity, gcTime: Infinity });
  useEffect(() => {
    const update = () => setBrowserOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return browserOnline && !servedOffline;
}
