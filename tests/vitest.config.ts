import { defineConfig } from 'vitest/config';

/**
 * The browser files whose assertions are about time on screen: layout shifts of cold starts under 4x and 8x
 * CPU slowdown, a first paint before or after the fonts, a scroll position kept while content above changes,
 * the dev server's reload and its timed cache writes. Beside another browser file (two Chromiums on two cores)
 * they took up to three times as long as alone, and what they check moved with the load (a kept scroll 50 px off).
 */
const SOLO = ['tests/e2e/page-takeover.test.ts', 'tests/e2e/first-load.test.ts', 'tests/e2e/navigation.test.ts', 'tests/e2e/dev-server.test.ts'];

/** What every browser test file shares. */
const browserTests = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A browser answers within a second on an idle machine, not always on a busy one: the sandbox's
  // loop guard fires after a second of looping, and its answer then missed vitest's default of 1 s.
  // A poll ends as soon as its condition holds, so a longer limit slows no passing test.
  expect: { poll: { timeout: 10_000 } },
} as const;

/**
 * Four projects: unit (Node, with the bench's pure modules), components (happy-dom + msw), e2e (built site in
 * Chromium, two files at a time), then e2e-solo (the browser files that time what is on screen, one at a time).
 */
export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  test: {
    globalSetup: ['tests/support/temp-root.ts', 'tests/support/chromium-setup.ts'],
    // Two test files at a time unless a project says otherwise (Vitest's default is one worker fewer than
    // the cores: one, on 2 cores); unit and components took 58 s instead of 83 s.
    maxWorkers: 2,
    // The Node and happy-dom tests time nothing: a limit is there to end a test that hangs. Vitest's default
    // of 5 s measured the machine instead, the router's fuzz test (3,000 addresses, 1.6 s alone) taking 6.1 s
    // in a whole run on a loaded machine; a test that sets its own limit keeps it.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        // Node tests that leave no state behind (each one that replaces a global puts it back) share their
        // workers' modules: importing the compiler, the search engine and their packages once per worker and
        // not once per file took the project from 92 s to 50 s on 2 cores.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/bench/*.test.ts'], environment: 'node', isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          environment: 'happy-dom',
          environmentOptions: { happyDOM: { url: 'http://localhost/' } },
          setupFiles: ['tests/support/setup-components.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: SOLO,
          ...browserTests,
          // Three files at a time (E2E_WORKERS to change it): with the files that time the screen apart and
          // each test's pages closed when it ends, the project took 226 s instead of 271 s with two, the
          // 2 cores busy throughout.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-solo',
          include: SOLO,
          ...browserTests,
          // One file at a time, after the other browser files: nothing else runs beside a cold start at 4x or
          // 8x CPU or a paint being timed.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
