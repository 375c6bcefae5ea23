import { createPrivateKey, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { asc, isNull, sql } from 'drizzle-orm';
import type { WebhookJwks } from '@plaza/contracts';
import type { Ctx } from '../../context.js';
import { randomToken } from '../../lib/ids.js';
import { webhookKeys } from './tables.js';

const ALG = 'ES256';
/** Arbitrary constant: serializes creating the first webhook key across nodes. */
const WEBHOOK_KEY_LOCK = 72_114_008;
/** Webhook and plugin JWTs are checked on arrival; 5 minutes covers clock skew and a slow receiver. */
const DEFAULT_EXPIRES_SECONDS = 300;

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

/** Per process: the key is immutable once created, so one read per process is enough. */
const cache = new WeakMap<object, Promise<SigningKey>>();

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The newest live webhook key, created on first use. Creation runs under an advisory lock inside a transaction, so
 * nodes starting together on one database agree on a single key.
 */
async function currentKey(ctx: Ctx): Promise<SigningKey> {
  // Cached per database handle: a test server and its second node share the database, each reads once.
  const holder = ctx.db as unknown as object;
  let pending = cache.get(holder);
  if (!pending) {
    pending = loadOrCreate(ctx).catch((err: unknown) => {
      cache.delete(holder);
      throw err;
    });
    cache.set(holder, pending);
  }
  return pending;
}

async function loadOrCreate(ctx: Ctx): Promise<SigningKey> {
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${WEBHOOK_KEY_LOCK})`);
    const [live] = await tx
      .select()
      .from(webhookKeys)
      .where(isNull(webhookKeys.retiredDate))
      .orderBy(asc(webhookKeys.createdDate), asc(webhookKeys.kid))
      .limit(1);
    if (live) return live;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = `wh_${randomToken(9)}`;
    const privateJwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: ALG, use: 'sig' };
    const publicJwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: ALG, use: 'sig' };
    const [created] = await tx.insert(webhookKeys).values({ kid, privateJwk, publicJwk }).returning();
    return created!;
  });
  return { kid: row.kid, privateKey: createPrivateKey({ key: row.privateJwk as JsonWebKey, format: 'jwk' }) };
}

/**
 * Signs `claims` as an ES256 JWT with the site's webhook key (`kid` in the header), for webhook bodies and service
 * plugin requests. Adds `iss` (the public URL), `iat` and `exp` unless the claims set them.
 */
export async function signAppJwt(
  ctx: Ctx,
  claims: Record<string, unknown>,
  opts: { expiresInSeconds?: number } = {},
): Promise<string> {
  const key = await currentKey(ctx);
  const now = Math.floor(ctx.clock().getTime() / 1000);
  const header = b64({ alg: ALG, kid: key.kid, typ: 'JWT' });
  const payload = b64({
    iss: ctx.config.publicUrl,
    iat: now,
    exp: now + (opts.expiresInSeconds ?? DEFAULT_EXPIRES_SECONDS),
    ...claims,
  });
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
    key: key.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return `${header}.${payload}.${signature.toString('base64url')}`;
}

/** The public webhook keys (JWKS), for receivers to verify what Plaza sends them. Creates the key when none exists. */
export async function webhookPublicJwks(ctx: Ctx): Promise<WebhookJwks> {
  await currentKey(ctx);
  const rows = await ctx.db
    .select({ publicJwk: webhookKeys.publicJwk })
    .from(webhookKeys)
    .where(isNull(webhookKeys.retiredDate))
    .orderBy(asc(webhookKeys.createdDate));
  return { keys: rows.map((r) => r.publicJwk as WebhookJwks['keys'][number]) };
}
