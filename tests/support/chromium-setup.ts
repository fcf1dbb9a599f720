/**
 * Global setup: the browser files run three at a time, and each used to find (and, with the packaged
 * Chromium, unpack) the executable itself. It is found once here, before any of them starts, and handed to
 * every worker through CHROMIUM_PATH.
 */
import { chromiumPath } from './browser.ts';

export default async function setup(): Promise<void> {
  process.env.CHROMIUM_PATH = await chromiumPath();
}
