import { useReadingProgress } from '../hooks/useReadingProgress.ts';

/** The reading-progress bar fixed at the top, on pages with `readingShow: top`. */
export function ReadingProgress() {
  const value = useReadingProgress(true);
  return (
    <div className="reading-progress" role="progressbar" aria-label="Reading progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}>
      <div className="reading-progress-bar" style={{ transform: `scaleX(${value / 100})` }} />
    </div>
  );
}
