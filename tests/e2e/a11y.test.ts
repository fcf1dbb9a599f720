// axe-core finds no serious or critical violation on the home page, a default page, each overview layout
// and the 404 page, in light and in dark mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { h1, startSite, type Site } from '../support/site.ts';
import { longPage } from '../support/pages.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
let site: Site;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site?.close());

const pages = () => ['/', longPage(site.manifest).path, ...site.manifest.pages.filter((p) => /overview$/.test(p.frontmatter.layout ?? '')).map((p) => p.path), '/no-such-page/'];

describe('accessibility', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation in ${scheme} mode`, async () => {
      // axe is injected as a script, which the site's CSP would rightly refuse.
      const { page } = await site.open({ colorScheme: scheme, bypassCSP: true });
      const found: string[] = [];
      for (const p of pages()) {
        await page.goto(site.url + p);
        await h1(page);
        await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached' });
        // Colours are checked as painted: fonts in, no transition (of the theme, say) still running.
        await page.evaluate(() => document.fonts.ready);
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
        await page.addScriptTag({ path: AXE });
        const result = await page.evaluate(() =>
          (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> } }).axe.run(document, {
            resultTypes: ['violations'],
          }),
        );
        for (const v of result.violations) {
          if (v.impact === 'serious' || v.impact === 'critical')
            found.push(
              `${p}: ${v.id} (${v.impact}) at ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(', ')}`,
            );
        }
      }
      expect(found).toEqual([]);
    });
  }
});
