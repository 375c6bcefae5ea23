import { useQuery } from '@tanstack/react-query';
import { usePlaza, usePlazaMutation, webhookMutations, webhookQueries } from '@plaza/react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { WebhookDelivery, WebhookDeliveryStatus, WebhookSubscription } from '@plaza/contracts';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { useDateFormat } from '../dates.js';
import { useToast } from '../Toast.js';
import { Drawer } from '../ui/Drawer.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { PageHeader } from '../ui/PageHeader.js';
import { ResourceTable } from '../ui/ResourceTable.js';
import { DeliveryBadge, SubscriptionBadge } from './badges.js';
import { DeliveryDrawer } from './DeliveryDrawer.js';
import { eventLabel, eventName } from './eventTypes.js';
import { useSubscriptionActions, webhookName } from './subscriptionActions.js';
import { WebhookForm } from './WebhookForm.js';
import { OwnerOnly } from './OwnerOnly.js';

type StatusFilter = 'ALL' | WebhookDeliveryStatus;

/** /admin/webhooks/:subscriptionId: one webhook, its actions and its delivery log. */
/** The log's query: 20 a page, perhaps one status, from a cursor. */
const deliveriesQuery = (status: WebhookDeliveryStatus | undefined, cursor: string | undefined) => ({
  limit: 20,
  ...(status ? { status } : {}),
  ...(cursor ? { cursor } : {}),
});

export function WebhookPage() {
  return (
    <OwnerOnly title="Webhook" what="webhooks">
      <WebhookLoader />
    </OwnerOnly>
  );
}

