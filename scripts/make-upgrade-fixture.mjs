#!/usr/bin/env node
// Writes the upgrade test's fixture: a shop's database as an earlier commit of Plaza wrote it.
// Usage: node scripts/make-upgrade-fixture.mjs [--commit SHA] [--admin-url postgres://postgres@127.0.0.1:5432/postgres]
//
// It checks the commit out into a temporary worktree (sharing this checkout's node_modules), builds that commit's
// server, and on a temporary PostgreSQL database runs that commit's own `seed` (site, owner, demo catalog and
// members), `load-data` (more members, reviews) and `start`, then places orders through that server's HTTP API as
// visitors paying with the test card. The database goes through pg_dump (plain SQL, INSERTs so PGlite loads it too)
// into packages/server/test/fixtures/upgrade-<sha7>.sql.gz. Everything temporary is removed, also on failure.
// Run it once per fixture and commit the result; the test never runs it.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import pg from 'pg';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The commit that added packages/server/drizzle/0020_orders.sql: the first at which a shop could take orders. */
const FIRST_ORDERS_COMMIT = '545c1492740a4288ae94ee631ac631ba44b49a4d';
/** That commit's catalog app id (PLAZA_CATALOG_APP_ID), which checkout line items name. */
const CATALOG_APP_ID = 'plaza-catalog';

const { values: args } = parseArgs({
  options: {
    commit: { type: 'string', default: FIRST_ORDERS_COMMIT },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});

function fail(message) {
  console.error(message);
  process.exit(1);
}

const git = (...a) => execFileSync('git', ['-C', root, ...a], { encoding: 'utf8' }).trim();
let sha;
try {
  sha = git('rev-parse', '--verify', `${args.commit}^{commit}`);
} catch {
  fail(`--commit: "${args.commit}" is not a commit of this repository`);
}
if (!URL.canParse(args['admin-url']) || !/^postgres(ql)?:$/.test(new URL(args['admin-url']).protocol)) {
  fail(`--admin-url: must be a postgres:// URL of a database to create the temporary one from`);
}

const out = path.join(root, 'packages/server/test/fixtures', `upgrade-${sha.slice(0, 7)}.sql.gz`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-upgrade-fixture-'));
const tree = path.join(work, 'tree');
const dbName = `plaza_upgrade_fixture_${process.pid}`;
const dbUrl = Object.assign(new URL(args['admin-url']), { pathname: `/${dbName}` }).href;
const admin = new pg.Client({ connectionString: args['admin-url'] });
let server;

try {
  checkOut();
  console.log(`Building the server of ${sha.slice(0, 7)}…`);
  execFileSync(process.execPath, ['scripts/build.mjs', '--server'], { cwd: tree, stdio: 'inherit' });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    PLAZA_PUBLIC_URL: `http://127.0.0.1:${port}`,
    PLAZA_WEB_DIST: '',
    PLAZA_DATA_DIR: path.join(work, 'data'),
    PLAZA_MEDIA_DIR: path.join(work, 'media'),
    DATABASE_URL: dbUrl,
  };
  const cli = (...a) =>
    execFileSync(process.execPath, ['packages/server/dist/cli.js', ...a], { cwd: tree, env, encoding: 'utf8' });
  console.log(cli('seed').trim());
  console.log(cli('load-data', '--members', '40', '--reviews', '12').trim());
  server = await startServer(env);
  await placeOrders(`http://127.0.0.1:${port}`, dbUrl);
  await stopServer(server);
  server = undefined;
  dump(dbUrl);
} finally {
  if (server) await stopServer(server);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
  try {
    git('worktree', 'remove', '--force', tree);
  } catch {
    // not created
  }
  fs.rmSync(work, { recursive: true, force: true });
}

/**
 * The commit in a detached worktree. Its node_modules is a folder of links to this checkout's packages, except
 * @plaza/*, which must be that commit's own workspace packages (esbuild bundles them from source).
 */
function checkOut() {
  git('worktree', 'add', '--detach', tree, sha);
  const mine = path.join(root, 'node_modules');
  const theirs = path.join(tree, 'node_modules');
  fs.mkdirSync(theirs);
  for (const name of fs.readdirSync(mine)) {
    if (name === '@plaza') continue;
    fs.symlinkSync(path.join(mine, name), path.join(theirs, name));
  }
  fs.mkdirSync(path.join(theirs, '@plaza'));
  for (const pkg of ['contracts', 'sdk', 'react', 'server']) {
    fs.symlinkSync(path.join(tree, 'packages', pkg), path.join(theirs, '@plaza', pkg));
  }
  // Versions that differ from the root's are nested under the workspace package.
  const nested = path.join(root, 'packages/server/node_modules');
  if (fs.existsSync(nested)) fs.symlinkSync(nested, path.join(tree, 'packages/server/node_modules'));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer().on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env) {
  const child = spawn(process.execPath, ['packages/server/dist/cli.js', 'start'], {
    cwd: tree,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the old server did not start in 60 s:\n${log}`)), 60_000);
    const onData = (d) => {
      log += String(d);
      if (log.includes('Plaza is running on ')) resolve(clearTimeout(timer));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the old server exited (${code}):\n${log}`)));
  });
  return child;
}

