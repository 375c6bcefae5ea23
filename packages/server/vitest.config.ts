import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file starts its own server and database; PGlite is WASM, so files run in separate processes.
    pool: 'forks',
    // A worker keeps its loaded modules from file to file: importing the server took ~2.5 s per file. Each file
    // still gets its own server, database and clock. Module-level state must not leak from file to file: it is
    // constant, keyed by database handle (lib/cache.ts) or by unique ids, and test overrides are reset by their test.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
