import { useState } from 'react';
import type { ReviewRequest, ReviewRequestStatus } from '@plaza/contracts';
import { useAuth, usePlaza } from '@plaza/react';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Pagination } from '../../ui/Pagination.js';
import { ListSkeleton } from '../ListSkeleton.js';
import { PageHeader } from '../SiteQuery.js';
import { useToast } from '../Toast.js';
import { useDateFormat } from '../dates.js';
import { useReviewRequestsList, useReviewsMutation } from '../data.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { ReviewRequestForm } from './ReviewRequestForm.js';

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
  const plaza = usePlaza();
  const toast = useToast();
  const date = useDateFormat();
  const [status, setStatus] = useState<Tab>('ALL');
  const [offset, setOffset] = useState(0);
  const [canceling, setCanceling] = useState<ReviewRequest | null>(null);
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useReviewRequestsList({
    ...(status === 'ALL' ? {} : { status }),
    paging: { limit: PAGE_SIZE, offset },
  });
  const cancel = useReviewsMutation(
    (id: string) => plaza.reviews.cancelReviewRequest(id),
    () => {
      setCanceling(null);
      toast('Review request canceled');
    },
  );
  const requests = data?.reviewRequests ?? [];

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
          {isPending ? (
            <ListSkeleton label="Loading review requests" rows={3} />
          ) : error ? (
            <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
          ) : requests.length === 0 ? (
            <EmptyState title="No review requests here">
              {status === 'ALL' ? 'Requests you schedule show up here.' : 'Try another status.'}
            </EmptyState>
          ) : (
            <ul
              className={`divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white ${isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {requests.map((r) => (
                <li key={r.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
                  <div className="min-w-0 flex-1 space-y-1 text-sm">
                    <p className="flex flex-wrap items-center gap-2">
                      <Badge tone={statusBadges[r.status].tone}>{statusBadges[r.status].label}</Badge>
                      <span className="font-medium break-words">{r.entityName}</span>
                      <code className="rounded bg-neutral-100 px-1 py-0.5 font-mono text-[11px] break-all text-neutral-600">
                        {r.namespace}/{r.entityId}
                      </code>
                    </p>
                    <p className="break-all text-neutral-700">
                      To {r.contact.name ? `${r.contact.name} <${r.contact.email}>` : r.contact.email}
                    </p>
                    <p className="text-xs text-neutral-600">
                      {r.status === 'SENT' && r.sentDate
                        ? `Sent ${date(r.sentDate)}`
                        : r.status === 'SCHEDULED'
                          ? `Goes out ${date(r.sendDate)}`
                          : `Was due ${date(r.sendDate)}`}
                      {' · '}
                      <a
                        href={r.link}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="underline underline-offset-2"
                      >
                        link
                      </a>
                    </p>
                    {r.status === 'FAILED' && (
                      <p className="text-sm text-red-800">
                        {failureReasons[r.failureReason ?? 'UNKNOWN']}
                        {r.failureMessage ? `: ${r.failureMessage}` : '.'}
                      </p>
                    )}
                  </div>
                  {r.status === 'SCHEDULED' && (
                    <Button
                      variant="secondary"
                      onClick={() => {
                        cancel.reset();
                        setCanceling(r);
                      }}
                    >
                      Cancel request
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {data && (
            <Pagination
              offset={offset}
              count={requests.length}
              total={data.metadata.total}
              pageSize={PAGE_SIZE}
              onOffsetChange={setOffset}
              busy={isPlaceholderData}
              noun="requests"
            />
          )}
        </section>
      </div>
      <ConfirmDialog
        open={canceling !== null}
        title={`Cancel the e-mail to ${canceling?.contact.email ?? ''}?`}
        confirmLabel="Yes, cancel it"
        danger
        busy={cancel.isPending}
        onConfirm={() => canceling && cancel.mutate(canceling.id)}
        onCancel={() => setCanceling(null)}
      >
        <p>It will not be sent. You can schedule a new one later.</p>
        {cancel.error && (
          <div className="mt-3">
            <ErrorMessage error={cancel.error} />
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}
