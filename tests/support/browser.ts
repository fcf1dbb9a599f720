/**
 * Launching Chromium for browser tests and benchmarks. The executable comes
 * from CHROMIUM_PATH, then /usr/bin/chromium, then the @sparticuz/chromium
 * package (which ships the binary inside the npm package, compressed).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
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
  return packagedChromium();
}

/**
 * The packaged Chromium, unpacked once into `node_modules/.cache/` for its version and reused by every later
 * process. The package unpacks into the temporary folder and takes a `chromium` file that is there as
 * finished, so two processes unpacking side by side ran a binary still being written (`spawn ETXTBSY`).
 * Here each process unpacks into a folder of its own, which is renamed into place only when complete: a
 * process that finds the folder finds a whole binary, and one that loses the race drops its copy.
 */
async function packagedChromium(): Promise<string> {
  const require = createRequire(import.meta.url);
  // The package exports no package.json: its folder is found from its entry.
  const entry = require.resolve('@sparticuz/chromium');
  const name = path.join('@sparticuz', 'chromium');
  const root = entry.slice(0, entry.lastIndexOf(name) + name.length);
  const version = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const cache = path.join(root, '..', '..', '.cache', 'sparticuz-chromium');
  const dir = path.join(cache, version);
  const binary = path.join(dir, 'chromium');
  if (existsSync(binary)) return binary;
  mkdirSync(cache, { recursive: true });
  const staging = mkdtempSync(path.join(cache, `.${version}-`));
  const before = process.env.TMPDIR;
  try {
    process.env.TMPDIR = staging; // the package unpacks into os.tmpdir(), read when it is called
    const sparticuz = (await import('@sparticuz/chromium')).default;
    await sparticuz.executablePath();
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  }
  try {
    renameSync(staging, dir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw error;
  }
  return binary;
}

/** Launches a headless Chromium, with `extraArgs` after the usual flags. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: [...CHROMIUM_ARGS, ...extraArgs] });
}
