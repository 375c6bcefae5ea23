import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file starts its own server and database; PGlite is WASM, so files run in separate processes.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
