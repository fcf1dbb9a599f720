import { useReadingProgress } from '../hooks/useReadingProgress.ts';

/**
 * The reading-progress bar fixed at the top, on pages with `readingShow: top`.
 * It measures once the page's content is shown (`shown`): before, the page is
 * as short as its placeholder and would read as finished.
 */
export function ReadingProgress({ shown }: { shown: boolean }) {
  const value = useReadingProgress(shown);
  return (
    <div className="reading-progress" role="progressbar" aria-label="Reading progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <div className="reading-progress-bar" style={{ transform: `scaleX(${value / 100})` }} />
    </div>
  );
}
