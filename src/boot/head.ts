/**
 * What every document does before its first paint: the colour scheme, and
 * whether the paint waits for the fonts. Bundled into the inline boot
 * scripts (scripts/boot-scripts.ts); no imports from the app.
 */
import { FALLBACK_FONT_CLASS, FONT_FAMILY, FONT_FILES, FONT_HOLD_MAX_WAIT_MS, FONT_URLS } from '../shared/fonts.ts';

/** Applies the remembered or system colour scheme before the first paint (no flash of the wrong theme). */
export function applyTheme(): void {
  try {
    const t = localStorage.getItem('theme');
    if (t === 'dark' || (t !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches)) document.documentElement.classList.add('dark');
  } catch {
    // Storage or matchMedia unavailable: the light scheme.
  }
}

/**
 * Decides whether the first paint waits for the fonts. On a fast connection
 * (the document requested at most FONT_HOLD_MAX_WAIT_MS before this runs, or
 * no timing to go by) it adds the preloads to the head, where Chromium holds
 * the first frame until they arrive, so the text is never drawn in the
 * fallback face and swapped. On a slow one it adds nothing: the same
 * preloads at the start of <body> fetch the fonts without the hold, the page
 * paints at once in the fallback face and keeps it (keepFirstPaintFace); the
 * next document finds the fonts in the cache. (The request's start, not its first byte: DevTools' network
 * emulation delays the end of a response, not its headers.)
 */
export function holdFonts(): void {
  try {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const start = nav && (nav.requestStart || nav.fetchStart);
    if (start !== undefined && start >= 0 && performance.now() - start > FONT_HOLD_MAX_WAIT_MS) return;
    for (const href of FONT_URLS) {
      const k = document.createElement('link');
      k.rel = 'preload';
      k.as = 'font';
      k.type = 'font/woff2';
      k.crossOrigin = 'anonymous';
      k.href = href;
      document.head.appendChild(k);
    }
  } catch {
    // No timing API: the preloads in <body> fetch the fonts.
  }
}

/**
 * Keeps for the document's lifetime the face its first paint used. The
 * faces are font-display: optional, which should mean the same, but
 * Chromium makes a document's faces anew whenever its stylesheets change
 * (a page document's whole stylesheet arriving after the first paint), and
 * a new face loads the file from the cache within its own block period: the
 * web font then replaced the fallback under painted text, a layout shift.
 * So the loads start here (the @font-face rules precede this script), and
 * just before the first frame a face that has not arrived is dropped from
 * the font stack by a class on <html>, in that same frame.
 */
export function keepFirstPaintFace(): void {
  try {
    const faces = FONT_FILES.map((f) => `${f.weight} 1em "${FONT_FAMILY}"`);
    for (const f of faces) document.fonts.load(f).catch(() => {});
    const decide = () => {
      if (!document.body) {
        requestAnimationFrame(decide);
        return;
      }
      if (!faces.every((f) => document.fonts.check(f))) document.documentElement.classList.add(FALLBACK_FONT_CLASS);
    };
    requestAnimationFrame(decide);
  } catch {
    // No Font Loading API: the faces behave as font-display: optional alone makes them.
  }
}
