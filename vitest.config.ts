import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project has its own vitest.config.ts.
export default defineConfig({
  test: {
    // Two workers on two cores: a file waits on its database and HTTP often enough to leave the CPU to another.
    maxWorkers: 2,
    projects: ['packages/server', 'packages/sdk', 'packages/react', 'apps/web'],
  },
});
