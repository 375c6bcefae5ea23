import { createPrivateKey, generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { asc, isNull, sql } from 'drizzle-orm';
import type { WebhookJwks } from '@plaza/contracts';
import { inTransaction, rootDbOf, type Ctx } from '../../kernel/context.js';
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
  publicJwk: WebhookJwks['keys'][number];
}

/** Per process: the key is immutable once created, so one read per process is enough. */
const cache = new WeakMap<object, Promise<SigningKey>>();

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * The newest live webhook key, created on first use. Creation runs under an advisory lock inside a transaction, so
 * nodes starting together on one database agree on a single key.
 */
async function currentKey(ctx: Ctx): Promise<SigningKey> {
  // Cached per root database handle: a test server and its second node share the database, each reads once; a
  // transaction (a payment app called during a placement) uses its node's key.
  const holder = rootDbOf(ctx) as unknown as object;
  let pending = cache.get(holder);
  if (!pending) {
    pending = loadOrCreate(ctx).then(
      ({ key, created }) => {
        // A key made inside a transaction that may still roll back is not kept (the server makes it at start).
        if (created && inTransaction(ctx)) cache.delete(holder);
        return key;
      },
      (err: unknown) => {
        cache.delete(holder);
        throw err;
      },
    );
    cache.set(holder, pending);
  }
  return pending;
}

/** Makes (or reads) the webhook key at start, so no request has to create it inside its own transaction. */
export async function ensureWebhookKey(ctx: Ctx): Promise<void> {
  await currentKey(ctx);
}

async function loadOrCreate(ctx: Ctx): Promise<{ key: SigningKey; created: boolean }> {
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${WEBHOOK_KEY_LOCK})`);
    const [live] = await tx
      .select()
      .from(webhookKeys)
      .where(isNull(webhookKeys.retiredDate))
      .orderBy(asc(webhookKeys.createdDate), asc(webhookKeys.kid))
      .limit(1);
    if (live) return { ...live, created: false };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = `wh_${randomToken(9)}`;
    const privateJwk = { ...privateKey.export({ format: 'jwk' }), kid, alg: ALG, use: 'sig' };
    const publicJwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: ALG, use: 'sig' };
    const [made] = await tx.insert(webhookKeys).values({ kid, privateJwk, publicJwk }).returning();
    return { ...made!, created: true };
  });
  return {
    key: {
      kid: row.kid,
      privateKey: createPrivateKey({ key: row.privateJwk as JsonWebKey, format: 'jwk' }),
      publicJwk: row.publicJwk as WebhookJwks['keys'][number],
    },
    created: row.created,
  };
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

/**
 * The public webhook keys (JWKS), for receivers to verify what Plaza sends them. Served from memory: an app may ask
 * while the request that called it holds the embedded database's only connection. One key is live at a time (the
 * oldest unretired, made under a lock), so the set is that key.
 */
export async function webhookPublicJwks(ctx: Ctx): Promise<WebhookJwks> {
  return { keys: [(await currentKey(ctx)).publicJwk] };
}
