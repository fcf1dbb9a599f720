import { useTheme } from '../hooks/useTheme.ts';

/** The light/dark switch in the navbar. */
export function ThemeToggle() {
  const { theme, toggle } = useTheme();
  const dark = theme === 'dark';
  return (
    // The icon is the stylesheet's (.theme-toggle::before), as in the page documents' copy of this button.
    <button type="button" className="icon-button theme-toggle" onClick={toggle} aria-pressed={dark} aria-label="Dark mode" title={dark ? 'Switch to light mode' : 'Switch to dark mode'} />
  );
}
