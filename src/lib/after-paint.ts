/**
 * Runs `fn` once the next frame is on screen: a frame callback runs before
 * the paint, a task queued from it runs after. With `fallbackMs`, `fn` also
 * runs when no frame comes within that time (a hidden tab draws none).
 * Returns a function that cancels whatever has not run yet.
 */
export function afterPaint(fn: () => void, fallbackMs?: number): () => void {
  let done = false;
  let timer = 0;
  let fallback = 0;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    fn();
  };
  const frame = requestAnimationFrame(() => {
    clearTimeout(fallback);
    timer = window.setTimeout(run, 0);
  });
  if (fallbackMs !== undefined) fallback = window.setTimeout(run, fallbackMs);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}
