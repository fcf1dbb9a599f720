// Unit tests of the bench's pure modules: npx vitest run --config tests/bench/vitest.config.ts
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: new URL('../..', import.meta.url).pathname,
  test: { include: ['tests/bench/*.test.ts'], environment: 'node' },
});
