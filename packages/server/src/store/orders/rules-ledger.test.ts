import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The money-path ledger (docs/store/rules.md) is kept honest: every rule id in its tables must be named by a test
 * title (`it('<id>: …')`, or `it('<id>, <id>: …')` for a test of several), and every test file a rule lists must
 * name it. A rule written down without a test, or a test file moved without the ledger, fails here by name.
 */

const STORE = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SERVER = path.resolve(STORE, '../..');
const LEDGER = path.resolve(SERVER, '../../docs/store/rules.md');

const ID = '[a-z][a-z0-9-]*(?:\\.[a-z0-9-]+)+';

export interface LedgerRule {
  id: string;
  /** Test files named in the row's last cell, relative to packages/server/src/store. */
  tests: string[];
}

/** The rules of the ledger: every table row whose first cell is a backticked id (`coupon.usage-limit`). */
export function ledgerRules(markdown: string): LedgerRule[] {
  const out: LedgerRule[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) continue;
    const cells = line.split('|').slice(1, -1);
    const id = new RegExp(`^\\s*\`(${ID})\`\\s*$`).exec(cells[0] ?? '')?.[1];
    if (!id) continue;
    const tests = [...(cells.at(-1) ?? '').matchAll(/`([^`]+\.test\.ts)`/g)].map((m) => m[1]!);
    out.push({ id, tests });
  }
  return out;
}

/** The rule ids a test file's titles start with: `it('a.b: …')`, `test("a.b, c.d: …")`. Skipped tests name none. */
export function titleIds(source: string): Set<string> {
  const ids = new Set<string>();
  const prefix = new RegExp(`^(${ID}(?:, ${ID})*):`);
  for (const m of source.matchAll(/(?<![.\w])(?:it|test)\(\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)) {
    const named = prefix.exec(m[2]!)?.[1];
    for (const id of named?.split(', ') ?? []) ids.add(id);
  }
  return ids;
}

/** Ids of the ledger no test title names. */
export const missingRules = (rules: LedgerRule[], named: Set<string>): string[] =>
  rules.map((r) => r.id).filter((id) => !named.has(id));

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('the money-path rules ledger', () => {
  const rules = ledgerRules(readFileSync(LEDGER, 'utf8'));
  const byFile = new Map(
    [...testFiles(path.join(SERVER, 'src')), ...testFiles(path.join(SERVER, 'test'))].map((f) => [
      f,
      titleIds(readFileSync(f, 'utf8')),
    ]),
  );
  const named = new Set([...byFile.values()].flatMap((ids) => [...ids]));

  it('lists each rule once, each with a test file', () => {
    expect(rules.length).toBeGreaterThanOrEqual(30);
    const ids = rules.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(rules.filter((r) => !r.tests.length).map((r) => r.id)).toEqual([]);
  });

  it('every rule id is named by a test title', () => {
    expect(missingRules(rules, named)).toEqual([]);
  });

  it('every test file a rule lists exists and names that rule', () => {
    const wrong = rules.flatMap((r) =>
      r.tests
        .filter((t) => !byFile.get(path.join(STORE, t))?.has(r.id))
        .map((t) => `${r.id} → ${t}${existsSync(path.join(STORE, t)) ? '' : ' (no such file)'}`),
    );
    expect(wrong).toEqual([]);
  });

  it('would fail for a rule no test names (the extraction, on a made-up ledger)', () => {
    const ledger = [
      '| id | rule | where | tests |',
      '| --- | --- | --- | --- |',
      '| `coupon.usage-limit` | … | … | `orders/placement-rules.test.ts` |',
      '| `made.up-rule` | Nothing tests this. | nowhere | `orders/nowhere.test.ts` |',
      '| not an id | prose | | |',
    ].join('\n');
    const made = ledgerRules(ledger);
    expect(made).toEqual([
      { id: 'coupon.usage-limit', tests: ['orders/placement-rules.test.ts'] },
      { id: 'made.up-rule', tests: ['orders/nowhere.test.ts'] },
    ]);
    const source = [
      "it('coupon.usage-limit: three of ten', async () => {});",
      "it('ship.a, ship.b: both', () => {});",
      "it.skip('made.up-rule: skipped tests do not count', () => {});",
      "it('mentions made.up-rule later: no', () => {});",
      'test(`stock.x: template titles count`, () => {});',
    ].join('\n');
    expect([...titleIds(source)].sort()).toEqual(['coupon.usage-limit', 'ship.a', 'ship.b', 'stock.x']);
    expect(missingRules(made, titleIds(source))).toEqual(['made.up-rule']);
    // And on the real tests: a made-up id is missing, real ones are not.
    expect(missingRules([...rules, { id: 'made.up-rule', tests: [] }], named)).toEqual(['made.up-rule']);
  });
});
