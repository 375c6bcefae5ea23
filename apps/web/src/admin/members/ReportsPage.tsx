import { useState } from 'react';
import { Link } from 'react-router';
import type { MemberReport, ReportAction, ReportStatus } from '@plaza/contracts';
import { useAuth, usePlaza } from '@plaza/react';
import { Badge } from '../../ui/Badge.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Pagination } from '../../ui/Pagination.js';
import { ListSkeleton } from '../ListSkeleton.js';
import { PageHeader } from '../SiteQuery.js';
import { useToast } from '../Toast.js';
import { useDateFormat } from '../dates.js';
import { useMemberFull, useMembersMutation, useReportsList } from '../data.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { GuardedButton } from '../ui/GuardedButton.js';
import { MemberDrawer, useMemberDrawer } from './MemberDrawer.js';
import { memberName } from './memberRules.js';
import { DangerConfirm } from '../ui/DangerConfirm.js';

const PAGE_SIZE = 20;
type StatusTab = ReportStatus | 'ALL';
const tabs: Array<{ value: StatusTab; label: string }> = [
  { value: 'OPEN', label: 'Open' },
  { value: 'RESOLVED', label: 'Resolved' },
  { value: 'DISMISSED', label: 'Dismissed' },
  { value: 'ALL', label: 'All' },
];
export const reportReasons: Record<MemberReport['reason'], string> = {
  SPAM: 'Spam',
  IMPERSONATION: 'Impersonation',
  HARASSMENT: 'Harassment',
  OTHER: 'Other',
};
const outcomes: Record<ReportAction, string> = { DISMISS: 'Dismissed', MUTE: 'Member muted', BLOCK: 'Member blocked' };
const actionWords: Record<ReportAction, { label: string; done: string }> = {
  DISMISS: { label: 'Dismiss', done: 'Report dismissed' },
  MUTE: { label: 'Mute member', done: 'Member muted; report resolved' },
  BLOCK: { label: 'Block member', done: 'Member blocked; report resolved' },
};

