// The dev server (npm run dev) in Chromium: live update in place, the error overlay, pages created and deleted while it runs, no service worker.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { REGISTER_DELAY_MS } from '../../src/app/service-worker.ts';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { framesPainted, ready } from '../support/site.ts';
import { startDevServer, type DevServer } from '../../scripts/dev.ts';
import type { CompileReport } from '../../manifest/incremental.ts';

let dev: DevServer;
let browser: Browser;
let work: string;
let content: string;
const lines: string[] = [];

/** A page long enough to scroll, with a paragraph the tests edit. */
const longPage = (edited: string) =>
  `---\ntitle: Long page\n---\n## First part\n\n${edited}\n\n${Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of the long page, with enough words to wrap over the width of the column once or twice.`).join('\n\n')}\n`;

/**
 * A page shaped like the real content's guides: a lead, then sections with code blocks, tables,
 * images and lists, some 5,000 px tall. The tests edit its first paragraph, above the reader.
 */
const guidePage = (lead: string) => {
  const section = (i: number) =>
    [
      `## Step ${i + 1}: configure the suite`,
      `A suite is a YAML script with two parts: \`configuration\` says what to call and how to speak, and \`tests\` lists the conversations of step ${i + 1}.`,
      [
        '```yaml',
        'configuration:',
        '  platform: phone',
        `  target: "+1202555010${i}"`,
        '  locale: en-US',
        'tests:',
        '  - name: Balance by keypad',
        '    steps:',
        '      - input: $DIAL',
        '        expected: "Thank you for calling*"',
        '      - input: $HANGUP',
        '```',
      ].join('\n'),
      `![The call flow of step ${i + 1}](/images/flow.svg)`,
      `### What step ${i + 1} checks`,
      '| Input | What the device does |\n|---|---|\n| `$DIAL` | Calls the target and listens to the greeting |\n| `$DTMF 1` | Plays the tone for key 1 |\n| `$HANGUP` | Ends the call |',
      '- The run appears on the **Runs** tab as `queued` for a moment.\n- Then it is `running`, each test taking about half a minute.\n- Each test dials again and the steps run in order.',
      [
        '```text',
        `Harbor Bank main menu · run ${i} · passed`,
        '✓ Balance by keypad      33.6 s',
        '  1  $DIAL     Thank you for calling Harbor Bank.   1.00',
        '  2  $HANGUP   (call ended)',
        '```',
      ].join('\n'),
    ].join('\n\n');
  return `---\ntitle: A guide with code and images\ndescription: A page shaped like the real content's guides.\n---\n\n${lead} You now have a project and a device that can call the demo line: in this step you turn the manual calls into a test suite.\n\n${Array.from({ length: 8 }, (_, i) => section(i)).join('\n\n')}\n`;
};

const write = (rel: string, text: string) => writeFileSync(path.join(content, rel), text);

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'dev-server-'));
  content = path.join(work, 'content');
  cpSync(path.resolve('tests/fixtures/site'), content, { recursive: true });
  write('guides/long.md', longPage('The original sentence.'));
  write('guides/guide.md', guidePage('The original opening.'));
  dev = await startDevServer({ contentDir: content, port: 0, cacheDir: path.join(work, 'cache'), log: (l) => lines.push(l) });
  browser = await launchBrowser();
});

afterAll(async () => {
  if (process.env.DEV_TEST_LOG) console.log(lines.join('\n'));
  await browser?.close();
  await dev?.close();
  rmSync(work, { recursive: true, force: true });
});

