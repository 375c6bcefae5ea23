import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/server', 'packages/sdk', 'packages/react', 'apps/web'],
  },
});
