import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startPlaza } from './support.js';

// A first `plaza start` migrates and seeds the demo store, which is most of a journey's start-up. It runs once
// here; each journey then starts on its own copy of that data dir (support.ts), as a restarted Plaza would.
export default async function setup(project: TestProject) {
  const plaza = await startPlaza({}, { fresh: true });
  await plaza.stop({ keepData: true });
  const template = { dir: plaza.dataDir, owner: plaza.owner };
  project.provide('plazaTemplate', template);
  return () => fs.rmSync(template.dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    plazaTemplate: { dir: string; owner: { email: string; password: string } };
  }
}
