import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a copy button says "Copied" before it reads as before. (Here, not in lib/constants: that module is on the first load, this hook is not.) */
export const COPY_FEEDBACK_MS = 2000;

/** What a copy button shows: nothing yet, "Copied", or that the browser refused. */
export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies text to the clipboard and reports the outcome for COPY_FEEDBACK_MS,
 * then returns to idle. The timer is cleared when the button goes away.
 */
export function useCopyText(): { state: CopyState; copy: (text: string) => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
  }, []);
  return { state, copy };
}
