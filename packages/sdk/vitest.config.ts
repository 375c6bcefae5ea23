import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'sdk', include: ['test/**/*.test.ts', 'src/**/*.test.ts'], testTimeout: 30000, hookTimeout: 60000 },
});
