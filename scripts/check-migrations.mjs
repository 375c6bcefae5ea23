#!/usr/bin/env node
// Migrations are additive (expand now, contract in a later release): this refuses a migration statement that drops,
// renames, truncates or changes a column's type unless a marker comment says why it is safe, on the statement's own
// lines or in the comment lines just above it:
//
//   -- plaza:contract <reason>
//
// Statements are found by PostgreSQL's own parser (libpg-query, WASM), so comments, quoting and string literals
// can't fool it. Usage: node scripts/check-migrations.mjs [file.sql ...]   (no files: packages/server/drizzle/*.sql)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadModule, parseSync } from 'libpg-query';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const MIGRATIONS_DIR = path.join(root, 'packages/server/drizzle');
export const MARKER = /--[ \t]*plaza:contract[ \t]+\S/;

const ALTER_TABLE_CONTRACTS = { AT_DropColumn: 'DROP COLUMN', AT_AlterColumnType: 'ALTER COLUMN ... TYPE' };

/** What makes one parsed statement a contraction, or undefined when it only adds. */
function contraction(stmt) {
  const [kind, node] = Object.entries(stmt)[0];
  if (kind === 'DropStmt') return `DROP ${node.removeType.replace(/^OBJECT_/, '').replace(/_/g, ' ')}`;
  if (kind === 'RenameStmt') return `RENAME ${node.renameType.replace(/^OBJECT_/, '').replace(/_/g, ' ')}`;
  if (kind === 'TruncateStmt') return 'TRUNCATE';
  if (kind === 'AlterTableStmt') {
    for (const { AlterTableCmd: cmd } of node.cmds ?? []) {
      if (cmd && ALTER_TABLE_CONTRACTS[cmd.subtype]) return ALTER_TABLE_CONTRACTS[cmd.subtype];
    }
  }
  return undefined;
}

/** The 1-based line of a byte offset. */
const lineOf = (bytes, offset) => bytes.subarray(0, offset).toString('utf8').split('\n').length;

/**
 * The problems of one migration's SQL: each statement that contracts the schema without a marker, as
 * "line N: WHAT without a `-- plaza:contract <reason>` marker". Throws on SQL PostgreSQL can't parse.
 */
export async function checkMigration(sql) {
  await loadModule();
  const bytes = Buffer.from(sql, 'utf8');
  const lines = sql.split('\n');
  const stmts = parseSync(sql).stmts ?? [];
  const problems = [];
  let previousEndLine = 0;
  for (const { stmt, stmt_location: start = 0, stmt_len: len } of stmts) {
    // Parser offsets are in bytes; a statement's text runs to the end of its line (a trailing comment is its own).
    const newline = bytes.indexOf(0x0a, len ? start + len : bytes.length);
    const end = newline === -1 ? bytes.length : newline;
    const firstLine = lineOf(bytes, start);
    // The lines between the previous statement's last line and this one: a comment above it.
    const above = lines.slice(previousEndLine, Math.max(previousEndLine, firstLine - 1)).join('\n');
    const own = `${above}\n${bytes.subarray(start, end).toString('utf8')}`;
    previousEndLine = lineOf(bytes, end);
    const what = contraction(stmt);
    if (what && !MARKER.test(own)) {
      problems.push(`line ${firstLine}: ${what} without a \`-- plaza:contract <reason>\` marker`);
    }
  }
  return problems;
}

/** Every problem of these files, "file: line N: ..." ; an unparsable file is one problem. */
export async function checkFiles(files) {
  const problems = [];
  for (const file of files) {
    const name = path.relative(root, file);
    try {
      for (const p of await checkMigration(fs.readFileSync(file, 'utf8'))) problems.push(`${name}: ${p}`);
    } catch (e) {
      problems.push(`${name}: not SQL PostgreSQL parses: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const files = args.length
    ? args.map((f) => path.resolve(f))
    : fs
        .readdirSync(MIGRATIONS_DIR)
        .filter((f) => f.endsWith('.sql'))
        .sort()
        .map((f) => path.join(MIGRATIONS_DIR, f));
  const missing = files.filter((f) => !fs.existsSync(f));
  if (missing.length) {
    console.error(`No such migration file: ${missing.join(', ')}`);
    process.exit(1);
  }
  const problems = await checkFiles(files);
  if (problems.length) {
    console.error(
      `Migrations must be additive (docs/deploy.md, "To upgrade"). Mark a deliberate contraction with a comment ` +
        `on or just above the statement:\n  -- plaza:contract <why no running release needs it>\n\n${problems.join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`${files.length} migration(s) checked: additive, or contractions marked.`);
}
