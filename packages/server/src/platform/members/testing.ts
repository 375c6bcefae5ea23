import { eq } from 'drizzle-orm';
import type { ListMembersResponse, Member } from '@plaza/contracts';
import { call, type CallResult } from '../../../test/http.js';
import type { TestServer } from '../../test/harness.js';
import { members } from './tables.js';

/** HTTP helpers for the members tests: real calls to /members/v1 on a test server. */
export function membersApi(srv: TestServer) {
  const at = (path: string) => `/members/v1${path}`;
  return {
    get: (auth: string | undefined, path: string): Promise<CallResult<{ member: Member }>> =>
      call(srv.url, 'GET', at(path), auth ? { auth } : {}),
    list: (auth: string | undefined, query = ''): Promise<CallResult<ListMembersResponse>> =>
      call(srv.url, 'GET', at(`/members${query}`), auth ? { auth } : {}),
    query: (auth: string | undefined, body: unknown): Promise<CallResult<ListMembersResponse>> =>
      call(srv.url, 'POST', at('/members/query'), { ...(auth ? { auth } : {}), body }),
    post: <T = { member: Member }>(auth: string | undefined, path: string, body?: unknown): Promise<CallResult<T>> =>
      call<T>(srv.url, 'POST', at(path), { ...(auth ? { auth } : {}), ...(body !== undefined ? { body } : {}) }),
    patch: (auth: string | undefined, path: string, body: unknown): Promise<CallResult<{ member: Member }>> =>
      call(srv.url, 'PATCH', at(path), { ...(auth ? { auth } : {}), body }),
    del: <T = Record<string, never>>(auth: string | undefined, path: string): Promise<CallResult<T>> =>
      call<T>(srv.url, 'DELETE', at(path), auth ? { auth } : {}),
  };
}

/** The member row as stored, for asserting what changed (or didn't). */
export async function memberRow(srv: TestServer, id: string) {
  const [row] = await srv.database.db.select().from(members).where(eq(members.id, id));
  return row;
}

/** Sets columns directly (a status the test starts from, say). */
export async function setMember(srv: TestServer, id: string, set: Partial<typeof members.$inferInsert>) {
  await srv.database.db.update(members).set(set).where(eq(members.id, id));
}

/** Keys of a member beyond PUBLIC: none may reach a reader capped at PUBLIC. */
export const BEYOND_PUBLIC = [
  'status',
  'activityStatus',
  'role',
  'createdDate',
  'updatedDate',
  'lastLoginDate',
  'contact',
  'loginEmail',
  'lastReportDate',
] as const;
export const FULL_ONLY = ['contact', 'loginEmail', 'lastReportDate'] as const;
