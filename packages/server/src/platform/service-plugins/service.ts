import { isIP } from 'node:net';
import { asc, desc, eq } from 'drizzle-orm';
import {
  DEFAULT_SERVICE_PLUGIN_METHOD,
  SERVICE_PLUGIN_DEFAULT_TIMEOUT_MS,
  SERVICE_PLUGIN_METHODS,
  SERVICE_PLUGIN_UPDATABLE_PATHS,
  type CreateServicePluginImplementationRequest,
  type ServicePluginCall,
  type ServicePluginImplementation,
  type ServicePluginMethod,
  type TestServicePluginRequest,
  type TestServicePluginResponse,
  type UpdateServicePluginImplementationRequest,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { uuidv7 } from '../../lib/ids.js';
import { isPublicAddress } from '../../lib/net-guard.js';
import { allowPrivateTargets, checkTarget } from '../webhooks/index.js';
import { Compile } from 'typebox/compile';
import { circuitState, resetCircuit } from './breaker.js';
import { callImplementation, implementationsChanged } from './call.js';
import { SAMPLE_REQUESTS } from './samples.js';
import { servicePluginCalls, servicePluginImplementations } from './tables.js';

type Row = typeof servicePluginImplementations.$inferSelect;

export const MULTIPLE_IMPLEMENTATIONS = 'multiple implementations are unsupported';

const toImplementation = (r: Row, now: number): ServicePluginImplementation => ({
  id: r.id,
  type: r.type,
  name: r.name,
  url: r.url,
  enabled: r.enabled,
  timeoutMs: r.timeoutMs,
  circuit: circuitState(r.id, now),
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate.toISOString(),
});

/**
 * Plugin URLs: https in production (an app's endpoint is on the internet; plain http would expose the signed
 * requests), http or https elsewhere so apps can be developed and tested on loopback. In production, http is also
 * accepted for an address inside the store's own network once the owner allowed that network (an app running next
 * to the store, such as the README's example under `npm start`): those requests never cross the internet.
 */
async function checkUrl(ctx: Ctx, field: string, url: string): Promise<void> {
  if (!URL.canParse(url))
    throw violation(field, 'FORMAT', 'must be an absolute URL, such as https://app.example/plugin');
  const { protocol, username, password, hostname } = new URL(url);
  const production = ctx.config.nodeEnv === 'production';
  if (protocol !== 'https:' && protocol !== 'http:') throw violation(field, 'FORMAT', 'must be an http or https URL');
  if (production && protocol === 'http:' && !(isOwnNetworkHost(hostname) && (await allowPrivateTargets(ctx))))
    throw violation(
      field,
      'FORMAT',
      "must be an https URL (plain http only for an address on the shop's own network, once the owner allows it " +
        'under "Your own network" in the webhook settings)',
    );
  if (username || password) throw violation(field, 'FORMAT', 'must not carry a user name or password');
  // The webhooks' address check, when the URL is saved; the call checks again (send.ts).
  await checkTarget(ctx, url, field, 'service plugins');
}

/** localhost or a literal private, loopback or link-local address. */
const isOwnNetworkHost = (hostname: string) => {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || (isIP(host) !== 0 && !isPublicAddress(host));
};

export async function createImplementation(
  ctx: Ctx,
  input: CreateServicePluginImplementationRequest['implementation'],
): Promise<ServicePluginImplementation> {
  await checkUrl(ctx, 'implementation.url', input.url);
  const [existing] = await ctx.db
    .select({ id: servicePluginImplementations.id })
    .from(servicePluginImplementations)
    .where(eq(servicePluginImplementations.type, input.type));
  if (existing) throw multipleImplementations(input.type);
  try {
    const now = ctx.clock();
    const [row] = await ctx.db
      .insert(servicePluginImplementations)
      .values({
        id: uuidv7(now.getTime()),
        type: input.type,
        name: input.name,
        url: input.url,
        enabled: input.enabled ?? true,
        timeoutMs: input.timeoutMs ?? SERVICE_PLUGIN_DEFAULT_TIMEOUT_MS,
        createdDate: now,
        updatedDate: now,
      })
      .returning();
    implementationsChanged();
    return toImplementation(row!, now.getTime());
  } catch (err) {
    // Two registrations racing: the unique index on type lets one in.
    if (
      (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (err as { cause?: { code?: string } }).cause?.code === '23505'
    )
      throw multipleImplementations(input.type);
    throw err;
  }
}

const multipleImplementations = (type: string) =>
  new AppError('CONFLICT', MULTIPLE_IMPLEMENTATIONS, {
    applicationCode: 'MULTIPLE_IMPLEMENTATIONS',
    data: { type },
  });

export async function listImplementations(ctx: Ctx): Promise<ServicePluginImplementation[]> {
  const rows = await ctx.db.select().from(servicePluginImplementations).orderBy(asc(servicePluginImplementations.type));
  const now = ctx.clock().getTime();
  return rows.map((r) => toImplementation(r, now));
}

async function getRow(ctx: Ctx, id: string): Promise<Row> {
  const [row] = await ctx.db.select().from(servicePluginImplementations).where(eq(servicePluginImplementations.id, id));
  if (!row) throw notFound('Service plugin implementation');
  return row;
}

export async function getImplementation(ctx: Ctx, id: string): Promise<ServicePluginImplementation> {
  return toImplementation(await getRow(ctx, id), ctx.clock().getTime());
}

export async function updateImplementation(
  ctx: Ctx,
  id: string,
  input: UpdateServicePluginImplementationRequest,
): Promise<ServicePluginImplementation> {
  const { paths } = input.fieldMask;
  checkFieldMask(paths, SERVICE_PLUGIN_UPDATABLE_PATHS, input.implementation, 'implementation');
  if (paths.includes('url')) await checkUrl(ctx, 'implementation.url', input.implementation.url!);
  const row = await getRow(ctx, id);
  const patched = applyFieldMask(
    { name: row.name, url: row.url, enabled: row.enabled, timeoutMs: row.timeoutMs },
    input.implementation,
    paths,
  );
  const now = ctx.clock();
  const [updated] = await ctx.db
    .update(servicePluginImplementations)
    .set({ ...patched, updatedDate: now })
    .where(eq(servicePluginImplementations.id, id))
    .returning();
  if (!updated) throw notFound('Service plugin implementation');
  implementationsChanged();
  // A new address is a new app as far as the breaker knows.
  if (paths.includes('url')) resetCircuit(id);
  return toImplementation(updated, now.getTime());
}

export async function deleteImplementation(ctx: Ctx, id: string): Promise<void> {
  const [row] = await ctx.db
    .delete(servicePluginImplementations)
    .where(eq(servicePluginImplementations.id, id))
    .returning({ id: servicePluginImplementations.id });
  if (!row) throw notFound('Service plugin implementation');
  implementationsChanged();
  resetCircuit(id);
}

export async function listCalls(ctx: Ctx, id: string): Promise<ServicePluginCall[]> {
  await getRow(ctx, id);
  const rows = await ctx.db
    .select()
    .from(servicePluginCalls)
    .where(eq(servicePluginCalls.implementationId, id))
    .orderBy(desc(servicePluginCalls.calledDate), desc(servicePluginCalls.id));
  return rows.map(toCall);
}

const toCall = (r: typeof servicePluginCalls.$inferSelect): ServicePluginCall => ({
  id: r.id,
  method: r.method,
  calledDate: r.calledDate.toISOString(),
  latencyMs: r.latencyMs,
  outcome: r.outcome,
  ...(r.statusCode !== null ? { statusCode: r.statusCode } : {}),
  ...(r.error !== null ? { error: r.error } : {}),
  test: r.test,
});

/**
 * Sends a sample (or the owner's) request to the implementation, even when it is disabled, and reports what came
 * back. The request is validated against the method's schema first, so a test never sends what Plaza never would.
 */
export async function testImplementation(
  ctx: Ctx,
  id: string,
  input: TestServicePluginRequest,
): Promise<TestServicePluginResponse> {
  const row = await getRow(ctx, id);
  const methods = (Object.keys(SERVICE_PLUGIN_METHODS) as ServicePluginMethod[]).filter(
    (m) => SERVICE_PLUGIN_METHODS[m].type === row.type,
  );
  const method = (input.method ?? DEFAULT_SERVICE_PLUGIN_METHOD[row.type]) as ServicePluginMethod;
  if (!methods.includes(method))
    throw violation('method', 'INVALID_ENUM_VALUE', `must be one of ${methods.join(', ')} for ${row.type}`);
  const request = input.request ?? SAMPLE_REQUESTS[method];
  const requestCheck = Compile(SERVICE_PLUGIN_METHODS[method].request);
  if (!requestCheck.Check(request)) {
    const first = requestCheck.Errors(request)[0];
    const where = first?.instancePath ? `request${first.instancePath.replaceAll('/', '.')}` : 'request';
    throw violation(where, 'FORMAT', `${first?.message ?? 'does not fit'} (the ${method} request schema)`);
  }
  const callId = uuidv7(ctx.clock().getTime());
  const result = await callImplementation(ctx, row, method, request, { test: true, callId });
  const [call] = await ctx.db.select().from(servicePluginCalls).where(eq(servicePluginCalls.id, callId));
  return {
    call: toCall(call!),
    ...(result.ok ? { response: result.response } : {}),
    ...(!result.ok && result.appError ? { appError: result.appError } : {}),
  };
}
