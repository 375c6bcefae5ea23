import { parseArgs } from 'node:util';
import { API_KEY_SCOPES, type ApiKeyScope } from '@plaza/contracts';
import { BackupError, createBackup, megabytes, restoreBackup, type Manifest } from './backup/index.js';
import { ConfigError, loadConfig } from './config/index.js';
import { DataDirLockedError } from './kernel/data-dir-lock.js';
import { main } from './main.js';
import { createApiKey } from './platform/apps/index.js';
import { createOAuthClient } from './platform/oauth/index.js';
import { loadData } from './load-data.js';
import { seed } from './seed.js';
import { openMigratedDatabase } from './server.js';
import { wireModules } from './module-wiring.js';
import { createOwner, OwnerAccessError, resetOwnerPassword } from './platform/members/index.js';

const USAGE = `Usage: plaza <command>

Commands:
  start                                   migrate, seed and serve (same as npm start, without the build)
  migrate                                 apply pending database migrations
  seed                                    create the demo data that is missing
  api-key create --name NAME [--scopes a,b]
                                          create an API key; prints the key on the last line
  client create --name NAME --redirect-uri URI [--redirect-uri URI2] [--origin ORIGIN]
                                          register an OAuth client; prints the clientId on the last line
  owner reset-password [--email E]       set a new password for the owner (the one with E when there are
                                          several) and sign them out everywhere; prints it on the last line
  owner create --email E                  add another owner; prints the password on the last line
  load-data [--members N] [--reviews N] [--entity NAMESPACE/ID] [--files N] [--orders N]
                                          add synthetic members, reviews of one entity, media files and orders
                                          (load tests; --files or --orders alone load only those)
  backup [--out FILE]                     write one archive of the database and the media files (default
                                          plaza-backup-<UTC time>.tar.gz here; stop Plaza first on the embedded database)
  restore FILE                            bring an archive back into an empty data directory or database

Scopes: ${API_KEY_SCOPES.join(', ')}`;

class UsageError extends Error {}

/** Runs one CLI command with the database, then closes it. */
async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openMigratedDatabase>>) => Promise<T>): Promise<T> {
  const database = await openMigratedDatabase(loadConfig());
  // Commands write through the modules' services, whose hooks (e.g. a session's end revoking its tokens) answer here.
  wireModules();
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

export async function runCli(argv: string[]): Promise<void> {
  const [command, sub, ...rest] = argv;
  switch (command) {
    case 'start':
      return main();
    case 'migrate':
      await withDatabase(async () => {});
      console.log('Migrations applied.');
      return;
    case 'seed':
      return seedCommand();
    case 'api-key':
      return apiKeyCommand(sub, rest);
    case 'client':
      return clientCommand(sub, rest);
    case 'owner':
      return ownerCommand(sub, rest);
    case 'load-data':
      return loadDataCommand([sub, ...rest].filter((a): a is string => a !== undefined));
    case 'backup':
      return backupCommand([sub, ...rest].filter((a): a is string => a !== undefined));
    case 'restore':
      return restoreCommand([sub, ...rest].filter((a): a is string => a !== undefined));
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return;
    default:
      throw new UsageError(`Unknown command "${command}"`);
  }
}

async function seedCommand(): Promise<void> {
  const result = await withDatabase((db) => seed(db, loadConfig(), { demo: true }));
  console.log(
    `Seeded: site ${result.siteCreated ? 'created' : 'kept'}, web client ${result.webClientCreated ? 'created' : 'updated'}.`,
  );
  if (result.owner) console.log(`Owner login: ${result.owner.email} / ${result.owner.password}`);
}

async function apiKeyCommand(sub: string | undefined, rest: string[]): Promise<void> {
  if (sub !== 'create') throw new UsageError(`Unknown api-key command "${sub ?? ''}"`);
  const { values } = parseArgs({ args: rest, options: { name: { type: 'string' }, scopes: { type: 'string' } } });
  if (!values.name) throw new UsageError('--name is required');
  const scopes = (values.scopes ?? '*')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = scopes.filter((s) => !(API_KEY_SCOPES as readonly string[]).includes(s));
  if (bad.length || !scopes.length) throw new UsageError(`Unknown scope(s): ${bad.join(', ')}`);
  const { apiKey, key } = await withDatabase((database) =>
    createApiKey(database, { name: values.name!, scopes: scopes as ApiKeyScope[] }),
  );
  console.log(
    `Created API key "${apiKey.name}" (${apiKey.id}) with scopes ${apiKey.scopes.join(', ')}. It is shown only now:`,
  );
  console.log(key);
}

async function clientCommand(sub: string | undefined, rest: string[]): Promise<void> {
  if (sub !== 'create') throw new UsageError(`Unknown client command "${sub ?? ''}"`);
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      origin: { type: 'string', multiple: true },
    },
  });
  if (!values.name) throw new UsageError('--name is required');
  const redirectUris = values['redirect-uri'] ?? [];
  if (!redirectUris.length) throw new UsageError('--redirect-uri is required');
  for (const u of [...redirectUris, ...(values.origin ?? [])]) {
    if (!/^https?:\/\/[^\s]+$/.test(u) || !URL.canParse(u)) throw new UsageError(`Not an http(s) URL: ${u}`);
  }
  const client = await withDatabase((database) =>
    createOAuthClient(database, {
      name: values.name!,
      redirectUris,
      ...(values.origin ? { allowedOrigins: values.origin.map((o) => new URL(o).origin) } : {}),
    }),
  );
  console.log(`Registered OAuth client "${client.name}". Its clientId:`);
  console.log(client.id);
}

