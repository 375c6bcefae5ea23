import { and, asc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { CreateIdpConnectionRequest, IdpConnection, SsoProvider } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { checkProvider } from './check.js';
import { idpConnections } from './tables.js';

/** The single tenant of a self-hosted site, as it appears in SSO login URLs. */
export const SSO_TENANT_ID = 'default';

/** A connection whose check failed is checked again (by the login page's list) at most this often. */
const RECHECK_AFTER_MS = 5 * 60 * 1000;

type Row = typeof idpConnections.$inferSelect;

export const ssoCallbackUrl = (ctx: Pick<Ctx, 'config'>) => `${ctx.config.publicUrl}/identity/v1/callback`;

const toConnection = (ctx: Pick<Ctx, 'config'>, r: Row): IdpConnection => ({
  id: r.id,
  displayName: r.displayName,
  issuer: r.issuer,
  clientId: r.clientId,
  scopes: r.scopes,
  enabled: r.enabled,
  callbackUrl: ssoCallbackUrl(ctx),
  ...(r.lastCheckedDate ? { lastCheckedDate: r.lastCheckedDate.toISOString() } : {}),
  ...(r.lastCheckError ? { lastCheckError: r.lastCheckError } : {}),
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate.toISOString(),
});

/** Saves a connection only when its provider answers discovery, so a typo never reaches the login page. */
export async function createConnection(ctx: Ctx, input: CreateIdpConnectionRequest): Promise<IdpConnection> {
  const issuer = input.issuer.replace(/\/+$/, '');
  const problem = await checkProvider(ctx, { issuer, clientId: input.clientId, clientSecret: input.clientSecret });
  if (problem) {
    throw new AppError('VALIDATION', problem, {
      violations: [{ field: 'issuer', violatedRule: 'VALIDATION', description: problem, data: { check: 'DISCOVERY' } }],
    });
  }
  const [row] = await ctx.db
    .insert(idpConnections)
    .values({
      id: uuidv7(),
      displayName: input.displayName,
      issuer,
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      scopes: input.scopes ?? 'openid email profile',
      lastCheckedDate: ctx.clock(),
    })
    .returning();
  return toConnection(ctx, row!);
}

/** Records the outcome of a check; a failed one hides the connection from login pages until a check passes. */
export async function recordCheck(ctx: Ctx, id: string, problem: string | null): Promise<Row | undefined> {
  const [row] = await ctx.db
    .update(idpConnections)
    .set({ lastCheckedDate: ctx.clock(), lastCheckError: problem })
    .where(eq(idpConnections.id, id))
    .returning();
  return row;
}

/** "Check again": fetches the provider's discovery document now and records the outcome. */
export async function checkConnection(ctx: Ctx, id: string): Promise<IdpConnection> {
  const [row] = await ctx.db.select().from(idpConnections).where(eq(idpConnections.id, id)).limit(1);
  if (!row) throw notFound('SSO connection');
  const checked = await recordCheck(ctx, id, await checkProvider(ctx, row));
  if (!checked) throw notFound('SSO connection');
  return toConnection(ctx, checked);
}

export async function listConnections(ctx: Ctx): Promise<IdpConnection[]> {
  const rows = await ctx.db.select().from(idpConnections).orderBy(asc(idpConnections.createdDate));
  return rows.map((r) => toConnection(ctx, r));
}

export async function deleteConnection(ctx: Ctx, id: string): Promise<void> {
  const deleted = await ctx.db
    .delete(idpConnections)
    .where(eq(idpConnections.id, id))
    .returning({ id: idpConnections.id });
  if (!deleted.length) throw notFound('SSO connection');
}

export async function getEnabledConnection(ctx: Ctx, id: string): Promise<Row | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await ctx.db.select().from(idpConnections).where(eq(idpConnections.id, id)).limit(1);
  return row?.enabled ? row : undefined;
}

/**
 * Failed connections whose check is old enough are checked again, one request at a time (the UPDATE claims the
 * check), so a provider that comes back returns to the login page without the owner's help.
 */
async function recheckFailed(ctx: Ctx): Promise<void> {
  const now = ctx.clock();
  const due = await ctx.db
    .update(idpConnections)
    .set({ lastCheckedDate: now })
    .where(
      and(
        eq(idpConnections.enabled, true),
        isNotNull(idpConnections.lastCheckError),
        lt(idpConnections.lastCheckedDate, new Date(now.getTime() - RECHECK_AFTER_MS)),
      ),
    )
    .returning();
  await Promise.all(due.map(async (row) => recordCheck(ctx, row.id, await checkProvider(ctx, row))));
}

/** The buttons of the login page: enabled connections whose last check passed. */
export async function listProviders(ctx: Ctx): Promise<SsoProvider[]> {
  await recheckFailed(ctx);
  const rows = await ctx.db
    .select({ id: idpConnections.id, displayName: idpConnections.displayName })
    .from(idpConnections)
    .where(and(eq(idpConnections.enabled, true), isNull(idpConnections.lastCheckError)))
    .orderBy(asc(idpConnections.createdDate));
  return rows.map((r) => ({
    ...r,
    loginUrl: `${ctx.config.publicUrl}/identity/v1/sso/login/${SSO_TENANT_ID}/${r.id}`,
  }));
}
