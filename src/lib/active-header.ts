/** Which heading is "in view": the last one whose top has reached the line under the navbar. */

/** Picks the active slug from heading tops (viewport px, document order); null when none is reached. */
export function activeSlug(headings: ReadonlyArray<{ slug: string; top: number }>, lineY: number): string | null {
  let active: string | null = null;
  for (const h of headings) {
    if (h.top <= lineY + 1) active = h.slug;
    else break;
  }
  return active;
}
