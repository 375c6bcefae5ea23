import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// A whole tsc run: seconds on a quiet machine, more than a minute on a busy 2-core one.
it('public types hold (tsc on test/types/*.check.ts)', { timeout: 180_000 }, () => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const project = fileURLToPath(new URL('./types/tsconfig.json', import.meta.url));
  let output = '';
  try {
    execFileSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' });
  } catch (e) {
    output = String((e as { stdout?: string }).stdout);
  }
  expect(output).toBe('');
});
