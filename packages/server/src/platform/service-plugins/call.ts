import { and, desc, eq, notInArray } from 'drizzle-orm';
import { Compile, type Validator } from 'typebox/compile';
import {
  DEFAULT_SERVICE_PLUGIN_METHOD,
  SERVICE_PLUGIN_METHODS,
  type ServicePluginCallOutcome,
  type ServicePluginMethod,
  type ServicePluginMethodOf,
  type ServicePluginRequest,
  type ServicePluginResponse,
  type ServicePluginType,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { onPrimary } from '../../kernel/read-scope.js';
import { uuidv7 } from '../../lib/ids.js';
import { allowPrivateTargets, signAppJwt } from '../webhooks/index.js';
import { allowCall, recordFailure, recordSuccess, releaseTrial } from './breaker.js';
import { MAX_ANSWER_BYTES, postPluginCall, type Answer } from './send.js';
import { servicePluginCalls, servicePluginImplementations } from './tables.js';

/** The app's own error answer: its code, words and HTTP status. */
export interface ServicePluginAppError {
  code: string;
  description: string;
  status: number;
  data?: Record<string, unknown>;
}

export type ServicePluginFailure = Exclude<ServicePluginCallOutcome, 'OK'>;

export type ServicePluginResult<M extends ServicePluginMethod> =
  | { ok: true; response: ServicePluginResponse<M> }
  | { ok: false; reason: ServicePluginFailure; appError?: ServicePluginAppError; error?: string };

/** Kept per implementation for the dashboard. */
const KEPT_CALLS = 50;
/** A call JWT is checked on arrival; a minute covers clock skew. */
const CALL_JWT_SECONDS = 60;

const validators = new Map<ServicePluginMethod, Validator>();
function validatorFor(method: ServicePluginMethod): Validator {
  let v = validators.get(method);
  if (!v) validators.set(method, (v = Compile(SERVICE_PLUGIN_METHODS[method].response)));
  return v;
}

type Implementation = typeof servicePluginImplementations.$inferSelect;

const IMPLEMENTATIONS_TTL_MS = 2_000;
const implementationsCache = new WeakMap<object, { byType: Map<string, Implementation>; at: number; gen: number }>();
let implementationsGen = 0;

/**
 * The enabled implementation per type, kept per node (keyed by the server's config: tests run many servers in one
 * process): every totals run asks for five plugin types, and most sites register none. service.ts calls
 * `implementationsChanged()` after each write; other nodes' changes show within the TTL, or at once for a caller whose
 * consistency token is newer than the entry. Also used inside transactions (carts price under their row lock).
 */
async function enabledImplementations(ctx: Ctx): Promise<Map<string, Implementation>> {
  const hit = implementationsCache.get(ctx.config);
  const now = Date.now();
  if (
    hit &&
    hit.gen === implementationsGen &&
    now - hit.at < IMPLEMENTATIONS_TTL_MS &&
    !(ctx.consistencyMs && ctx.consistencyMs >= hit.at)
  ) {
    return hit.byType;
  }
  const gen = implementationsGen;
  // On the primary: the entry is stamped `now`, which a lagging replica's rows would not be current at.
  const rows = await onPrimary(() =>
    ctx.db.select().from(servicePluginImplementations).where(eq(servicePluginImplementations.enabled, true)),
  );
  const byType = new Map(rows.map((r) => [r.type, r]));
  if (gen === implementationsGen) implementationsCache.set(ctx.config, { byType, at: now, gen });
  return byType;
}

/** Makes the cached implementation lookup stale (service.ts calls it after every create, update and delete). */
export function implementationsChanged(): void {
  implementationsGen++;
}

/**
 * Calls the app registered for `type` (its default method, or `opts.method`) with a JWT-signed request, within the
 * implementation's timeout and behind its circuit breaker. Never throws for the app's behaviour: the result says
 * what happened, and the caller applies the type's fallback (see fallbacks.ts) or turns an APP_ERROR into an error.
 */
export async function callServicePlugin<T extends ServicePluginType, M extends ServicePluginMethodOf<T>>(
  ctx: Ctx,
  type: T,
  request: ServicePluginRequest<M>,
  opts: { method?: M } = {},
): Promise<ServicePluginResult<M>> {
  const impl = (await enabledImplementations(ctx)).get(type);
  if (!impl) return { ok: false, reason: 'NOT_REGISTERED' };
  const method = (opts.method ?? DEFAULT_SERVICE_PLUGIN_METHOD[type]) as M;
  return callImplementation(ctx, impl, method, request);
}

/** One call to one implementation, recorded in its recent calls. Also used by the dashboard's test call. */
export async function callImplementation<M extends ServicePluginMethod>(
  ctx: Ctx,
  impl: Implementation,
  method: M,
  request: unknown,
  opts: { test?: boolean; callId?: string } = {},
): Promise<ServicePluginResult<M>> {
  const started = ctx.clock().getTime();
  const callId = opts.callId ?? uuidv7(started);
  const test = opts.test ?? false;
  let statusCode: number | undefined;
  let result: ServicePluginResult<M>;
  if (!allowCall(impl.id, started)) {
    result = { ok: false, reason: 'CIRCUIT_OPEN', error: 'Too many failed calls in a row; paused for a while' };
  } else {
    let jwt: string;
    let allowPrivate: boolean;
    try {
      jwt = await signAppJwt(
        ctx,
        { pluginType: impl.type, method, request, metadata: { requestId: callId, implementationId: impl.id } },
        { expiresInSeconds: CALL_JWT_SECONDS },
      );
      allowPrivate = await allowPrivateTargets(ctx);
    } catch (err) {
      // Our own failure, not the app's: it does not count, but a half-open trial must end or the circuit stays open.
      releaseTrial(impl.id);
      throw err;
    }
    const t0 = performance.now();
    const answer = await postPluginCall(impl.url, jwt, { timeoutMs: impl.timeoutMs, allowPrivate });
    statusCode = answer.status;
    result = interpret<M>(method, answer);
    const healthy = result.ok || (result.reason === 'APP_ERROR' && result.appError!.status < 500);
    if (healthy) recordSuccess(impl.id);
    else recordFailure(impl.id, ctx.clock().getTime());
    await record(ctx, impl.id, callId, method, started, Math.round(performance.now() - t0), result, statusCode, test);
    return result;
  }
  await record(ctx, impl.id, callId, method, started, 0, result, statusCode, test);
  return result;
}

function interpret<M extends ServicePluginMethod>(method: M, answer: Answer): ServicePluginResult<M> {
  if (answer.kind === 'timeout') return { ok: false, reason: 'TIMEOUT', error: 'The app did not answer in time' };
  if (answer.kind === 'unreachable') return { ok: false, reason: 'UNREACHABLE', error: answer.error };
  if (answer.kind === 'too-large')
    return { ok: false, reason: 'BAD_RESPONSE', error: `The answer is larger than ${MAX_ANSWER_BYTES / 1024} KB` };
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return { ok: false, reason: 'BAD_RESPONSE', error: `The app answered ${answer.status} without JSON` };
  }
  if (answer.status >= 200 && answer.status < 300) {
    const validator = validatorFor(method);
    if (validator.Check(body)) return { ok: true, response: body as ServicePluginResponse<M> };
    const first = validator.Errors(body)[0];
    const where = first?.instancePath ? `${first.instancePath.slice(1).replaceAll('/', '.')}: ` : '';
    return {
      ok: false,
      reason: 'BAD_RESPONSE',
      error: `The answer does not fit ${method}: ${where}${first?.message ?? 'invalid'}`,
    };
  }
  const appError = readAppError(body);
  if (appError && answer.status >= 400)
    return { ok: false, reason: 'APP_ERROR', appError: { ...appError, status: answer.status } };
  return { ok: false, reason: 'BAD_RESPONSE', error: `The app answered ${answer.status} without an application error` };
}

