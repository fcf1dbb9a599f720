import { useEffect, useState } from 'react';
import { isServedOffline, onConnectivityChange } from '../data/connectivity.ts';

const current = () => navigator.onLine && !isServedOffline();

/** Whether the reader is online: the browser says so and the last data did not come from the offline cache. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(current);
  useEffect(() => {
    const update = () => setOnline(current());
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    const off = onConnectivityChange(update);
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      off();
    };
  }, []);
  return online;
}
