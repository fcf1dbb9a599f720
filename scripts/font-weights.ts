/**
 * The site ships its web font in two weights (FONT_FILES: 400 and 700), so
 * CSS font matching draws every other weight the stylesheet asks for with
 * one of them: 500 and below with the 400 face, 600 and above with the 700
 * face. Each weight value is still a face lookup of its own, and on a page
 * painted in the fallback face (a first visit over a slow link) each
 * lookup, at each size, is a request to the browser's font service (on
 * Linux) that the layout waits for. This rewrites each weight in the
 * stylesheet to the face that draws it, so the text looks as it did in the
 * web font and the fallback needs fewer lookups. (The dev server serves
 * Tailwind's output as it is: the same two faces draw it.)
 */
import postcss from 'postcss';

/** The weight CSS font matching picks among `available` for a `wanted` weight (CSS Fonts 4, §5.2). */
export function matchedWeight(wanted: number, available: ReadonlyArray<number>): number {
  const sorted = [...available].sort((a, b) => a - b);
  if (sorted.includes(wanted)) return wanted;
  const below = sorted.filter((w) => w < wanted).reverse();
  const above = sorted.filter((w) => w > wanted);
  if (wanted >= 400 && wanted <= 500) {
    // Up to 500 first, then below (descending), then above 500 (ascending).
    const upTo500 = above.filter((w) => w <= 500);
    return upTo500[0] ?? below[0] ?? above.find((w) => w > 500) ?? wanted;
  }
  return wanted < 400 ? (below[0] ?? above[0] ?? wanted) : (above[0] ?? below[0] ?? wanted);
}

/** `css` with every numeric font-weight (declarations and --font-weight-* values) replaced by the weight of the face that draws it. */
export function snapFontWeights(css: string, available: ReadonlyArray<number>): string {
  const root = postcss.parse(css);
  root.walkDecls((decl) => {
    if (decl.prop !== 'font-weight' && !decl.prop.startsWith('--font-weight-')) return;
    // PostCSS keeps `!important` apart from the value (decl.important), so the value is the number alone.
    if (/^\d{3}$/.test(decl.value.trim())) decl.value = String(matchedWeight(Number(decl.value), available));
  });
  return root.toString();
}
