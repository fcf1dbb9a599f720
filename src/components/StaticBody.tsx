/**
 * A page document's article body, adopted by the app: the static HTML's
 * nodes are moved into the app's Markdown container in the commit that
 * replaces the static frame (no second render of the Markdown, no flash),
 * and the behaviours the app's own components would have are attached to
 * them: internal links navigate in the app and prefetch on hover or focus,
 * code blocks copy, and custom elements mount their components.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PROSE_CLASSES } from '../shared/prose-classes.ts';
import { CUSTOM_ELEMENT_ATTR } from '../shared/markdown/custom-element-names.ts';
import { LAZY_SECTIONS_ATTR } from '../shared/markdown/rehype-sections.ts';
import { CustomElement } from '../markdown/custom-elements.tsx';
import { prefetchPage } from '../data/prefetch.ts';
import { useGo } from './StableLink.tsx';
import { useReportPageReady } from '../app/page-ready.tsx';
import { COPY_FEEDBACK_MS } from '../hooks/useCopyText.ts';
import { settleSections } from '../lib/settle-sections.ts';

/** Sent on the document once the adopted body is in the app's layout (the frame swap is committed). */
export const TAKEOVER_EVENT = 'docs:takeover';

/** A link the app follows itself: an absolute site path, opened in this tab, not a download. */
function appLink(target: EventTarget | null, root: Element): HTMLAnchorElement | null {
  const a = target instanceof Element ? target.closest('a[href]') : null;
  if (!(a instanceof HTMLAnchorElement) || !root.contains(a)) return null;
  const href = a.getAttribute('href') ?? '';
  if (!href.startsWith('/') || href.startsWith('//') || a.hasAttribute('download') || (a.target && a.target !== '_self')) return null;
  return a;
}

/** A code block's copy button: the code's text to the clipboard, and "Copied" (or the failure) for a moment. */
async function copyCode(button: HTMLButtonElement): Promise<void> {
  const code = button.closest('.code-block')?.querySelector('pre');
  const text = (code?.textContent ?? '').replace(/\n$/, '');
  let label = 'Copy code';
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
    label = 'Copied';
  } catch {
    button.textContent = 'Copy';
  }
  button.setAttribute('aria-label', label);
  setTimeout(() => {
    button.textContent = 'Copy';
    button.setAttribute('aria-label', 'Copy code');
  }, COPY_FEEDBACK_MS);
}

/**
 * Starts loading the Markdown pipeline when the reader shows the first sign
 * of moving on (a pointer over, a focus on or a touch of a link to another
 * page), for the client navigation that may follow: a reader who only reads
 * the page never downloads it.
 */
function onFirstIntent(fn: () => void): () => void {
  const events = ['pointerover', 'focusin', 'touchstart'] as const;
  const handler = (e: Event) => {
    const a = e.target instanceof Element ? e.target.closest('a[href^="/"]') : null;
    if (!a) return;
    stop();
    fn();
  };
  const stop = () => events.forEach((t) => document.removeEventListener(t, handler, true));
  events.forEach((t) => document.addEventListener(t, handler, { capture: true, passive: true }));
  return stop;
}

export function StaticBody({ path, body, footer, preload }: { path: string; body: HTMLElement; footer?: ReactNode; preload: (client: QueryClient) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const go = useGo();
  const client = useQueryClient();
  const [slots, setSlots] = useState<HTMLElement[]>([]);

  useLayoutEffect(() => {
    const el = host.current!;
    el.append(...Array.from(body.childNodes));
    const found = Array.from(el.querySelectorAll<HTMLElement>(`[${CUSTOM_ELEMENT_ATTR}]`));
    for (const slot of found) slot.textContent = '';
    setSlots(found);
    document.dispatchEvent(new Event(TAKEOVER_EVENT));
  }, [body]);

  // The sections out of the window get their real heights once the browser is idle.
  useEffect(() => settleSections(host.current!), [body]);

  useEffect(() => {
    const el = host.current!;
    const onClick = (e: MouseEvent) => {
      const button = e.target instanceof Element ? e.target.closest('button.copy-button') : null;
      if (button instanceof HTMLButtonElement && el.contains(button)) {
        void copyCode(button);
        return;
      }
      const a = appLink(e.target, el);
      if (!a || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey || e.defaultPrevented) return;
      e.preventDefault();
      go(a.getAttribute('href')!);
    };
    const onIntent = (e: Event) => {
      const a = appLink(e.target, el);
      if (a) prefetchPage(client, a.getAttribute('href')!);
    };
    el.addEventListener('click', onClick);
    el.addEventListener('pointerover', onIntent);
    el.addEventListener('focusin', onIntent);
    el.addEventListener('touchstart', onIntent, { passive: true });
    const stopWatching = onFirstIntent(() => preload(client));
    return () => {
      el.removeEventListener('click', onClick);
      el.removeEventListener('pointerover', onIntent);
      el.removeEventListener('focusin', onIntent);
      el.removeEventListener('touchstart', onIntent);
      stopWatching();
    };
  }, [go, client, preload]);

  useReportPageReady(path);
  return (
    <>
      <div className={PROSE_CLASSES} ref={host} {...{ [LAZY_SECTIONS_ATTR]: '' }} />
      {slots.map((slot, i) => createPortal(<CustomElement name={slot.getAttribute(CUSTOM_ELEMENT_ATTR) ?? ''} />, slot, `slot-${i}`))}
      {footer}
    </>
  );
}
