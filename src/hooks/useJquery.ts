/** Loads the self-hosted jQuery, once, on pages whose front matter asks for it (`jquery: true`). */
import { useEffect } from 'react';

declare const __JQUERY_URL__: string | undefined;

/** Where the build put jQuery (its file name carries the version). */
export const JQUERY_URL = typeof __JQUERY_URL__ === 'string' ? __JQUERY_URL__ : '/assets/vendor/jquery.min.js';

export function useJquery(wanted: boolean): void {
  useEffect(() => {
    if (!wanted || document.querySelector('script[data-jquery]')) return;
    const s = document.createElement('script');
    s.src = JQUERY_URL;
    s.async = true;
    s.dataset.jquery = '';
    document.head.appendChild(s);
  }, [wanted]);
}
