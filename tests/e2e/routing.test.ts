// Routing (§2) in Chromium against the built site: pages, redirects, the 404 redirect of static hosts, unknown paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, h1, navigateInApp, SINGLE_DIST, startSite, titleOf, waitForAddress, type Site } from '../support/site.ts';

// Both outputs answer every address the same way: page documents (`pages`) and one index.html (`single`).
describe.each([
  ['pages', DIST],
  ['single', SINGLE_DIST],
])('output %s', (_output, root) => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ root });
  });
  afterAll(() => site?.close());

  const path = (url: string) => {
    const u = new URL(url);
    return u.pathname + u.search + u.hash;
  };

  describe('every page', () => {
    it('renders its h1 at its path through the router', async () => {
      const { page, errors } = await site.open();
      await page.goto(`${site.url}/`);
      await h1(page);
      for (const p of site.manifest.pages) {
        // Pushed as a link click does; waited for in the page (its h1, one page slot, nothing loading).
        await navigateInApp(page, p.path, titleOf(p));
        expect(path(page.url())).toBe(p.path);
      }
      expect(errors).toEqual([]);
    }, 120_000);

    it('renders its h1 from a cold deep link, for a page of every layout and area', async () => {
      const { page, errors } = await site.open();
      const byArea = new Map<string, (typeof site.manifest.pages)[number]>();
      for (const p of site.manifest.pages) {
        const key = `${p.frontmatter.layout ?? (p.frontmatter.home ? 'home' : 'default')}:${p.path.split('/')[1]}`;
        if (!byArea.has(key)) byArea.set(key, p);
      }
      for (const p of byArea.values()) {
        await page.goto(site.url + p.path);
        const title = p.frontmatter.home ? (p.frontmatter.heroText ?? p.title) : p.title;
        expect(await h1(page), p.path).toBe(title);
        expect(path(page.url())).toBe(p.path);
      }
      expect(errors).toEqual([]);
    }, 120_000);
  });

  describe('redirects', () => {
    it.each([
      ['/guides/ivr/index.html', '/guides/ivr/'],
      ['/guides/ivr.html', '/guides/ivr/'],
      ['/guides/ivr', '/guides/ivr/'],
      ['/index.html', '/'],
      ['/cli/', '/guides/cli/'],
      ['/cli', '/guides/cli/'],
      ['/cli/index.html', '/guides/cli/'],
      ['/api/overview.html', '/api/'],
      ['/api/overview', '/api/'],
      ['/releases/201912', '/releases/201912.html'],
      ['/cli/?from=old&x=1#top', '/guides/cli/?from=old&x=1#top'],
      ['/guides/ivr.html?q=dtmf#details', '/guides/ivr/?q=dtmf#details'],
    ])('%s lands on %s', async (from, to) => {
      const { page } = await site.open();
      await page.goto(site.url + from);
      await waitForAddress(page, (u) => path(u.href) === to);
      const record = site.manifest.pages.find((p) => p.path === to.replace(/[?#].*$/, ''))!;
      expect(await h1(page)).toBe(record.frontmatter.heroText ?? record.title);
    });

    it('replaces the history entry instead of adding one', async () => {
      const { page } = await site.open();
      await page.goto(`${site.url}/`);
      await h1(page);
      const before = await page.evaluate(() => history.length);
      await page.evaluate(() => {
        history.pushState(null, '', '/cli/?x=1#install');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await waitForAddress(page, (u) => u.pathname === '/guides/cli/');
      expect(path(page.url())).toBe('/guides/cli/?x=1#install');
      expect(await page.evaluate(() => history.length)).toBe(before + 1);
      await page.goBack();
      await waitForAddress(page, (u) => u.pathname === '/');
    });
  });

  describe('the 404 redirect of static hosts', () => {
    it.runIf(_output === 'single')('a cold deep link goes through 404.html and ends at its own address with its content', async () => {
      const { page } = await site.open();
      const target = site.manifest.pages.find((p) => p.path === '/guides/ivr/')!;
      const hash = target.headers[1]?.slug ?? target.headers[0]!.slug;
      const first = await page.goto(`${site.url}/guides/ivr/?ref=mail#${hash}`);
      expect(first?.status()).toBe(404);
      await waitForAddress(page, (u) => path(u.href) === `/guides/ivr/?ref=mail#${hash}`);
      expect(await h1(page)).toBe(target.title);
      await page.locator(`[id="${hash}"]`).waitFor();
    });

    it.each(['//evil.example/x', '/%2F%2Fevil.example/x', '/\\evil.example/x', '//evil.example/x?__spa=//evil.example'])('%s never leaves the origin', async (p) => {
      const { page } = await site.open();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(new URL(r.url()).host));
      await page.goto(site.url + p);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(new URL(page.url()).origin).toBe(site.url);
      expect(requests.every((h) => h === new URL(site.url).host)).toBe(true);
    });
  });

  describe('unknown paths', () => {
    it.each(['/nope/', '/guides/ivr/extra', '/guides/nope.html', '/x?y=1#z'])('%s shows the 404 layout and keeps the address', async (p) => {
      const { page } = await site.open();
      await page.goto(site.url + p);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(path(page.url())).toBe(p);
      // The title follows right after the frame that shows the page.
      await expect.poll(() => page.title()).toMatch(/^Page not found \| /);
    });
  });

  describe('layouts', () => {
    it('the home page shows hero, action link, description, feature cards and footer', async () => {
      const { page } = await site.open();
      const home = site.manifest.pages.find((p) => p.path === '/')!.frontmatter;
      await page.goto(`${site.url}/`);
      expect(await h1(page)).toBe(home.heroText);
      await page.getByText(home.tagline!).waitFor();
      await page.getByRole('link', { name: home.actionText! }).waitFor();
      const cards = page.getByRole('list', { name: 'Features' }).getByRole('listitem');
      expect(await cards.count()).toBe(home.features!.length);
      expect(await cards.locator('h2').allTextContents()).toEqual(home.features!.map((f) => f.title));
      await page.getByText(home.footer!).waitFor();
    });

    it.each([
      ['/training/overview/', 'Choose a training'],
      ['/training/ivr/overview/', 'Choose an IVR course'],
      ['/training/chatbot/overview/', 'Choose a chatbot course'],
    ])('%s renders its overview layout', async (p, label) => {
      const { page } = await site.open();
      const record = site.manifest.pages.find((r) => r.path === p)!;
      await page.goto(site.url + p);
      const links = page.getByRole('list', { name: label }).getByRole('link');
      await links.first().waitFor();
      expect(await links.locator('.choice-title').allTextContents()).toEqual(record.frontmatter.choices!.map((c) => c.title));
    });

    it('a page with readingShow: top and a default page use the default layout with previous/next', async () => {
      const { page } = await site.open();
      const course = site.manifest.pages.find((p) => p.frontmatter.readingShow === 'top')!;
      await page.goto(site.url + course.path);
      expect(await h1(page)).toBe(course.title);
      await page.getByText('Last updated:').waitFor();
    });
  });
});
