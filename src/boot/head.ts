/**
 * What every document does before its first paint: the colour scheme, and
 * whether the paint waits for the fonts. Bundled into the inline boot
 * scripts (scripts/boot-scripts.ts); no imports from the app.
 */
import { FALLBACK_FONT_CLASS, FONT_FAMILY, FONT_FILES, FONT_HOLD_MAX_RTT_MS, FONT_HOLD_MAX_WAIT_MS, FONT_URLS, FONTS_CACHED_KEY, FONTS_CACHED_VALUE } from '../shared/fonts.ts';

/** Runs `fn` once the document's first frame is drawn; at once in a hidden tab, and should the tab be hidden before that frame. */
export function afterFirstFrame(fn: () => void): void {
  if (document.visibilityState !== 'visible') return fn();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  // A frame callback runs just before the frame is drawn; a task it queues runs after.
  requestAnimationFrame(() => setTimeout(once, 0));
  document.addEventListener('visibilitychange', once, { once: true });
}

/**
 * Runs `fn` once the document is parsed (readyState "interactive", before
 * deferred scripts run) and the frame after that drawn: work that should not
 * delay the frame showing the last part of a page document's article.
 */
export function afterParsedFrame(fn: () => void): void {
  if (document.readyState !== 'loading') return afterFirstFrame(fn);
  const onState = () => {
    if (document.readyState === 'loading') return;
    document.removeEventListener('readystatechange', onState);
    afterFirstFrame(fn);
  };
  document.addEventListener('readystatechange', onState);
}

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
 * Whether the fonts can arrive within the first frame's hold. Yes when an
 * earlier document of this site loaded them (they are in the cache); else
 * only on a fast connection: the browser's estimate of the round trip, where
 * it gives one, is short, and the document's first byte came at most
 * FONT_HOLD_MAX_WAIT_MS after its request (or there is no timing to go by).
 * The first byte, not the time this runs: that also counts the device's own
 * work on the document so far, and a busy or slow device with a fast
 * connection was taken for a slow connection, so whether the paint waited
 * for the fonts depended on the machine's load. (DevTools' network emulation
 * delays the end of a response, not its headers; its round trip shows in
 * navigator.connection.)
 */
function fontsCanComeInTime(): boolean {
  try {
    if (localStorage.getItem(FONTS_CACHED_KEY) === FONTS_CACHED_VALUE) return true;
  } catch {
    // No storage: judge by the connection.
  }
  try {
    const rtt = (navigator as Navigator & { connection?: { rtt?: number } }).connection?.rtt;
    if (typeof rtt === 'number' && rtt > FONT_HOLD_MAX_RTT_MS) return false;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const start = nav && (nav.requestStart || nav.fetchStart);
    const firstByte = nav?.responseStart;
    return !(start !== undefined && start >= 0 && firstByte !== undefined && firstByte > 0 && firstByte - start > FONT_HOLD_MAX_WAIT_MS);
  } catch {
    return false;
  }
}

/** Remembers that the faces loaded, so the next document's first paint may wait for them (from the cache). */
function rememberFontsCached(): void {
  try {
    localStorage.setItem(FONTS_CACHED_KEY, FONTS_CACHED_VALUE);
  } catch {
    // No storage: the next document judges by the connection.
  }
}

/**
 * Decides whether the first paint waits for the fonts, and keeps for the
 * document's lifetime the face that paint used.
 *
 * When the fonts can come in time (fontsCanComeInTime) it adds the preloads
 * to the head, where Chromium holds the first frame until they arrive, so the
 * text is never drawn in the fallback face and swapped; just before the first
 * frame a face that has not arrived after all is dropped from the font stack
 * by a class on <html>, in that same frame. The faces are font-display:
 * optional, which should mean the same, but Chromium makes a document's faces
 * anew whenever its stylesheets change (a page document's whole stylesheet
 * arriving after the first paint), and a new face loads the file from the
 * cache within its own block period: the web font then replaced the fallback
 * under painted text, a layout shift.
 *
 * Otherwise (a first visit on a slow connection) the class is set at once:
 * no element names the web font, so the first frame neither waits for it nor
 * lays text out twice, and the faces are fetched once the document is parsed
 * and drawn, for the next document.
 */
export function settleFonts(): void {
  try {
    const root = document.documentElement;
    const faces = FONT_FILES.map((f) => `${f.weight} 1em "${FONT_FAMILY}"`);
    // The faces the text is drawn with, made here with the Font Loading API. The stylesheet's @font-face
    // faces are made anew by Chromium whenever the document's stylesheets change (the whole stylesheet
    // arriving after the first paint), and a new face loads again from the cache within its own block
    // period: when that took too long, the text left the web font for a fallback, a layout shift. These
    // stay loaded for the document's life, and, added after the stylesheet's, they are the faces used.
    // The stylesheet's faces are loaded too (the same files, one request each): document.fonts.check()
    // answers for all the faces of a family and weight.
    const load = () => {
      Promise.all([
        ...FONT_FILES.map((f, i) => {
          const face = new FontFace(FONT_FAMILY, `url(${FONT_URLS[i]}) format('woff2')`, { weight: String(f.weight), style: 'normal', display: 'optional' });
          document.fonts.add(face);
          return face.load();
        }),
        ...faces.map((f) => document.fonts.load(f)),
      ])
        .then(rememberFontsCached)
        .catch(() => {});
    };
    if (!fontsCanComeInTime()) {
      root.classList.add(FALLBACK_FONT_CLASS);
      // For the next document only: once this one is parsed and drawn. Made right after the first frame,
      // the faces took some 14 ms at 4x CPU before the frame with the rest of a page document's article.
      afterParsedFrame(load);
      return;
    }
    for (const href of FONT_URLS) {
      const k = document.createElement('link');
      k.rel = 'preload';
      k.as = 'font';
      k.type = 'font/woff2';
      k.crossOrigin = 'anonymous';
      k.href = href;
      document.head.appendChild(k);
    }
    load();
    const decide = () => {
      if (!document.body) {
        requestAnimationFrame(decide);
        return;
      }
      if (!faces.every((f) => document.fonts.check(f))) root.classList.add(FALLBACK_FONT_CLASS);
    };
    requestAnimationFrame(decide);
  } catch {
    // No Font Loading API: the faces behave as font-display: optional alone makes them.
  }
}
