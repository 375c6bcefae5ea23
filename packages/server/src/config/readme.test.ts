import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './index.js';

// The README's "Configuration" table is the operator's reference: every variable the server reads is in it, and
// nothing in it is a variable the server ignores.

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.dirname(here);
const readme = fs.readFileSync(path.join(src, '../../../README.md'), 'utf8');

/** The variables in the README's table: the first cell of each row under "## Configuration". */
function documented(): Set<string> {
  const section = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
  );
  return new Set([...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!));
}

/** Settings read only when another is set: the S3 ones once there is a bucket. */
const GATES: Record<string, string>[] = [{}, { PLAZA_S3_BUCKET: 'media' }];

/** Every name loadConfig looks up, recorded by an environment that holds only the gates. */
function readByConfig(): Set<string> {
  const seen = new Set<string>();
  for (const given of GATES) {
    const env = new Proxy(given, {
      get: (t, key) => (typeof key === 'string' && seen.add(key), t[key as string]),
      has: (t, key) => (typeof key === 'string' && seen.add(key), key in t),
    });
    loadConfig(env, here);
  }
  return seen;
}

/** Names read straight from process.env elsewhere in the server (development and test switches). */
function readElsewhere(): Set<string> {
  const names = new Set<string>();
  for (const f of fs.readdirSync(src, { recursive: true }) as string[]) {
    if (!f.endsWith('.ts') || f.endsWith('.test.ts')) continue;
    const text = fs.readFileSync(path.join(src, f), 'utf8');
    for (const m of text.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)/g)) names.add(m[1]!);
  }
  return names;
}

/** Read by the test harness and the tools around the server, not by the server itself. */
const TOOLING = new Set(['TEST_DATABASE_URL', 'TEST_LOG_LEVEL']);
/** Conventions of Node and its libraries, not Plaza's settings. */
const CONVENTIONS = new Set(['NODE_ENV', 'NO_COLOR', 'AWS_REGION', 'PATH']);

describe('the README lists the configuration as the code reads it', () => {
  const inReadme = documented();
  const byConfig = readByConfig();
  const elsewhere = readElsewhere();

  it('documents every variable loadConfig reads', () => {
    const missing = [...byConfig].filter((name) => !inReadme.has(name) && !CONVENTIONS.has(name));
    expect(missing).toEqual([]);
  });

  it('documents nothing the server does not read', () => {
    const read = new Set([...byConfig, ...elsewhere, ...TOOLING]);
    expect([...inReadme].filter((name) => !read.has(name))).toEqual([]);
  });

  it('reads no switch from process.env that the README does not explain', () => {
    const undocumented = [...elsewhere].filter((name) => !inReadme.has(name) && !CONVENTIONS.has(name));
    expect(undocumented).toEqual([]);
  });
});
