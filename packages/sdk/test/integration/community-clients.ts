import { expect } from 'vitest';
import { type Cast } from '../../../server/src/test/community.js';
import { ApiKeyStrategy, createClient, isPlazaError, type AuthStrategy, type PlazaError } from '../../src/index.js';
import { jobs } from '../../src/modules/jobs.js';
import { members } from '../../src/modules/members.js';
import { reviews } from '../../src/modules/reviews.js';
import { recordingFetch } from './recorder.js';

/**
 * A strategy that sends one fixed Authorization header: the test fixtures mint member and visitor tokens with the
 * server's real token code, so these clients skip the sign-in (covered by member.test.ts and oauth.test.ts).
 */
export function fixedAuth(authorization: string): AuthStrategy {
  return { getAuthHeaders: async () => ({ authorization }) };
}

/** An SDK client with the members, reviews and jobs modules, as `authorization` (a `Bearer …` header or an API key). */
export function sdk(baseUrl: string, who: string | { apiKey: string }) {
  const rec = recordingFetch();
  const auth = typeof who === 'string' ? fixedAuth(who) : ApiKeyStrategy(who);
  const client = createClient({ baseUrl, auth, modules: { members, reviews, jobs }, fetch: rec.fetch });
  return Object.assign(client, { rec });
}
export type Sdk = ReturnType<typeof sdk>;

/** A client for each of the cast: the visitor, three members (Carol contributes), the owner and the owner's app. */
export function castSdks(baseUrl: string, people: Cast) {
  return {
    visitor: sdk(baseUrl, people.visitor),
    alice: sdk(baseUrl, people.memberA.auth),
    bob: sdk(baseUrl, people.memberB.auth),
    carol: sdk(baseUrl, people.contributor.auth),
    owner: sdk(baseUrl, people.owner),
    app: sdk(baseUrl, { apiKey: people.apiKey }),
  };
}

/** The PlazaError a call fails with; fails the test when it succeeds or throws something else. */
export async function failure(call: Promise<unknown>): Promise<PlazaError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isPlazaError(error), `expected a PlazaError, got ${JSON.stringify(error)}`).toBe(true);
  return error as PlazaError;
}

/** `field:RULE` of each field violation of an error, for compact assertions. */
export const violationsOf = (e: PlazaError) =>
  (e.details.validationError?.fieldViolations ?? []).map((v) => `${v.field}:${v.violatedRule}`);

/** Polls a job every 50 ms until it is no longer QUEUED or RUNNING. */
export async function finished(client: Sdk, jobId: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { job } = await client.jobs.getJob(jobId);
    if (job.status !== 'QUEUED' && job.status !== 'RUNNING') return job;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
