import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { ConnectStripeRequest, PaymentMode, StripeSettings } from '@plaza/contracts';
import type { Ctx } from '../../../kernel/context.js';
import { AppError, violation } from '../../../kernel/errors.js';
import { createConfigCache } from '../../../lib/config-cache.js';
import { seal, unseal } from '../../../lib/sealed.js';
import { stripeAccount } from './tables.js';

const ROW_ID = 'default';
export const WEBHOOK_PATH = '/payments/v1/stripe/webhook';

type AccountRow = typeof stripeAccount.$inferSelect;

/** The connection a payment uses: a ready client and what the account is. */
export interface StripeConnection {
  stripe: Stripe;
  mode: PaymentMode;
  live: boolean;
  manualCapture: boolean;
  webhookSecret: string;
}

const cache = createConfigCache(async (ctx) => {
  const [row] = await ctx.db.select().from(stripeAccount).where(eq(stripeAccount.id, ROW_ID));
  return row;
});

/** The Stripe client for a key, pointed where the configuration says (tests: a loopback Stripe). */
function clientFor(ctx: Ctx, secretKey: string): Stripe {
  const api = ctx.config.payments.stripeApi;
  return new Stripe(secretKey, {
    telemetry: false,
    // Plaza's own retries (the outbox, webhooks) decide what happens next; Stripe's client retries network blips.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
  });
}

const clients = new Map<string, Stripe>();

/** The shop's Stripe connection, or undefined when Stripe is not connected. */
export async function stripeConnection(ctx: Ctx): Promise<StripeConnection | undefined> {
  const row = await cache.get(ctx);
  if (!row) return undefined;
  const key = keyOf(ctx);
  const secretKey = unseal(key, row.secretKeySealed, 'stripe.secretKey');
  const cacheKey = `${secretKey}@${JSON.stringify(ctx.config.payments.stripeApi ?? null)}`;
  let stripe = clients.get(cacheKey);
  if (!stripe) clients.set(cacheKey, (stripe = clientFor(ctx, secretKey)));
  return {
    stripe,
    mode: row.mode as PaymentMode,
    live: row.mode === 'LIVE',
    manualCapture: row.captureMethod === 'MANUAL',
    webhookSecret: unseal(key, row.webhookSecretSealed, 'stripe.webhookSecret'),
  };
}

/** Whether the shop takes real money (Stripe in live mode): from the cached row, no secret opened. */
export async function stripeIsLive(ctx: Ctx): Promise<boolean> {
  return (await cache.get(ctx))?.mode === 'LIVE';
}

/** The connection, or a 409 in words for a caller that needs Stripe. */
export async function requireStripe(ctx: Ctx): Promise<StripeConnection> {
  const connection = await stripeConnection(ctx);
  if (!connection) {
    throw new AppError('CONFLICT', 'This shop takes card payments with test cards: Stripe is not connected', {
      applicationCode: 'STRIPE_NOT_CONNECTED',
    });
  }
  return connection;
}

function keyOf(ctx: Ctx): Buffer {
  const key = ctx.config.payments.encryptionKey;
  if (!key) {
    throw new AppError('CONFLICT', 'Payment keys cannot be kept: the server has no PLAZA_ENCRYPTION_KEY', {
      applicationCode: 'ENCRYPTION_KEY_MISSING',
    });
  }
  return key;
}

const hint = (secret: string) => `${secret.slice(0, secret.indexOf('_', 3) + 1 || 4)}…${secret.slice(-4)}`;

/** The connection as the owner sees it. */
export async function getStripeSettings(ctx: Ctx): Promise<StripeSettings> {
  const row = await cache.get(ctx);
  return toSettings(ctx, row);
}

function toSettings(ctx: Ctx, row: AccountRow | undefined): StripeSettings {
  const base = {
    webhookUrl: ctx.config.publicUrl + WEBHOOK_PATH,
    canStoreKeys: Boolean(ctx.config.payments.encryptionKey),
  };
  if (!row) return { connected: false, captureMethod: 'AUTOMATIC', ...base };
  return {
    connected: true,
    mode: row.mode as PaymentMode,
    ...(row.accountName ? { accountName: row.accountName } : {}),
    publishableKey: row.publishableKey,
    secretKeyHint: row.secretKeyHint,
    webhookSecretHint: row.webhookSecretHint,
    captureMethod: row.captureMethod as StripeSettings['captureMethod'],
    connectedDate: row.connectedDate.toISOString(),
    ...base,
  };
}

