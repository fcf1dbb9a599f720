/**
 * The theme switch's two icons (24 × 24, stroked with the text colour): a
 * sun, shown in the light scheme, and a moon, shown in the dark one. Drawn
 * as inline SVG in the button, the same markup in the page documents
 * (scripts/page-shell.ts) and in the app (ThemeToggle.tsx); the stylesheet
 * shows the one for the scheme on `<html>`. An inline SVG is part of the
 * page's own document: the `data:` SVG image the stylesheet used to mask the
 * button with made Chromium build an SVG document of its own in the first
 * frame's style pass (about 16 ms of it at 4x CPU slowdown).
 */
export const THEME_ICONS = [
  { name: 'sun', d: 'M16 12a4 4 0 1 1-8 0 4 4 0 1 1 8 0M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4' },
  { name: 'moon', d: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z' },
] as const;

/** The class of each icon's `<svg>`, beside its name. */
export const THEME_ICON_CLASS = 'theme-icon';

/** The icons as HTML, for the page documents. */
export function themeIconsHtml(): string {
  return THEME_ICONS.map((i) => `<svg class="${THEME_ICON_CLASS} ${i.name}" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${i.d}"></path></svg>`).join('');
}