async function ownerCommand(sub: string | undefined, rest: string[]): Promise<void> {
  const { values } = parseArgs({ args: rest, options: { email: { type: 'string' } } });
  if (sub === 'reset-password') {
    const owner = await withDatabase((database) =>
      resetOwnerPassword(database.db, values.email ? { email: values.email } : {}),
    );
    console.log(`New password for ${owner.email} (shown only now; every session of this owner has ended):`);
    console.log(owner.password);
    return;
  }
  if (sub === 'create') {
    if (!values.email) throw new UsageError('--email is required');
    const owner = await withDatabase((database) => createOwner(database.db, { email: values.email! }));
    console.log(`Created owner ${owner.email}. The password is shown only now:`);
    console.log(owner.password);
    return;
  }
  throw new UsageError(`Unknown owner command "${sub ?? ''}"`);
}

async function loadDataCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      members: { type: 'string' },
      reviews: { type: 'string' },
      entity: { type: 'string' },
      files: { type: 'string' },
      orders: { type: 'string' },
    },
  });
  const count = (v: string | undefined, fallback: number) => {
    const n = v === undefined ? fallback : Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 10_000_000) throw new UsageError(`Not a count: ${v}`);
    return n;
  };
  // `--files N` or `--orders N` alone loads only media files or orders.
  const only = (values.files !== undefined || values.orders !== undefined) && values.members === undefined;
  const files = count(values.files, 0);
  const orders = count(values.orders, 0);
  const members = count(values.members, only ? 0 : 100_000);
  const reviews = count(values.reviews, only ? 0 : 10_000);
  if (reviews > members) throw new UsageError('--reviews can be at most --members (one review per member)');
  const [namespace, entityId] = (values.entity ?? 'stores/load-product').split('/');
  if (!namespace || !entityId || !/^[a-z][a-z0-9_-]*$/.test(namespace) || !/^[\w.-]+$/.test(entityId)) {
    throw new UsageError('--entity must look like namespace/id, such as stores/load-product');
  }
  const started = Date.now();
  await withDatabase((database) => loadData(database, { files, orders, members, reviews, namespace, entityId }));
  console.log(
    `Loaded ${orders} orders, ${files} media files, ${members} members and ${reviews} reviews of ${namespace}/${entityId} in ${Date.now() - started} ms.`,
  );
}

/** `12 tables (3456 rows) and 7 media files (1.2 MB)`, or the bucket for S3. */
function contents(m: Manifest): string {
  const rows = Object.values(m.database.rows).reduce((n, r) => n + r, 0);
  const tables = `${Object.keys(m.database.rows).length} tables (${rows} rows)`;
  return m.media.storage === 'local'
    ? `${tables} and ${m.media.files} media files (${megabytes(m.media.bytes)})`
    : `${tables}; media in S3 bucket "${m.media.bucket}"`;
}

async function backupCommand(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
  if (values.out === '') throw new UsageError('--out needs a file name');
  const started = Date.now();
  const r = await createBackup(loadConfig(), values.out ? { out: values.out } : {});
  for (const note of r.notes) console.log(note);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Backed up ${contents(r.manifest)} to ${r.file} (${megabytes(r.archiveBytes)}) in ${seconds} s.`);
}

async function restoreCommand(args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError('restore takes one archive file: plaza restore FILE');
  const started = Date.now();
  const r = await restoreBackup(loadConfig(), positionals[0]!);
  for (const note of r.notes) console.log(note);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Restored ${contents(r.manifest)} from ${r.file}, checksums verified, in ${seconds} s.`);
}

runCli(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof UsageError) {
    console.error(`${e.message}\n\n${USAGE}`);
  } else if (
    e instanceof ConfigError ||
    e instanceof DataDirLockedError ||
    e instanceof OwnerAccessError ||
    e instanceof BackupError
  ) {
    console.error(e.message);
  } else if (e instanceof Error && 'code' in e && (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${e.message}\n\n${USAGE}`);
  } else {
    console.error(e);
  }
  process.exit(1);
});
