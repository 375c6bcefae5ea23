import { and, eq, type SQL } from 'drizzle-orm';
import type {
  Fieldset,
  ListMembersQuery,
  ListMembersResponse,
  Member,
  MemberFilter,
  QueryMembersRequest,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { hasScope } from '../../kernel/caller.js';
import { AppError, notFound } from '../../kernel/errors.js';
import { filterSql, orderSql, searchSql } from './query.js';
import { members } from './tables.js';
import { countMembers, memberReads } from './totals.js';
import { chooseFieldset, memberColumns, readCap, seesEveryone, selfId, toMember, type MemberRow } from './view.js';

/** What a PUBLIC-capped reader may see of others: members in the community (PUBLIC) and APPROVED. */
export const publicMembers: SQL = and(eq(members.privacyStatus, 'PUBLIC'), eq(members.status, 'APPROVED'))!;

/** The member row, optionally locked for an update; undefined when there is none. */
export async function findMember(ctx: Ctx, id: string, lock = false): Promise<MemberRow | undefined> {
  const q = ctx.db.select(memberColumns).from(members).where(eq(members.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function loadMember(ctx: Ctx, id: string, lock = false): Promise<MemberRow> {
  const row = await findMember(ctx, id, lock);
  if (!row) throw notFound('Member');
  return row;
}

/** The calling member's own row; a token whose member is gone (deleted meanwhile) is a 404. */
export function myId(ctx: Ctx): string {
  const id = selfId(ctx.caller);
  if (!id)
    throw new AppError('FORBIDDEN', 'Only a signed-in member has their own member', { applicationCode: 'FORBIDDEN' });
  return id;
}

/** GET /members/v1/members/my: the caller's member, FULL unless fewer fieldsets are asked for. */
export async function getMyMember(ctx: Ctx, fieldsets?: Fieldset[]): Promise<Member> {
  return toMember(await loadMember(ctx, myId(ctx)), chooseFieldset(fieldsets, 'FULL', 'FULL'));
}

/**
 * Whether the caller may see this member at all. Others than owners, contributors and `members` keys only see
 * PUBLIC, APPROVED members and themselves: anyone else is "not found", never "forbidden", so nothing confirms they exist.
 */
export function visibleTo(ctx: Ctx, row: MemberRow): boolean {
  return (
    row.id === selfId(ctx.caller) ||
    seesEveryone(ctx.caller) ||
    (row.privacyStatus === 'PUBLIC' && row.status === 'APPROVED')
  );
}

/** The fieldset for `row`: one's own member reads up to FULL, others up to the caller's cap. */
export function fieldsetFor(ctx: Ctx, row: MemberRow, asked: Fieldset[] | undefined, fallback: Fieldset): Fieldset {
  const cap = row.id === selfId(ctx.caller) ? 'FULL' : readCap(ctx.caller);
  return chooseFieldset(asked, cap, fallback);
}

/** GET /members/v1/members/{id} (PUBLIC by default). */
export async function getMember(ctx: Ctx, id: string, fieldsets?: Fieldset[]): Promise<Member> {
  const row = await findMember(ctx, id);
  if (!row || !visibleTo(ctx, row)) throw notFound('Member');
  return toMember(row, fieldsetFor(ctx, row, fieldsets, 'PUBLIC'));
}

interface Page {
  where: SQL | undefined;
  order: SQL[];
  limit: number;
  offset: number;
  fieldset: Fieldset;
}

/**
 * One page and the total. The page comes straight off an index (filter columns, then sort key, then id); the total
 * is counted only when the page is full, since a short page already tells it, and kept briefly (see totals.ts).
 */
async function page(ctx: Ctx, p: Page): Promise<ListMembersResponse> {
  const query = ctx.db
    .select(memberColumns)
    .from(members)
    .where(p.where)
    .orderBy(...p.order)
    .limit(p.limit)
    .offset(p.offset);
  const { sql, params } = query.toSQL();
  const key = `page|${p.fieldset}|${sql}|${JSON.stringify(params)}`;
  return memberReads.get(ctx, key, async () => {
    const rows = await query;
    let total = p.offset + rows.length;
    if (rows.length === p.limit || (rows.length === 0 && p.offset > 0)) {
      total = await countMembers(ctx, p.where);
    }
    return {
      members: rows.map((r) => toMember(r, p.fieldset)),
      metadata: { count: rows.length, offset: p.offset, total },
    };
  }) as Promise<ListMembersResponse>;
}

/** GET /members/v1/members: paged and sorted; readers capped at PUBLIC list the community (PUBLIC, APPROVED). */
export async function listMembers(ctx: Ctx, q: ListMembersQuery): Promise<ListMembersResponse> {
  const cap = readCap(ctx.caller);
  const sort = q['sorting.fieldName']
    ? [{ fieldName: q['sorting.fieldName'], order: q['sorting.order'] ?? 'ASC' }]
    : undefined;
  return page(ctx, {
    where: seesEveryone(ctx.caller) ? undefined : publicMembers,
    order: orderSql(sort, cap, 'sorting'),
    limit: q['paging.limit'] ?? 50,
    offset: q['paging.offset'] ?? 0,
    fieldset: chooseFieldset(q.fieldsets, cap, 'PUBLIC'),
  });
}

/** The WHERE of a member filter and search as this caller may use them (also used by the bulk jobs). */
export function memberWhere(
  ctx: Ctx,
  filter: MemberFilter | undefined,
  search: string | undefined,
  prefix: string,
): SQL | undefined {
  const cap = readCap(ctx.caller);
  return and(
    seesEveryone(ctx.caller) ? undefined : publicMembers,
    filterSql(filter, cap, prefix),
    searchSql(search, cap),
  );
}

/** POST /members/v1/members/query: filter, search, sort (up to 3 keys) and offset paging. */
export async function queryMembers(ctx: Ctx, req: QueryMembersRequest): Promise<ListMembersResponse> {
  const cap = readCap(ctx.caller);
  const where = memberWhere(ctx, req.query?.filter, req.search?.expression, 'query.filter');
  return page(ctx, {
    where,
    order: orderSql(req.query?.sort, cap, 'query.sort'),
    limit: req.query?.paging?.limit ?? 50,
    offset: req.query?.paging?.offset ?? 0,
    fieldset: chooseFieldset(req.fieldsets, cap, 'PUBLIC'),
  });
}

/**
 * For calls on one member that the member may make on themselves and owners and `members` keys on anyone: true when
 * the caller acts as admin, false when as the member; any other caller is a 403 (before any lookup, so it tells
 * nothing about the member).
 */
export function selfOrAdmin(ctx: Ctx, id: string, verb: string): boolean {
  const c = ctx.caller;
  if (c.type === 'APP' && hasScope(c, 'members')) return true;
  if (c.type === 'MEMBER' && c.role === 'OWNER') return true;
  if (c.type === 'MEMBER' && c.memberId === id) return false;
  throw new AppError('FORBIDDEN', `A member may only ${verb} their own member`, { applicationCode: 'FORBIDDEN' });
}
