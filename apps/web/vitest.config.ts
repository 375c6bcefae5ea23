import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    // Files share a worker's loaded modules: each test renders its own app, client and query cache.
    isolate: false,
    include: ['test/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
    testTimeout: 120000,
    hookTimeout: 300000,
  },
});
