import { useState } from 'react';
import type { ReviewRequest, ReviewRequestStatus } from '@plaza/contracts';
import { useAuth, usePlaza } from '@plaza/react';
import { Badge } from '../../ui/Badge.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../SiteQuery.js';
import { useToast } from '../Toast.js';
import { useDateFormat } from '../dates.js';
import { useReviewRequestsList, useReviewsMutation } from '../data.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { type Column, ResourceTable, tableStates } from '../ui/ResourceTable.js';
import { ReviewRequestForm } from './ReviewRequestForm.js';
import { reviewSubject } from './subject.js';
import { NameCell } from '../ui/NameCell.js';
import { DangerConfirm } from '../ui/DangerConfirm.js';

const PAGE_SIZE = 20;
type Tab = ReviewRequestStatus | 'ALL';
const tabs: Array<{ value: Tab; label: string }> = [
  { value: 'ALL', label: 'All' },
  { value: 'SCHEDULED', label: 'Scheduled' },
  { value: 'SENT', label: 'Sent' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'CANCELED', label: 'Canceled' },
];
const statusBadges = {
  SCHEDULED: { tone: 'accent', label: 'Scheduled' },
  SENT: { tone: 'success', label: 'Sent' },
  FAILED: { tone: 'danger', label: 'Failed' },
  CANCELED: { tone: 'neutral', label: 'Canceled' },
} as const satisfies Record<ReviewRequestStatus, { tone: string; label: string }>;
const failureReasons: Record<NonNullable<ReviewRequest['failureReason']>, string> = {
  SEND_FAILED: 'The mail server refused the e-mail',
  ALREADY_REVIEWED: 'They had already reviewed it',
  UNKNOWN: 'Something went wrong',
};

/** /admin/review-requests: schedule review-request e-mails and follow what became of them. Owner only. */
export function ReviewRequestsPage() {
  const { member: me } = useAuth();
  if (me?.role !== 'OWNER') {
    return (
      <>
        <PageHeader title="Review requests" description="E-mails that ask customers for a review." />
        <EmptyState title="For the site owner">Only the owner schedules and sees review requests.</EmptyState>
      </>
    );
  }
  return <OwnerReviewRequests />;
}

function OwnerReviewRequests() {
  const [status, setStatus] = useState<Tab>('ALL');
  const [offset, setOffset] = useState(0);
  const list = useReviewRequestsList({
    ...(status === 'ALL' ? {} : { status }),
    paging: { limit: PAGE_SIZE, offset },
  });
  const { data } = list;
  const cancel = useCancelRequest();
  const columns = useRequestColumns();

  return (
    <>
      <PageHeader
        title="Review requests"
        description="E-mails that ask customers for a review, sent at the time you choose."
      />
      <div className="space-y-6">
        <ReviewRequestForm />
        <section aria-labelledby="requests-title" className="space-y-3">
          <h2 id="requests-title" className="text-base font-semibold">
            Requests
          </h2>
          <FilterTabs
            label="Request status"
            tabs={tabs}
            value={status}
            onChange={(s) => {
              setStatus(s);
              setOffset(0);
            }}
          />
          <ResourceTable<ReviewRequest>
            noun={{ one: 'request', other: 'requests' }}
            rows={data?.reviewRequests}
            total={data?.metadata.total}
            rowKey={(r) => r.id}
            rowLabel={(r) => `to ${r.contact.email}`}
            columns={columns}
            actions={[{ label: 'Cancel request', when: (r) => r.status === 'SCHEDULED', onSelect: cancel.ask }]}
            {...tableStates(list)}
            paging={{ offset, pageSize: PAGE_SIZE, onOffsetChange: setOffset }}
            empty={{
              title: 'No review requests here',
              body: status === 'ALL' ? 'Requests you schedule show up here.' : 'Try another status.',
            }}
          />
        </section>
      </div>
      {cancel.dialog}
    </>
  );
}

/** Canceling a scheduled request after a confirmation: `ask` opens it, render `dialog`. */
function useCancelRequest() {
  const plaza = usePlaza();
  const toast = useToast();
  const [canceling, setCanceling] = useState<ReviewRequest | null>(null);
  const cancel = useReviewsMutation(
    (id: string) => plaza.reviews.cancelReviewRequest(id),
    () => {
      setCanceling(null);
      toast('Review request canceled');
    },
  );
  const ask = (r: ReviewRequest) => {
    cancel.reset();
    setCanceling(r);
  };
  const dialog = (
    <DangerConfirm
      open={canceling !== null}
      title={`Cancel the e-mail to ${canceling?.contact.email ?? ''}?`}
      confirmLabel="Yes, cancel it"
      error={cancel.error}
      busy={cancel.isPending}
      onConfirm={() => canceling && cancel.mutate(canceling.id)}
      onCancel={() => setCanceling(null)}
    >
      <p>It will not be sent. You can schedule a new one later.</p>
    </DangerConfirm>
  );
  return { ask, dialog };
}

/** What was asked about and of whom, its state (and why it failed), and when it went or goes out. */
function useRequestColumns(): Array<Column<ReviewRequest>> {
  const date = useDateFormat();
  return [
    {
      header: 'Request',
      primary: true,
      cell: (r) => <NameCell name={r.entityName} detail={`about ${reviewSubject(r)}`} />,
    },
    {
      header: 'To',
      cell: (r) => (
        <span title={r.contact.email}>
          {r.contact.name ? `${r.contact.name} <${r.contact.email}>` : r.contact.email}
        </span>
      ),
    },
    {
      header: 'Status',
      className: 'w-56',
      cell: (r) => (
        <span className="block min-w-0">
          <Badge tone={statusBadges[r.status].tone}>{statusBadges[r.status].label}</Badge>
          {r.status === 'FAILED' && (
            <span className="mt-1 block truncate text-xs text-red-800" title={r.failureMessage}>
              {failureReasons[r.failureReason ?? 'UNKNOWN']}
            </span>
          )}
        </span>
      ),
    },
    {
      header: 'When',
      className: 'w-48',
      cell: (r) =>
        r.status === 'SENT' && r.sentDate
          ? `Sent ${date(r.sentDate)}`
          : r.status === 'SCHEDULED'
            ? `Goes out ${date(r.sendDate)}`
            : `Was due ${date(r.sendDate)}`,
    },
  ];
}
