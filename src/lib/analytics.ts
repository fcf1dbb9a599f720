/** Google Analytics 4 without the inline snippet: the gtag queue, consent signals and the page_view payload. */

/** gtag.js, loaded only when a measurement id is configured and the browser does not object. */
export const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';

/** True when the browser signals Global Privacy Control or Do Not Track. */
export function trackingRefused(nav: Navigator & { globalPrivacyControl?: boolean }, win: { doNotTrack?: string | null }): boolean {
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1' || win.doNotTrack === '1';
}

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** Installs the gtag queue and loads gtag.js; configured so that only our explicit page views count. */
export function installGtag(id: string): Gtag {
  if (window.gtag) return window.gtag;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads `arguments` objects from the queue, so this must be a function using `arguments`.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params -- gtag.js reads the arguments object itself, not an array
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', id, { anonymize_ip: true, send_page_view: false });
  const s = document.createElement('script');
  s.async = true;
  s.src = `${GTAG_URL}?id=${encodeURIComponent(id)}`;
  document.head.appendChild(s);
  return window.gtag;
}
