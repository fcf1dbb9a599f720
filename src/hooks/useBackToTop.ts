/** Whether the back-to-top button shows: once the page is scrolled beyond the threshold (§9). */
import { useEffect, useState } from 'react';
import { BACK_TO_TOP_THRESHOLD_PX, BACK_TO_TOP_THROTTLE_MS } from '../lib/constants.ts';
import { throttle } from '../lib/throttle.ts';

export function useBackToTop(): { visible: boolean; scrollToTop: () => void } {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const check = throttle(() => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD_PX), BACK_TO_TOP_THROTTLE_MS);
    // No reading of the position on mount: window.scrollY would force a layout of the page being
    // rendered, inside the start-up's longest task. Every later change of position fires a scroll
    // event; a page document may already be scrolled (to its #anchor, or by the reader) before the app
    // starts, so the position is read once, in the next frame.
    window.addEventListener('scroll', check, { passive: true });
    const frame = requestAnimationFrame(check);
    return () => {
      cancelAnimationFrame(frame);
      check.cancel();
      window.removeEventListener('scroll', check);
    };
  }, []);
  return { visible, scrollToTop: () => window.scrollTo({ top: 0, behavior: 'smooth' }) };
}
