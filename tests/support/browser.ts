/**
 * Launching Chromium for browser tests and benchmarks. The executable comes
 * from CHROMIUM_PATH, then /usr/bin/chromium, then the @sparticuz/chromium
 * package (which ships the binary inside the npm package).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Flags that work in a sandboxed CI container with no outside network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Path of the Chromium executable to use. */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

/** Launches a headless Chromium, with `extraArgs` after the usual flags. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] });
}
