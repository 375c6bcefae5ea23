import { asc, eq } from 'drizzle-orm';
import type { CreateIdpConnectionRequest, IdpConnection, SsoProvider } from '@plaza/contracts';
import type { Ctx } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { idpConnections } from './tables.js';

/** The single tenant of a self-hosted site, as it appears in SSO login URLs. */
export const SSO_TENANT_ID = 'default';

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
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate.toISOString(),
});

export async function createConnection(ctx: Ctx, input: CreateIdpConnectionRequest): Promise<IdpConnection> {
  const [row] = await ctx.db
    .insert(idpConnections)
    .values({
      id: uuidv7(),
      displayName: input.displayName,
      issuer: input.issuer.replace(/\/+$/, ''),
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      scopes: input.scopes ?? 'openid email profile',
    })
    .returning();
  return toConnection(ctx, row!);
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

/** The buttons of the login page. */
export async function listProviders(ctx: Ctx): Promise<SsoProvider[]> {
  const rows = await ctx.db
    .select({ id: idpConnections.id, displayName: idpConnections.displayName })
    .from(idpConnections)
    .where(eq(idpConnections.enabled, true))
    .orderBy(asc(idpConnections.createdDate));
  return rows.map((r) => ({
    ...r,
    loginUrl: `${ctx.config.publicUrl}/identity/v1/sso/login/${SSO_TENANT_ID}/${r.id}`,
  }));
}