function WebhookLoader() {
  const { subscriptionId = '' } = useParams();
  const { data, error, isPending, isFetching, refetch } = useQuery(webhookQueries.subscriptions(usePlaza()));
  const summary = data?.find((s) => s.subscription.id === subscriptionId);
  if (isPending) {
    return (
      <div aria-busy="true" aria-label="Loading the webhook" className="space-y-3">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!summary) {
    return (
      <div className="space-y-3">
        <PageHeader title="Webhook not found" />
        <p className="text-sm text-neutral-700">It may have been deleted.</p>
        <Link to="/admin/webhooks" className="text-sm font-medium text-accent-ink underline">
          Back to webhooks
        </Link>
      </div>
    );
  }
  return <WebhookDetails subscription={summary.subscription} failed={summary.counts.failed} counts={summary.counts} />;
}

function WebhookDetails({
  subscription,
  failed,
  counts,
}: {
  subscription: WebhookSubscription;
  failed: number;
  counts: { pending: number; succeeded: number; failed: number };
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const date = useDateFormat();
  const actions = useSubscriptionActions({ onDeleted: () => void navigate('/admin/webhooks') });
  const [editing, setEditing] = useState(false);
  const [filter, setFilter] = useState<StatusFilter>('ALL');
  const [cursors, setCursors] = useState<string[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const status = filter === 'ALL' ? undefined : filter;
  const log = useQuery(webhookQueries.deliveries(usePlaza(), subscription.id, deliveriesQuery(status, cursors.at(-1))));
  const redeliver = usePlazaMutation(webhookMutations.redeliver);
  const redeliverFailed = usePlazaMutation(webhookMutations.redeliverFailed);
  const paused = subscription.status === 'PAUSED';

  const sendAgain = (deliveryId: string) =>
    redeliver.mutate(
      { subscriptionId: subscription.id, deliveryId },
      {
        onSuccess: () => toast('The message will be sent again'),
        onError: () => toast('Could not send it again. Try once more.', 'error'),
      },
    );

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/webhooks" className="text-neutral-600 hover:text-neutral-900 hover:underline">
          ← Webhooks
        </Link>
      </p>
      <PageHeader
        title={webhookName(subscription)}
        description={<span className="font-mono text-xs break-all">{subscription.url}</span>}
        actions={
          <>
            <Button variant="secondary" busy={actions.testing} onClick={() => actions.sendTest(subscription)}>
              Send test message
            </Button>
            <Button variant="secondary" onClick={() => actions.setPaused(subscription, !paused)}>
              {paused ? 'Resume' : 'Pause'}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="danger" onClick={() => actions.askDelete(subscription)}>
              Delete
            </Button>
          </>
        }
      />
      <div className="space-y-6">
        <section className="rounded-lg border border-neutral-200 bg-white p-4 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <SubscriptionBadge subscription={subscription} />
            {subscription.pausedReason === 'FAILING' && (
              <span className="text-neutral-700">
                It kept failing, so sending stopped. Fix the receiving system, then resume: waiting messages go out.
              </span>
            )}
            {subscription.pausedReason === 'BY_OWNER' && (
              <span className="text-neutral-700">Messages wait and go out when you resume.</span>
            )}
          </div>
          <p className="mt-3 font-medium">Sends</p>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {subscription.eventTypes.map((t) => (
              <li key={t} className="rounded bg-neutral-100 px-2 py-0.5 text-xs text-neutral-800" title={t}>
                {eventLabel(t)}
              </li>
            ))}
          </ul>
          {subscription.entityId && (
            <p className="mt-3 text-neutral-700">
              Only about the item <code className="font-mono text-xs">{subscription.entityId}</code>
            </p>
          )}
        </section>

        <section aria-labelledby="log-title" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="log-title" className="text-base font-semibold">
              Delivery log
            </h2>
            {failed > 0 && (
              <Button variant="secondary" onClick={() => setConfirmAll(true)}>
                Send all failed again
              </Button>
            )}
          </div>
          <FilterTabs<StatusFilter>
            label="Show deliveries"
            value={filter}
            onChange={(v) => {
              setFilter(v);
              setCursors([]);
            }}
            tabs={[
              { value: 'ALL', label: 'All' },
              { value: 'SUCCEEDED', label: 'Delivered', count: counts.succeeded },
              { value: 'PENDING', label: 'Waiting', count: counts.pending },
              { value: 'FAILED', label: 'Failed', count: counts.failed },
            ]}
          />
          <ResourceTable<WebhookDelivery>
            noun={{ one: 'delivery', other: 'deliveries' }}
            rows={log.data?.deliveries}
            rowKey={(d) => d.id}
            rowLabel={(d) => `${eventName(d.eventType)} of ${date(d.createdDate)}`}
            loading={log.isPending}
            error={log.error}
            onRetry={() => void log.refetch()}
            retrying={log.isFetching}
            stale={log.isPlaceholderData}
            onOpen={(d) => setOpen(d.id)}
            columns={[
              {
                header: 'Event',
                primary: true,
                cell: (d) => (
                  <button type="button" className="text-left font-medium text-neutral-900 hover:underline">
                    {eventLabel(d.eventType)}
                  </button>
                ),
              },
              {
                header: 'Status',
                className: 'w-32',
                cell: (d) => <DeliveryBadge {...d} subscription={subscription} />,
              },
              { header: 'Tries', className: 'w-16', cell: (d) => d.attempts },
              { header: 'Answer', className: 'w-20', cell: (d) => d.lastStatusCode ?? '—' },
              { header: 'Created', className: 'w-56', cell: (d) => date(d.createdDate) },
            ]}
            actions={[{ label: 'Send again', when: (d) => d.status !== 'PENDING', onSelect: (d) => sendAgain(d.id) }]}
            empty={
              filter === 'ALL'
                ? {
                    title: 'Nothing sent yet',
                    body: 'Messages appear here as things happen in your store. Send a test message to try it.',
                  }
                : { title: 'No delivery with this status' }
            }
          />
          {(cursors.length > 0 || log.data?.pagingMetadata.hasNext) && (
            <div className="flex gap-2">
              {cursors.length > 0 && (
                <Button variant="secondary" onClick={() => setCursors([])}>
                  Newest
                </Button>
              )}
              {log.data?.pagingMetadata.hasNext && log.data.pagingMetadata.cursors.next && (
                <Button
                  variant="secondary"
                  onClick={() => setCursors([...cursors, log.data!.pagingMetadata.cursors.next!])}
                >
                  Older
                </Button>
              )}
            </div>
          )}
        </section>
      </div>

      <DeliveryDrawer
        subscription={subscription}
        deliveryId={open}
        onClose={() => setOpen(null)}
        onRedeliver={sendAgain}
        redelivering={redeliver.isPending}
      />
      <Drawer open={editing} title="Edit webhook" onClose={() => setEditing(false)}>
        <WebhookForm subscription={subscription} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </Drawer>
      <ConfirmDialog
        open={confirmAll}
        title={`Send ${failed === 1 ? 'the failed message' : `all ${failed} failed messages`} again?`}
        confirmLabel="Send again"
        busy={redeliverFailed.isPending}
        onCancel={() => setConfirmAll(false)}
        onConfirm={() =>
          redeliverFailed.mutate(subscription.id, {
            onSuccess: (r) => {
              setConfirmAll(false);
              toast(
                r.redelivered === 1 ? '1 message will be sent again' : `${r.redelivered} messages will be sent again`,
              );
            },
            onError: () => {
              setConfirmAll(false);
              toast('Could not send them again. Try once more.', 'error');
            },
          })
        }
      >
        Your other system receives them once more, in their original order. Messages it already handled carry the same
        id, so it can skip them.
      </ConfirmDialog>
      {actions.dialogs}
    </>
  );
}
