import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/test/child-server.js';

// The additive-migrations rule (scripts/check-migrations.mjs, run by `npm run lint`): a contraction needs a
// `-- plaza:contract <reason>` marker. Fixture strings show what it refuses and accepts; the CLI runs on the real files.

const script = path.join(repoRoot, 'scripts/check-migrations.mjs');
const { checkMigration } = (await import(script)) as { checkMigration: (sql: string) => Promise<string[]> };
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-migration-check-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const BREAK = '--> statement-breakpoint';

describe('the migration check', () => {
  it('accepts what only adds: tables, columns, indexes, constraints, backfills', async () => {
    const sql = [
      `CREATE TABLE "notes" ("id" uuid PRIMARY KEY NOT NULL, "body" text);${BREAK}`,
      `ALTER TABLE "orders" ADD COLUMN "note_id" uuid;${BREAK}`,
      `CREATE INDEX "orders_note_idx" ON "orders" USING btree ("note_id");${BREAK}`,
      `ALTER TABLE "orders" ALTER COLUMN "note_id" DROP NOT NULL;${BREAK}`,
      `UPDATE "orders" SET "note_id" = NULL WHERE "body" = 'DROP TABLE orders; -- rename';`,
    ].join('\n');
    expect(await checkMigration(sql)).toEqual([]);
  });

  it('refuses each contraction without a marker, naming its line', async () => {
    const sql = [
      `CREATE TABLE "notes" ("id" uuid);${BREAK}`,
      `DROP TABLE "carts" CASCADE;${BREAK}`,
      `ALTER TABLE "orders" DROP COLUMN "tags";${BREAK}`,
      `ALTER TABLE "orders" RENAME COLUMN "number" TO "order_number";${BREAK}`,
      `ALTER TABLE "orders" RENAME TO "sales";${BREAK}`,
      `ALTER TABLE "orders" ALTER COLUMN "total_minor" SET DATA TYPE integer;${BREAK}`,
      `DROP INDEX "orders_note_idx";${BREAK}`,
      `TRUNCATE "jobs";`,
    ].join('\n');
    expect(await checkMigration(sql)).toEqual([
      'line 2: DROP TABLE without a `-- plaza:contract <reason>` marker',
      'line 3: DROP COLUMN without a `-- plaza:contract <reason>` marker',
      'line 4: RENAME COLUMN without a `-- plaza:contract <reason>` marker',
      'line 5: RENAME TABLE without a `-- plaza:contract <reason>` marker',
      'line 6: ALTER COLUMN ... TYPE without a `-- plaza:contract <reason>` marker',
      'line 7: DROP INDEX without a `-- plaza:contract <reason>` marker',
      'line 8: TRUNCATE without a `-- plaza:contract <reason>` marker',
    ]);
  });

  it('accepts a contraction marked on its line or just above, with a reason', async () => {
    const sql = [
      `-- plaza:contract carts moved to checkouts two releases ago`,
      `DROP TABLE "carts";${BREAK}`,
      `ALTER TABLE "orders" DROP COLUMN "tags"; -- plaza:contract tags live in order_tags since 0040`,
    ].join('\n');
    expect(await checkMigration(sql)).toEqual([]);
  });

  it('a marker counts for its own statement only, and needs a reason', async () => {
    const sql = [
      `-- plaza:contract carts moved to checkouts two releases ago`,
      `DROP TABLE "carts";${BREAK}`,
      `DROP TABLE "orders";${BREAK}`,
      `-- plaza:contract`,
      `DROP TABLE "members";`,
    ].join('\n');
    expect(await checkMigration(sql)).toEqual([
      'line 3: DROP TABLE without a `-- plaza:contract <reason>` marker',
      'line 5: DROP TABLE without a `-- plaza:contract <reason>` marker',
    ]);
  });

  it('the CLI passes on the committed migrations and fails on a bad file, naming it', () => {
    expect(execFileSync(process.execPath, [script], { encoding: 'utf8' })).toMatch(/migration\(s\) checked/);
    const bad = path.join(tmp, '9999_bad.sql');
    fs.writeFileSync(bad, `ALTER TABLE "orders" RENAME COLUMN "number" TO "n";`);
    const garbled = path.join(tmp, '9998_garbled.sql');
    fs.writeFileSync(garbled, `ALTER TABLE "orders" ADD COLUMN;`);
    let stderr = '';
    try {
      execFileSync(process.execPath, [script, bad, garbled], { encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      stderr = String((e as { stderr: string }).stderr);
    }
    expect(stderr).toContain('9999_bad.sql: line 1: RENAME COLUMN without a `-- plaza:contract <reason>` marker');
    expect(stderr).toMatch(/9998_garbled\.sql: not SQL PostgreSQL parses: syntax error/);
  });
});