/** /admin/reports: what members reported about each other; the owner dismisses, mutes or blocks. */
export function ReportsPage() {
  const { member: me } = useAuth();
  const drawer = useMemberDrawer();
  const [status, setStatus] = useState<StatusTab>('OPEN');
  const [offset, setOffset] = useState(0);
  const { resolve, blocking, setBlocking, busyOn, askBlock } = useResolveReport();
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useReportsList({
    ...(status === 'ALL' ? {} : { status }),
    paging: { limit: PAGE_SIZE, offset },
  });
  const reports = data?.reports ?? [];
  const isOwner = me?.role === 'OWNER';

  return (
    <>
      <PageHeader
        title="Reports"
        description="Members report each other for spam, impersonation or harassment. Look into each and act on it."
      />
      <div className="space-y-4">
        <FilterTabs
          label="Report status"
          tabs={tabs}
          value={status}
          onChange={(s) => {
            setStatus(s);
            setOffset(0);
          }}
        />
        {resolve.error && !blocking && <ErrorMessage error={resolve.error} />}
        {isPending ? (
          <ListSkeleton label="Loading reports" rows={4} />
        ) : error ? (
          <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : reports.length === 0 ? (
          <NoReports open={status === 'OPEN'} />
        ) : (
          <ul
            className={`divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white ${isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {reports.map((r) => (
              <ReportRow
                key={r.id}
                report={r}
                link={drawer.link}
                ownerOnly={isOwner ? null : 'Only the owner can act on reports.'}
                busy={(a) => busyOn(r, a)}
                onResolve={(action) => resolve.mutate({ report: r, action })}
                onBlock={() => askBlock(r)}
              />
            ))}
          </ul>
        )}
        {data && (
          <Pagination
            offset={offset}
            count={reports.length}
            total={data.metadata.total}
            pageSize={PAGE_SIZE}
            onOffsetChange={setOffset}
            busy={isPlaceholderData}
            noun="reports"
          />
        )}
      </div>
      <BlockReportedDialog
        report={blocking}
        busy={resolve.isPending}
        error={resolve.error}
        onConfirm={() => blocking && resolve.mutate({ report: blocking, action: 'BLOCK' })}
        onCancel={() => {
          setBlocking(null);
          resolve.reset();
        }}
      />
      <MemberDrawer memberId={drawer.memberId} onClose={drawer.close} />
    </>
  );
}

/** Resolving reports; blocking waits for a confirmation (`blocking`, opened by `askBlock`). */
function useResolveReport() {
  const plaza = usePlaza();
  const toast = useToast();
  const [blocking, setBlocking] = useState<MemberReport | null>(null);
  const resolve = useMembersMutation(
    ({ report, action }: { report: MemberReport; action: ReportAction }) =>
      plaza.members.resolveReport(report.id, action),
    (_r, { action }) => {
      setBlocking(null);
      toast(actionWords[action].done);
    },
  );
  const busyOn = (r: MemberReport, a: ReportAction) =>
    resolve.isPending && resolve.variables.report.id === r.id && resolve.variables.action === a;
  const askBlock = (r: MemberReport) => {
    resolve.reset();
    setBlocking(r);
  };
  return { resolve, blocking, setBlocking, busyOn, askBlock };
}

function NoReports({ open }: { open: boolean }) {
  return (
    <EmptyState title={open ? 'No open reports' : 'No reports here'}>
      {open ? 'When members report someone, it shows up here.' : 'Try another status.'}
    </EmptyState>
  );
}

/** One report: why, about whom, the comment, who reported it and when, and (while open) what to do about it. */
function ReportRow({
  report: r,
  link,
  ownerOnly,
  busy,
  onResolve,
  onBlock,
}: {
  report: MemberReport;
  link: (memberId: string) => string;
  ownerOnly: string | null;
  busy: (action: ReportAction) => boolean;
  onResolve: (action: 'DISMISS' | 'MUTE') => void;
  onBlock: () => void;
}) {
  const date = useDateFormat();
  const reported = r.reportedMember ? memberName(r.reportedMember) : 'a deleted member';
  return (
    <li className="flex flex-col gap-3 p-4 lg:flex-row lg:items-start">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge tone={r.reason === 'HARASSMENT' ? 'danger' : 'warning'}>{reportReasons[r.reason]}</Badge>
          <span className="text-sm">
            about{' '}
            <Link to={link(r.reportedMemberId)} className="font-medium text-accent hover:underline">
              {reported}
            </Link>
          </span>
          {r.status !== 'OPEN' && <Badge>{r.action ? outcomes[r.action] : 'Closed'}</Badge>}
        </p>
        {r.text ? (
          <p className="text-sm break-words whitespace-pre-wrap text-neutral-800">{r.text}</p>
        ) : (
          <p className="text-sm text-neutral-500 italic">No comment.</p>
        )}
        <p className="text-xs text-neutral-600">
          Reported by <Reporter id={r.reporterMemberId} link={link(r.reporterMemberId)} /> · {date(r.createdDate)}
          {r.resolvedDate && <> · closed {date(r.resolvedDate)}</>}
        </p>
      </div>
      {r.status === 'OPEN' && (
        <div className="flex flex-wrap gap-2">
          <GuardedButton
            variant="secondary"
            blockedReason={ownerOnly}
            busy={busy('DISMISS')}
            onClick={() => onResolve('DISMISS')}
          >
            Dismiss
          </GuardedButton>
          <GuardedButton
            variant="secondary"
            blockedReason={ownerOnly}
            busy={busy('MUTE')}
            onClick={() => onResolve('MUTE')}
          >
            Mute member
          </GuardedButton>
          <GuardedButton variant="danger" blockedReason={ownerOnly} onClick={onBlock}>
            Block member
          </GuardedButton>
        </div>
      )}
    </li>
  );
}

/** Blocking signs the reported member out, so it asks first; a failure shows inside the dialog. */
function BlockReportedDialog({
  report,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  report: MemberReport | null;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <DangerConfirm
      open={report !== null}
      title={`Block ${report?.reportedMember ? memberName(report.reportedMember) : 'this member'}?`}
      confirmLabel="Block member"
      error={error}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>They are signed out at once and cannot log in until you approve them again. The report is resolved.</p>
    </DangerConfirm>
  );
}

/** The reporter's name, looked up (reports carry only the id); the link opens their drawer. */
function Reporter({ id, link }: { id: string; link: string }) {
  const { data } = useMemberFull(id);
  return (
    <Link to={link} className="font-medium text-neutral-800 hover:underline">
      {data ? memberName(data) : 'a member'}
    </Link>
  );
}
