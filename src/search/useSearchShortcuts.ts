/** The global search shortcuts: "/" outside a text field, and Ctrl+K / Cmd+K anywhere, focus the search box. */
import { useEffect, type RefObject } from 'react';

/** True when typing in `el` would be text entry, where "/" must stay a character. */
export function isTextEntry(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  return el instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(el.type);
}

/** Listens on the window while mounted and focuses (and selects) `input` on a shortcut. */
export function useSearchShortcuts(input: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const modK = (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTextEntry(e.target);
      if (!modK && !slash) return;
      e.preventDefault(); // Ctrl+K would otherwise focus the browser's own search
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [input]);
}
