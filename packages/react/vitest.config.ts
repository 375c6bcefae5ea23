import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Files share a worker's loaded modules (no isolate): each test renders its own client and query cache.
  test: { name: 'react', include: ['test/**/*.test.ts?(x)'], isolate: false },
});
