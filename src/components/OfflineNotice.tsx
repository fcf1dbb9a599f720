import { useOnline } from '../hooks/useOnline.ts';

/** Tells the reader they are offline and that pages read before are still there. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <p role="status" className="offline-notice">
      You are offline. Pages you have already read are still available.
    </p>
  );
}