/** `{ details: { applicationError: { code, description, data? } } }`, the error shape apps answer with. */
function readAppError(body: unknown): Omit<ServicePluginAppError, 'status'> | undefined {
  const e = (body as { details?: { applicationError?: Record<string, unknown> } } | null)?.details?.applicationError;
  if (!e || typeof e.code !== 'string' || !e.code) return undefined;
  const description = typeof e.description === 'string' ? e.description : e.code;
  const data = e.data && typeof e.data === 'object' ? (e.data as Record<string, unknown>) : undefined;
  return { code: e.code.slice(0, 100), description: description.slice(0, 1000), ...(data ? { data } : {}) };
}

async function record(
  ctx: Ctx,
  implementationId: string,
  id: string,
  method: string,
  started: number,
  latencyMs: number,
  result: ServicePluginResult<ServicePluginMethod>,
  statusCode: number | undefined,
  test: boolean,
): Promise<void> {
  const outcome: ServicePluginCallOutcome = result.ok ? 'OK' : result.reason;
  const error = result.ok
    ? null
    : ((result.appError ? `${result.appError.code}: ${result.appError.description}` : result.error) ?? null);
  await ctx.db.insert(servicePluginCalls).values({
    id,
    implementationId,
    method,
    calledDate: new Date(started),
    latencyMs,
    outcome,
    statusCode: statusCode ?? null,
    error: error?.slice(0, 1000) ?? null,
    test,
  });
  // Keep the newest KEPT_CALLS: a bounded log, however busy the plugin.
  const keep = ctx.db
    .select({ id: servicePluginCalls.id })
    .from(servicePluginCalls)
    .where(eq(servicePluginCalls.implementationId, implementationId))
    .orderBy(desc(servicePluginCalls.calledDate), desc(servicePluginCalls.id))
    .limit(KEPT_CALLS);
  await ctx.db
    .delete(servicePluginCalls)
    .where(and(eq(servicePluginCalls.implementationId, implementationId), notInArray(servicePluginCalls.id, keep)));
}
