import { defineConfig } from 'vitest/config';

/** Three projects: unit (Node, with the bench's pure modules), components (happy-dom + msw), e2e (built site in Chromium). */
export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  test: {
    globalSetup: ['tests/support/temp-root.ts'],
    // Two test files at a time (Vitest's default is one worker fewer than the cores: one, on 2 cores).
    // A browser test mostly waits for a server, a frame or a timeout: two of them kept two cores about
    // a third busy, and the e2e project took 353 s instead of 454 s; unit and components 58 s, not 83 s.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/bench/*.test.ts'], environment: 'node' },
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
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser answers within a second on an idle machine, not always on a busy one: the sandbox's
          // loop guard fires after a second of looping, and its answer then missed vitest's default of 1 s.
          // A poll ends as soon as its condition holds, so a longer limit slows no passing test.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
