import { useTheme } from '../hooks/useTheme.ts';
import { THEME_ICON_CLASS, THEME_ICONS } from '../shared/theme-icons.ts';

/** The light/dark switch in the navbar. */
export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const dark = theme === 'dark';
  return (
    // The stylesheet shows the icon of the scheme on <html>, as in the page documents' copy of this button.
    <button type="button" className="icon-button theme-toggle" onClick={toggle} aria-pressed={dark} aria-label="Dark mode" title={dark ? 'Switch to light mode' : 'Switch to dark mode'}>
      {THEME_ICONS.map((i) => (
        <svg key={i.name} className={`${THEME_ICON_CLASS} ${i.name}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={i.d} />
        </svg>
      ))}
    </button>
  );
}