function stopServer(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
}

async function http(base, method, url, auth, body) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(auth ? { authorization: auth } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** Buyers check out and pay with the test card, as the storefront does: one visitor token per buyer. */
async function placeOrders(base, url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const { rows: products } = await db.query(
    `SELECT id, name FROM catalog_products WHERE visible AND product_type = 'PHYSICAL'
       AND NOT EXISTS (SELECT 1 FROM catalog_variants v WHERE v.product_id = catalog_products.id)
     ORDER BY name LIMIT 4`,
  );
  await db.end();
  if (products.length < 2) throw new Error('the demo catalog has fewer than two simple products to order');
  const buyers = ['ada@example.com', 'ben@example.com', 'cleo@example.com', 'dan@example.com', 'eva@example.com'];
  for (const [i, email] of buyers.entries()) {
    const token = await http(base, 'POST', '/oauth2/token', undefined, {
      grantType: 'anonymous',
      clientId: 'plaza-web',
    });
    const auth = `Bearer ${token.access_token}`;
    const lineItems = products
      .slice(0, 1 + (i % products.length))
      .map((p, n) => ({ catalogReference: { appId: CATALOG_APP_ID, catalogItemId: p.id }, quantity: 1 + n }));
    const { checkout } = await http(base, 'POST', '/ecom/v1/checkouts', auth, {
      lineItems,
      checkoutInfo: { buyerInfo: { email } },
      channelType: 'WEB',
    });
    const { paymentToken } = await http(base, 'POST', '/ecom/v1/payments/test-card/tokens', auth, {
      cardNumber: '4242424242424242',
      expiryMonth: 12,
      expiryYear: 2099,
      cvc: '123',
    });
    const { order } = await http(base, 'POST', `/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`, auth, {
      paymentToken,
    });
    console.log(`Order ${order.number}: ${order.priceSummary.total.amount} (${email})`);
  }
}

/** Plain SQL both PostgreSQL and PGlite load: INSERTs (not COPY), no session settings, owners or psql commands. */
function dump(url) {
  const sql = execFileSync(
    'pg_dump',
    ['--no-owner', '--no-privileges', '--no-comments', '--no-publications', '--no-subscriptions', '--inserts', url],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  const kept = sql
    .split('\n')
    .filter((l) => !/^(SET |SELECT pg_catalog\.set_config|\\|--)/.test(l))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, zlib.gzipSync(`-- Plaza ${sha}: node scripts/make-upgrade-fixture.mjs\n${kept}`, { level: 9 }));
  console.log(`Wrote ${path.relative(root, out)} (${fs.statSync(out).size} bytes).`);
}