/** The keys' own shape: their prefixes say which mode they belong to. */
function checkKeyShapes(req: ConnectStripeRequest): void {
  const prefix = req.mode === 'LIVE' ? 'live' : 'test';
  const other = req.mode === 'LIVE' ? 'test' : 'live';
  const modeWord = req.mode === 'LIVE' ? 'Live mode' : 'Test mode';
  const secret = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.exec(req.secretKey.trim());
  if (!secret)
    throw violation(
      'secretKey',
      'FORMAT',
      'A secret key starts with sk_test_ or sk_live_ (or rk_ for a restricted key)',
    );
  if (secret[2] === other)
    throw violation(
      'secretKey',
      'VALIDATION',
      `This is a ${other} key: ${modeWord} needs a ${prefix} key (sk_${prefix}_…)`,
    );
  const publishable = /^pk_(test|live)_[A-Za-z0-9]+$/.exec(req.publishableKey.trim());
  if (!publishable) throw violation('publishableKey', 'FORMAT', 'A publishable key starts with pk_test_ or pk_live_');
  if (publishable[1] === other)
    throw violation(
      'publishableKey',
      'VALIDATION',
      `This is a ${other} key: ${modeWord} needs a ${prefix} key (pk_${prefix}_…)`,
    );
  if (!/^whsec_[A-Za-z0-9]+$/.test(req.webhookSecret.trim())) {
    throw violation(
      'webhookSecret',
      'FORMAT',
      'The signing secret starts with whsec_: copy it from the webhook endpoint in Stripe',
    );
  }
}

/** One harmless call (the account itself) tells whether Stripe takes the key; its refusal is said in words. */
async function checkWithStripe(ctx: Ctx, secretKey: string): Promise<Stripe.Account> {
  try {
    return await clientFor(ctx, secretKey).accounts.retrieveCurrent();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeAuthenticationError) {
      throw violation(
        'secretKey',
        'VALIDATION',
        'Stripe did not accept this secret key: copy it again from Stripe (Developers → API keys)',
      );
    }
    if (err instanceof Stripe.errors.StripePermissionError) {
      throw violation(
        'secretKey',
        'VALIDATION',
        'This restricted key may not read the account: give it the "Account: read" permission',
      );
    }
    ctx.log.warn({ err }, 'checking a Stripe key failed');
    throw new AppError(
      'CONFLICT',
      'Stripe could not be reached to check the key: nothing was saved, try again in a moment',
      {
        applicationCode: 'STRIPE_UNAVAILABLE',
      },
    );
  }
}

/** Connects Stripe, or replaces its keys: checked first, stored sealed. */
export async function connectStripe(ctx: Ctx, req: ConnectStripeRequest): Promise<StripeSettings> {
  const key = keyOf(ctx);
  checkKeyShapes(req);
  const secretKey = req.secretKey.trim();
  const account = await checkWithStripe(ctx, secretKey);
  const now = ctx.clock();
  const values = {
    mode: req.mode,
    secretKeySealed: seal(key, secretKey, 'stripe.secretKey'),
    secretKeyHint: hint(secretKey),
    publishableKey: req.publishableKey.trim(),
    webhookSecretSealed: seal(key, req.webhookSecret.trim(), 'stripe.webhookSecret'),
    webhookSecretHint: hint(req.webhookSecret.trim()),
    accountId: account.id,
    accountName: account.settings?.dashboard?.display_name ?? account.business_profile?.name ?? null,
    captureMethod: req.captureMethod ?? 'AUTOMATIC',
    connectedDate: now,
    updatedDate: now,
  };
  const [row] = await cache.afterWrite(
    ctx.db
      .insert(stripeAccount)
      .values({ id: ROW_ID, createdDate: now, ...values })
      .onConflictDoUpdate({ target: stripeAccount.id, set: values })
      .returning(),
  );
  return toSettings(ctx, row);
}

export async function updateStripeSettings(
  ctx: Ctx,
  patch: { captureMethod: StripeSettings['captureMethod'] },
): Promise<StripeSettings> {
  const [row] = await cache.afterWrite(
    ctx.db
      .update(stripeAccount)
      .set({ captureMethod: patch.captureMethod, updatedDate: ctx.clock() })
      .where(eq(stripeAccount.id, ROW_ID))
      .returning(),
  );
  if (!row) throw new AppError('NOT_FOUND', 'Stripe is not connected', { applicationCode: 'STRIPE_NOT_CONNECTED' });
  return toSettings(ctx, row);
}

/** Deletes the keys: buyers pay with test cards again; recorded payments keep their history. */
export async function disconnectStripe(ctx: Ctx): Promise<StripeSettings> {
  await cache.afterWrite(ctx.db.delete(stripeAccount).where(eq(stripeAccount.id, ROW_ID)));
  return toSettings(ctx, undefined);
}