async function open(at: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${dev.url}${at}`);
  await ready(page);
  // Survives only as long as the document: a reload would clear it.
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  return page;
}

/** Waits for the rebuilds of a set of saves until the content has no error (the saves may land in one rebuild or several). */
async function settled(rebuilt: Promise<CompileReport>): Promise<void> {
  let report = await rebuilt;
  while (report.errors.length > 0) report = await dev.nextRebuild();
}

const sameDocument = (page: Page) => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);

describe('the dev server', () => {
  it('prints its address and serves everything with Cache-Control: no-store', async () => {
    expect(lines[0]).toMatch(/^Dev server at http:\/\/127\.0\.0\.1:\d+\//);
    for (const p of ['/', '/guides/long.html', '/data/site.json', '/assets/main.js']) {
      const res = await fetch(`${dev.url}${p}`);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-store');
    }
  });

  it('shows a Markdown edit in the open tab without a reload, keeping the scroll position', async () => {
    const page = await open('/guides/long.html');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
    const rebuilt = dev.nextRebuild();
    write('guides/long.md', longPage('The edited sentence, saved once.'));
    await rebuilt;
    await page.getByText('The edited sentence, saved once.').waitFor({ state: 'attached' });
    expect(await sameDocument(page)).toBe(true);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - 1500)).toBeLessThanOrEqual(50);
    expect(lines.some((l) => /^content\/guides\/long\.md changed: 1 page recompiled in \d+ m?s/.test(l))).toBe(true);
    await page.close();
  });

  it('keeps the text in view where it was when an edit above it changes a long page with code blocks and images', async () => {
    const page = await open('/guides/guide.html');
    // Rendered in full (the images have their size from the chunk, loaded or not).
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(4000);
    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
    await page.waitForFunction(() => Math.abs(window.scrollY - 1500) < 2);
    for (const [i, opening] of [
      'The first edited opening, a little longer than the original one was.',
      'The second edit.',
      'The third edit, a sentence as long as an author adds in one go.',
    ].entries()) {
      const rebuilt = dev.nextRebuild();
      write('guides/guide.md', guidePage(opening));
      await rebuilt;
      await page.getByText(opening).waitFor({ state: 'attached' });
      // Once the update has settled (the page rendered in full), the reader has not moved.
      await page.waitForFunction((n) => Number(document.documentElement.dataset.devUpdates ?? 0) >= n, i + 1);
      // Two frames on screen after the update put the text back.
      await framesPainted(page);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - 1500), `edit ${i + 1}`).toBeLessThanOrEqual(50);
    }
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });

  it('shows a broken front matter over the last good page, keeps it after a reload, and removes it once fixed', async () => {
    const page = await open('/guides/long.html');
    const rebuilt = dev.nextRebuild();
    write('guides/long.md', `---\ntitle: Long page\nreadingshow: top\n---\n## First part\n\nBroken text that must not show.\n`);
    expect((await rebuilt).errors.length).toBeGreaterThan(0);
    const overlay = page.locator('#dev-error-overlay');
    await overlay.waitFor();
    const text = (await overlay.textContent()) ?? '';
    expect(text).toContain('content/guides/long.md:3');
    expect(text).toContain('Fix:');
    // The same line as the terminal.
    const terminal = lines
      .flatMap((l) => l.split('\n'))
      .find((l) => l.includes('content/guides/long.md:3'))!
      .trim();
    expect(await overlay.locator('.dev-error-text').first().textContent()).toBe(terminal);
    // The last good version stays under it.
    expect(await page.getByText('The edited sentence, saved once.').count()).toBe(1);
    expect(await sameDocument(page)).toBe(true);

    await page.reload();
    await ready(page);
    await overlay.waitFor();
    expect(await page.getByText('Broken text that must not show.').count()).toBe(0);
    expect(await page.getByText('The edited sentence, saved once.').count()).toBe(1);

    const fixed = dev.nextRebuild();
    write('guides/long.md', longPage('The fixed sentence.'));
    expect((await fixed).errors).toEqual([]);
    await overlay.waitFor({ state: 'detached' });
    await page.getByText('The fixed sentence.').waitFor({ state: 'attached' });
    await page.close();
  });

  it('finds an edited page by its new words in the open tab, the index rewritten only where the edit reached', async () => {
    const page = await open('/guides/long.html');
    // The box used once, so the tab holds the index of before the edit.
    await page.keyboard.press('/');
    const box = page.getByRole('combobox', { name: 'Search documentation' });
    await box.fill('paragraph');
    await page.getByRole('group', { name: 'Long page' }).waitFor();
    const entry = path.join(dev.outDir, 'search', 'index.json');
    const before = (JSON.parse(readFileSync(entry, 'utf8')) as { v: string }).v;
    const count = (v: string) => readdirSync(path.join(dev.outDir, 'search', v), { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    const total = count(before).length;
    const saved = Date.now();
    const rebuilt = dev.nextRebuild();
    write('guides/long.md', longPage('Xylophone drills, saved once.'));
    await rebuilt;
    await expect.poll(() => (JSON.parse(readFileSync(entry, 'utf8')) as { v: string }).v).not.toBe(before);
    const after = (JSON.parse(readFileSync(entry, 'utf8')) as { v: string }).v;
    const rewritten = count(after).filter((f) => statSync(path.join(f.parentPath, f.name)).mtimeMs >= saved - 5);
    // The page's own text file, and the shards and term lists of its words (most of this small index: the page has 80 numbered paragraphs).
    expect(rewritten.filter((f) => path.basename(f.parentPath) === 'd')).toHaveLength(1);
    expect(rewritten.length).toBeGreaterThan(1);
    // Not the whole index: the other pages' text files, and the shards of the words the page lacks, stay as they were.
    // (Half the shards of this small index hold a word of the long page: a small site names them by two characters.)
    const inside = (files: typeof rewritten, dir: string) => files.filter((f) => path.basename(f.parentPath) === dir).length;
    expect(rewritten.length).toBeLessThan(total);
    for (const dir of ['s', 't']) expect(inside(rewritten, dir), dir).toBeLessThan(inside(count(after), dir));
    await box.fill('xylophone');
    await expect.poll(() => page.getByRole('option').first().getAttribute('data-url')).toMatch(/^\/guides\/long\.html/);
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });

  it('makes a new page reachable and lists it in the sidebar of the open tab', async () => {
    const page = await open('/guides/');
    const siteYml = path.join(content, '_config/site.yml');
    const rebuilt = dev.nextRebuild();
    write('guides/fresh.md', '---\ntitle: A fresh page\n---\nWritten while the dev server runs.\n');
    writeFileSync(siteYml, readFileSync(siteYml, 'utf8').replace('      - /guides/cli/\n', '      - /guides/cli/\n      - /guides/fresh.html\n'));
    let report = await rebuilt;
    // The two saves may land in one rebuild or two.
    while (report.errors.length > 0) report = await dev.nextRebuild();
    const link = page.getByRole('link', { name: 'A fresh page' }).first();
    await link.waitFor();
    expect(await sameDocument(page)).toBe(true);
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'A fresh page' }).waitFor();
    await page.getByText('Written while the dev server runs.').waitFor();
    await page.close();
  });

  it('shows the not-found layout for a page deleted while it is open', async () => {
    const page = await open('/guides/fresh.html');
    const siteYml = path.join(content, '_config/site.yml');
    const rebuilt = dev.nextRebuild();
    unlinkSync(path.join(content, 'guides/fresh.md'));
    writeFileSync(siteYml, readFileSync(siteYml, 'utf8').replace('      - /guides/fresh.html\n', ''));
    let report = await rebuilt;
    while (report.errors.length > 0) report = await dev.nextRebuild();
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(existsSync(path.join(dev.outDir, 'data/pages/guides/fresh.html.json'))).toBe(false);
    expect((await fetch(`${dev.url}/data/pages/guides/fresh.html.json`)).status).toBe(404);
    await page.close();
  });

  it('serves a page renamed while it runs at its new address only, listed once in the sidebar', async () => {
    const siteYml = path.join(content, '_config/site.yml');
    let rebuilt = dev.nextRebuild();
    write('guides/to-rename.md', '---\ntitle: A page to rename\n---\nThe text of the renamed page.\n');
    writeFileSync(siteYml, readFileSync(siteYml, 'utf8').replace('      - /guides/cli/\n', '      - /guides/cli/\n      - /guides/to-rename.html\n'));
    await settled(rebuilt);
    const page = await open('/guides/to-rename.html');
    await page.getByText('The text of the renamed page.').waitFor();
    // Renamed within its folder, as a file manager or `git mv` does, and the sidebar follows.
    rebuilt = dev.nextRebuild();
    renameSync(path.join(content, 'guides/to-rename.md'), path.join(content, 'guides/renamed.md'));
    writeFileSync(siteYml, readFileSync(siteYml, 'utf8').replace('/guides/to-rename.html', '/guides/renamed.html'));
    await settled(rebuilt);
    // The open tab was at the old address: it is not found now.
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect((await fetch(`${dev.url}/data/pages/guides/to-rename.html.json`)).status).toBe(404);
    await page.close();
    const moved = await open('/guides/renamed.html');
    await moved.getByText('The text of the renamed page.').waitFor();
    const listed = moved.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'A page to rename' });
    await listed.first().waitFor();
    expect(await listed.count()).toBe(1);
    expect(await listed.getAttribute('href')).toBe('/guides/renamed.html');
    await moved.close();
  });

  it('makes a page created in a new folder reachable', async () => {
    const rebuilt = dev.nextRebuild();
    mkdirSync(path.join(content, 'guides/new-folder'));
    write('guides/new-folder/index.md', '---\ntitle: In a new folder\n---\nWritten into a folder made while the server runs.\n');
    await settled(rebuilt);
    const page = await open('/guides/new-folder/');
    await page.getByRole('heading', { level: 1, name: 'In a new folder' }).waitFor();
    await page.getByText('Written into a folder made while the server runs.').waitFor();
    // The folder is watched from now on: an edit in it shows in the open tab.
    write('guides/new-folder/index.md', '---\ntitle: In a new folder\n---\nEdited in the new folder.\n');
    await page.getByText('Edited in the new folder.').waitFor();
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });

  it('picks up an editor\u2019s save that writes a temporary file and renames it over the page', async () => {
    const page = await open('/guides/long.html');
    const temporary = path.join(content, 'guides/long.md.tmp');
    writeFileSync(temporary, longPage('Saved through a temporary file.'));
    renameSync(temporary, path.join(content, 'guides/long.md'));
    await page.getByText('Saved through a temporary file.').waitFor();
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });

  it('leaves no service worker in control, removing one left on the origin', async () => {
    const page = await open('/guides/');
    // Until the moment production would have registered its worker after the load event, and a little more.
    await page.waitForFunction((delay) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return nav !== undefined && nav.loadEventEnd > 0 && performance.now() > nav.loadEventEnd + delay + 200;
    }, REGISTER_DELAY_MS);
    expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    // A worker an earlier production build left on this origin: the dev server's /sw.js removes itself.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js'));
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    await page.reload();
    await ready(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
    await page.close();
  });

  it('swaps the stylesheet without a reload when it changes', async () => {
    const page = await open('/guides/');
    // Tailwind scans src/: a file there with a class no other file uses adds a rule to the stylesheet.
    const probe = path.resolve('src/dev/stylesheet-probe.test.txt');
    try {
      writeFileSync(probe, `outline-[${1000 + Math.floor(Math.random() * 1000)}px]\n`);
      await page.waitForFunction(() => [...document.querySelectorAll('link[rel=stylesheet]')].some((l) => (l as HTMLLinkElement).href.includes('/assets/app.css?v=')), null, { timeout: 20_000 });
      expect(await sameDocument(page)).toBe(true);
      expect(lines.some((l) => l.startsWith('stylesheet changed: swapped in'))).toBe(true);
    } finally {
      rmSync(probe, { force: true });
    }
    await page.close();
  });

  it('reloads the tab for an app change and scrolls back to where it was', async () => {
    const page = await open('/guides/long.html');
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForFunction(() => Math.abs(window.scrollY - 1200) < 2);
    const file = path.resolve('src/app/App.tsx');
    const original = readFileSync(file, 'utf8');
    try {
      const reloaded = page.waitForEvent('load', { timeout: 30_000 });
      writeFileSync(file, `${original}\n// changed by the dev server test\n`);
      await reloaded;
      await ready(page);
      expect(await sameDocument(page)).toBe(false);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1150);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - 1200)).toBeLessThanOrEqual(50);
    } finally {
      // Put back, and wait for that rebuild's reload too, so it does not reach the next test's tab.
      const again = page.waitForEvent('load', { timeout: 30_000 }).catch(() => undefined);
      writeFileSync(file, original);
      await again;
    }
    expect(lines.some((l) => /^src changed: app rebuilt in/.test(l))).toBe(true);
    await page.close();
  });

  it('saves its cache at once after a cold start, but after a restart that analysed few pages only when it closes', async () => {
    // The cold start of beforeAll analysed every page and saved at once.
    expect(await dev.started()).toEqual({ cacheSaved: true });
    await dev.close();
    const cacheDir = path.join(work, 'cache');
    const savedAt = () =>
      statSync(
        path.join(
          cacheDir,
          readdirSync(cacheDir).find((f) => f.endsWith('.bin'))!,
        ),
      ).mtimeMs;
    const closedAt = savedAt();
    write('guides/long.md', longPage('A sentence written while the server was stopped.'));
    const from = lines.length;
    dev = await startDevServer({ contentDir: content, port: 0, cacheDir, log: (l) => lines.push(l) });
    // Writing the cache holds the server's thread, so a start that analysed one page leaves it for the close.
    expect(await dev.started()).toEqual({ cacheSaved: false });
    expect(lines.slice(from).join('\n')).toMatch(/Content checked: \d+ pages compiled, 1 analysed/);
    expect(savedAt()).toBe(closedAt);
    const page = await open('/guides/long.html');
    await expect.poll(() => page.locator('main').innerText()).toContain('A sentence written while the server was stopped.');
    await page.close();
    await dev.close();
    expect(savedAt()).toBeGreaterThan(closedAt);
    // afterAll closes the server again.
    dev = await startDevServer({ contentDir: content, port: 0, cacheDir, log: (l) => lines.push(l) });
  });

  it('keeps the dev client out of production bundles', () => {
    const assets = path.resolve('dist/assets');
    if (!existsSync(assets)) return expect.fail('dist/ is not built (npm test builds it first)');
    const files = readdirSync(assets, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(readFileSync(path.join(assets, f), 'utf8'), f).not.toContain('/__dev/events');
    // ...and in the dev bundle it is.
    const devFiles = readdirSync(path.join(dev.outDir, 'assets'), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js'));
    expect(devFiles.some((f) => readFileSync(path.join(dev.outDir, 'assets', f), 'utf8').includes('/__dev/events'))).toBe(true);
  });
});
