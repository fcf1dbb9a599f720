import { useBackToTop } from '../hooks/useBackToTop.ts';

/** The back-to-top arrow, shown once the page is scrolled past the threshold. */
export function BackToTop() {
  const { visible, scrollToTop } = useBackToTop();
  if (!visible) return null;
  return (
    <button type="button" className="back-to-top" aria-label="Back to top" onClick={scrollToTop}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 19V5M5 12l7-7 7 7" />
      </svg>
    </button>
  );
}
