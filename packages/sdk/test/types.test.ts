import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('public types hold (tsc on test/types/*.check.ts)', () => {
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
