import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type {
  CreateReportRequest,
  ListReportsQuery,
  ListReportsResponse,
  MemberReport,
  ReportAction,
  ReportReason,
  ReportStatus,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, notFound, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { moderate } from './moderation.service.js';
import { findMember, loadMember, myId, visibleTo } from './read.service.js';
import { STATUS_TRANSITIONS } from './status.js';
import { memberReports, members } from './tables.js';
import { memberColumns, toMember, type MemberRow } from './view.js';
import { membersChanged } from './totals.js';

type ReportRow = typeof memberReports.$inferSelect;

function toReport(r: ReportRow, reported: MemberRow | null): MemberReport {
  return {
    id: r.id,
    reportedMemberId: r.reportedMemberId,
    reporterMemberId: r.reporterMemberId,
    reason: r.reason as ReportReason,
    ...(r.text ? { text: r.text } : {}),
    status: r.status as ReportStatus,
    ...(r.action ? { action: r.action as ReportAction } : {}),
    createdDate: r.createdDate.toISOString(),
    ...(r.resolvedDate ? { resolvedDate: r.resolvedDate.toISOString() } : {}),
    ...(reported ? { reportedMember: toMember(reported, 'PUBLIC') } : {}),
  };
}

/**
 * POST /members/v1/reports: the caller reports a member they can see (others are "not found"). One OPEN report per
 * reporter and member (the partial unique index decides); the reported member's lastReportDate is set.
 */
export async function createReport(ctx: Ctx, req: CreateReportRequest): Promise<MemberReport> {
  const reporter = myId(ctx);
  if (req.memberId === reporter) throw violation('memberId', 'VALIDATION', "members can't report themselves");
  return withTx(ctx, async (tx) => {
    const target = await findMember(tx, req.memberId);
    if (!target || !visibleTo(tx, target)) throw notFound('Member');
    const now = tx.clock();
    const text = req.text?.trim();
    const [row] = await tx.db
      .insert(memberReports)
      .values({
        id: uuidv7(now.getTime()),
        reportedMemberId: target.id,
        reporterMemberId: reporter,
        reason: req.reason,
        text: text || null,
        createdDate: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new AppError('CONFLICT', 'You already reported this member; the report is waiting for the site owner', {
        applicationCode: 'REPORT_ALREADY_EXISTS',
      });
    }
    await tx.db.update(members).set({ lastReportDate: now }).where(eq(members.id, target.id));
    return toReport(row, null);
  });
}

/** GET /members/v1/reports: newest first, with the reported member's public profile. */
export async function listReports(ctx: Ctx, q: ListReportsQuery): Promise<ListReportsResponse> {
  const limit = q['paging.limit'] ?? 50;
  const offset = q['paging.offset'] ?? 0;
  const where: SQL | undefined = and(
    q.status ? eq(memberReports.status, q.status) : undefined,
    q.memberId ? eq(memberReports.reportedMemberId, q.memberId) : undefined,
  );
  const rows = await ctx.db
    .select({ report: memberReports, member: memberColumns })
    .from(memberReports)
    .innerJoin(members, eq(members.id, memberReports.reportedMemberId))
    .where(where)
    .orderBy(desc(memberReports.createdDate), desc(memberReports.id))
    .limit(limit)
    .offset(offset);
  const [total] = await ctx.db.select({ n: count() }).from(memberReports).where(where);
  return {
    reports: rows.map((r) => toReport(r.report, r.member)),
    metadata: { count: rows.length, offset, total: total?.n ?? 0 },
  };
}

/**
 * POST /members/v1/reports/{reportId}/resolve: DISMISS closes it as DISMISSED; MUTE and BLOCK act on the member
 * under the moderation rules (owners are protected) and close it as RESOLVED. A member already muted or blocked
 * (by an earlier report, say) is fine. Only OPEN reports can be resolved.
 */
export async function resolveReport(ctx: Ctx, reportId: string, action: ReportAction): Promise<MemberReport> {
  const resolved = await withTx(ctx, async (tx) => {
    const [report] = await tx.db.select().from(memberReports).where(eq(memberReports.id, reportId)).for('update');
    if (!report) throw notFound('Report');
    if (report.status !== 'OPEN') {
      throw new AppError('CONFLICT', `This report is already ${report.status}`, {
        applicationCode: 'REPORT_ALREADY_RESOLVED',
        data: { status: report.status },
      });
    }
    let member = await loadMember(tx, report.reportedMemberId, true);
    if (action === 'MUTE') member = await moderate(tx, member, 'mute');
    if (action === 'BLOCK' && member.status !== STATUS_TRANSITIONS.block.to)
      member = await moderate(tx, member, 'block');
    const [updated] = await tx.db
      .update(memberReports)
      .set({ status: action === 'DISMISS' ? 'DISMISSED' : 'RESOLVED', action, resolvedDate: tx.clock() })
      .where(eq(memberReports.id, reportId))
      .returning();
    return toReport(updated!, member);
  });
  if (action !== 'DISMISS') membersChanged();
  return resolved;
}
