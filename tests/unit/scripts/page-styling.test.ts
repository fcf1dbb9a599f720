// The page documents' stylesheet and boot script: the CSP allows the boot script the documents carry, whether the rules are inline or the sheet is linked (a large site).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pageStyling } from '../../../scripts/page-documents.ts';
import type { SiteConfig } from '../../../src/shared/schemas/site-config.ts';

const site = { analytics: { id: '' } } as unknown as SiteConfig;
const hash = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
const boot = { page: 'theme();holdFonts()', start: 'loadSheet();startApp()', startLinkedCss: 'startApp()' };

describe('pageStyling', () => {
  it('inlines the critical rules and allows them and the boot script that loads the whole sheet', () => {
    const { boot: used, start, styleFor } = pageStyling(site, { boot, cssUrl: '/assets/app-1.css', critical: { forPage: () => 'p{margin:0}' } });
    const { tags, csp } = styleFor('default', () => '<p>Text</p>');
    expect(used).toBe(boot.page);
    expect(start).toBe(boot.start);
    expect(tags).toContain('<style>p{margin:0}</style>');
    expect(csp).toContain(hash(used));
    expect(csp).toContain(hash('p{margin:0}'));
  });

  it('links the sheet on a site too large for inline copies, with the start script that loads no sheet', () => {
    const { boot: used, start, styleFor } = pageStyling(site, { boot, cssUrl: '/assets/app-1.css', critical: null });
    const { tags, csp } = styleFor('default', () => '<p>Text</p>');
    expect(used).toBe(boot.page);
    expect(start).toBe(boot.startLinkedCss);
    expect(tags).toBe('<link rel="stylesheet" href="/assets/app-1.css">');
    expect(csp).toContain(hash(used));
  });
});
