// The page documents' boot scripts (inline, then the deferred start script): what they add to the document, and when, against a stubbed frame clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const CSS = '/assets/app-test.css';
const ENTRY = '/assets/main-test.js';

/** Frame callbacks the boot script asked for, run by `frame()`. */
let frames: FrameRequestCallback[] = [];
const frame = () => {
  const run = frames;
  frames = [];
  for (const cb of run) cb(performance.now());
};
/** Lets the tasks queued so far (setTimeout 0) run. */
const tasks = () => new Promise((resolve) => setTimeout(resolve, 5));

/** What the boot script added to the head (recorded, not inserted: nothing is fetched). */
let added: Element[] = [];
const stylesheet = () => added.find((el): el is HTMLLinkElement => el instanceof HTMLLinkElement && el.rel === 'stylesheet' && el.getAttribute('href') === CSS) ?? null;
const appScript = () => added.find((el) => el.tagName === 'SCRIPT' && el.getAttribute('src') === ENTRY) ?? null;

/** The inline script, then the start script (deferred: it runs once the document is parsed). */
async function boot(): Promise<void> {
  vi.resetModules();
  await import('../../src/boot/page.ts');
  await import('../../src/boot/start.ts');
}

describe('the page boot scripts', () => {
  beforeEach(() => {
    frames = [];
    vi.stubGlobal('__APP_CSS__', CSS);
    vi.stubGlobal('__APP_ENTRY__', ENTRY);
    vi.stubGlobal('__APP_PRELOADS__', []);
    vi.stubGlobal('__SITE_DATA__', '/data/site.json');
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    // The document is parsed before its first frame: a repeat visit, the whole document from the cache at once.
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    added = [];
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(el: T): T => {
      added.push(el as unknown as Element);
      return el;
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the whole stylesheet and the app only once the first frame is drawn, even when the document was parsed before it', async () => {
    await boot();
    await tasks();
    // Before the first frame: nothing that could restyle the page or compete with its first paint.
    expect(stylesheet()).toBeNull();
    expect(appScript()).toBeNull();
    frame();
    await tasks();
    const link = stylesheet();
    expect(link).not.toBeNull();
    // Loaded for print, so it holds no paint; it applies to the screen once loaded.
    expect(link!.media).toBe('print');
    link!.dispatchEvent(new Event('load'));
    expect(link!.media).toBe('all');
    expect(appScript()?.getAttribute('type')).toBe('module');
  });

  it('asks for nothing from the inline script alone: the start script does it', async () => {
    vi.resetModules();
    await import('../../src/boot/page.ts');
    frame();
    await tasks();
    expect(stylesheet()).toBeNull();
    expect(appScript()).toBeNull();
  });

  it('in a hidden tab, which draws no frame, asks for both at once', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await boot();
    expect(stylesheet()).not.toBeNull();
    expect(appScript()).not.toBeNull();
  });
});
