/**
 * The error overlay: the content errors that stand, over the last good
 * version of the page, with the same text as the terminal. Styled through
 * the CSSOM (the CSP allows no inline style attribute).
 */
import type { DevError } from './protocol.ts';

const ID = 'dev-error-overlay';

function styled<K extends keyof HTMLElementTagNameMap>(tag: K, style: Partial<CSSStyleDeclaration>, text?: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  Object.assign(el.style, style);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Shows `errors`, or removes the overlay when there are none. */
export function showErrors(errors: ReadonlyArray<DevError>): void {
  document.getElementById(ID)?.remove();
  if (errors.length === 0) return;
  const box = styled('div', {
    position: 'fixed',
    left: '0',
    right: '0',
    bottom: '0',
    maxHeight: '60vh',
    overflow: 'auto',
    zIndex: '2147483647',
    background: '#1f1416',
    color: '#fbe9e9',
    borderTop: '4px solid #e5484d',
    padding: '16px 24px',
    font: '14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    boxShadow: '0 -8px 24px rgba(0,0,0,.35)',
  });
  box.id = ID;
  box.setAttribute('role', 'alert');
  const head = styled('div', { display: 'flex', justifyContent: 'space-between', gap: '16px', alignItems: 'baseline' });
  head.append(styled('strong', { fontSize: '15px' }, `${errors.length} content error${errors.length === 1 ? '' : 's'}: the page shows its last good version`));
  const hide = styled('button', { background: 'transparent', color: 'inherit', border: '1px solid #8a4b4e', borderRadius: '4px', padding: '2px 8px', cursor: 'pointer', font: 'inherit' }, 'Hide');
  hide.type = 'button';
  hide.addEventListener('click', () => box.remove());
  head.append(hide);
  box.append(head);
  for (const e of errors) {
    const item = styled('div', { marginTop: '12px' });
    item.dataset.file = e.file;
    item.dataset.line = String(e.line);
    item.append(styled('div', { color: '#ffb3b5', fontWeight: '700' }, e.line > 0 ? `${e.file}:${e.line}` : e.file));
    item.append(styled('div', {}, e.message));
    item.append(styled('div', { color: '#b9f0c4' }, `Fix: ${e.fix}`));
    // The terminal's line, word for word, for copying.
    const raw = styled('pre', { margin: '4px 0 0', whiteSpace: 'pre-wrap', color: '#c9b3b4', fontSize: '12px' }, e.text);
    raw.className = 'dev-error-text';
    item.append(raw);
    box.append(item);
  }
  box.append(styled('p', { margin: '12px 0 0', color: '#c9b3b4' }, 'Save the fixed file: this notice goes away by itself.'));
  document.body.append(box);
}
