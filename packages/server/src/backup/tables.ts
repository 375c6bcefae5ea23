import { migrationJournal } from '../db/migrate.js';
import { BackupError, type Manifest } from './manifest.js';

/** One raw statement on whichever driver is open (a pg client, a PGlite): the rows it returns. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'`;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every table outside the system schemas, as `schema.table`. */
async function userTables(query: Query): Promise<{ schema: string; name: string }[]> {
  const rows = await query(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND ${USER_SCHEMAS} ORDER BY 1, 2`,
  );
  return rows as { schema: string; name: string }[];
}

/** Rows per table; on PostgreSQL run inside the dump's snapshot, so the counts describe exactly what was dumped. */
export async function countRows(query: Query): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of await userTables(query)) {
    const [row] = await query(`SELECT count(*)::text AS n FROM ${ident(t.schema)}.${ident(t.name)}`);
    counts[`${t.schema}.${t.name}`] = Number(row!.n);
  }
  return counts;
}

/** The first few relations and schemas a restore would collide with; empty for a fresh database. */
export async function occupants(query: Query): Promise<string[]> {
  const rows = await query(
    `(SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND ${USER_SCHEMAS} ORDER BY 1 LIMIT 5)
     UNION ALL
     (SELECT 'schema ' || n.nspname FROM pg_namespace n WHERE ${USER_SCHEMAS} AND n.nspname <> 'public' ORDER BY 1 LIMIT 5)`,
  );
  return rows.map((r) => String(r.name));
}

/** How far this database's schema is migrated; a database Plaza never migrated is not one to back up. */
export async function migrationLevel(query: Query): Promise<Manifest['migration']> {
  let rows: Record<string, unknown>[];
  try {
    rows = await query(
      `SELECT count(*)::int AS applied, max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`,
    );
  } catch {
    throw new BackupError('This database holds no Plaza data (no migrations were ever applied): nothing to back up.');
  }
  const applied = Number(rows[0]!.applied);
  const newest = rows[0]!.newest === null ? null : Number(rows[0]!.newest);
  const latest = migrationJournal().find((m) => m.when === newest)?.tag ?? (newest === null ? null : `when:${newest}`);
  return { applied, latest };
}

/** Refuses an archive whose schema is newer than this Plaza's migrations (made by a later version). */
export function checkMigrationKnown(manifest: Manifest, file: string): void {
  const latest = manifest.migration.latest;
  if (latest === null || migrationJournal().some((m) => m.tag === latest)) return;
  throw new BackupError(
    `${file} was made by a newer Plaza (its schema is at migration ${latest}, which this version does not have). ` +
      `Upgrade Plaza, then restore.`,
  );
}

/** Compares counted rows with the manifest's; the differences, as sentences. */
export function rowDifferences(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names]
    .filter((n) => expected[n] !== actual[n])
    .map((n) => `${n}: ${actual[n] ?? 'missing'} rows, the backup has ${expected[n] ?? 'none'}`);
}

/** A DO block that fails the restore's transaction when any table's row count differs from the manifest's. */
export function verifyRowsSql(expected: Record<string, number>): string {
  const checks = Object.entries(expected).map(([qualified, n]) => {
    const dot = qualified.indexOf('.');
    const table = `${ident(qualified.slice(0, dot))}.${ident(qualified.slice(dot + 1))}`;
    const label = qualified.replace(/'/g, "''");
    return `  IF (SELECT count(*) FROM ${table}) <> ${Number(n)} THEN
    RAISE EXCEPTION 'table % has % rows, the backup has ${Number(n)}', '${label}', (SELECT count(*) FROM ${table});
  END IF;`;
  });
  return `DO $plaza_verify$\nBEGIN\n${checks.join('\n')}\nEND\n$plaza_verify$;\n`;
}
