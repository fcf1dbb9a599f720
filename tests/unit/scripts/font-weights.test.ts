import { describe, expect, it } from 'vitest';
import { matchedWeight, snapFontWeights } from '../../../scripts/font-weights.ts';
import { FONT_FILES } from '../../../src/shared/fonts.ts';

const SHIPPED = FONT_FILES.map((f) => f.weight);

describe('font weights snapped to the faces the site ships', () => {
  it('picks the face CSS font matching would', () => {
    expect(SHIPPED).toEqual([400, 700]);
    expect([100, 300, 400, 500, 600, 700, 800, 900].map((w) => matchedWeight(w, SHIPPED))).toEqual([400, 400, 400, 400, 700, 700, 700, 700]);
    // With a 500 face, 400 still looks up to 500 first; 450 takes 500.
    expect(matchedWeight(450, [300, 500, 700])).toBe(500);
    expect(matchedWeight(400, [300, 700])).toBe(300);
    expect(matchedWeight(600, [400, 500])).toBe(500);
  });

  it('rewrites declarations and the weight variables, and leaves keywords and variables alone', () => {
    const css =
      '.a{font-weight:600}.b{font-weight:800 !important}:root{--font-weight-semibold:600;--font-weight-bold:700}.c{font-weight:bolder}.d{font-weight:var(--font-weight-semibold)}.e{font-weight:500}';
    expect(snapFontWeights(css, SHIPPED)).toBe(
      '.a{font-weight:700}.b{font-weight:700 !important}:root{--font-weight-semibold:700;--font-weight-bold:700}.c{font-weight:bolder}.d{font-weight:var(--font-weight-semibold)}.e{font-weight:400}',
    );
  });
});
