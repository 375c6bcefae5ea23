import { useQuery } from '@tanstack/react-query';
import { usePlaza, usePlazaMutation, webhookMutations, webhookQueries } from '@plaza/react';
import { useState } from 'react';
import type {
  ListWebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookSubscription,
} from '@plaza/contracts';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { useDateFormat } from '../dates.js';
import { useToast } from '../Toast.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { type Column, ResourceTable, tableStates } from '../ui/ResourceTable.js';
import { DeliveryBadge } from './badges.js';
import { eventLabel, eventName } from './eventTypes.js';

type StatusFilter = 'ALL' | WebhookDeliveryStatus;
type DeliveryCounts = { pending: number; succeeded: number; failed: number };

/** The log's query: 20 a page, perhaps one status, from a cursor. */
const deliveriesQuery = (status: WebhookDeliveryStatus | undefined, cursor: string | undefined) => ({
  limit: 20,
  ...(status ? { status } : {}),
  ...(cursor ? { cursor } : {}),
});

/** Sends one delivery again, and says how it went. */
export function useRedeliver(subscriptionId: string) {
  const toast = useToast();
  const redeliver = usePlazaMutation(webhookMutations.redeliver);
  const sendAgain = (deliveryId: string) =>
    redeliver.mutate(
      { subscriptionId, deliveryId },
      {
        onSuccess: () => toast('The message will be sent again'),
        onError: () => toast('Could not send it again. Try once more.', 'error'),
      },
    );
  return { sendAgain, redelivering: redeliver.isPending };
}

/** The webhook's delivery log: a status filter, a table of deliveries and paging back in time. */
export function DeliveryLog({
  subscription,
  counts,
  onOpen,
  onSendAgain,
  onSendAllFailed,
}: {
  subscription: WebhookSubscription;
  counts: DeliveryCounts;
  onOpen: (deliveryId: string) => void;
  onSendAgain: (deliveryId: string) => void;
  onSendAllFailed: () => void;
}) {
  const date = useDateFormat();
  const [filter, setFilter] = useState<StatusFilter>('ALL');
  const [cursors, setCursors] = useState<string[]>([]);
  const status = filter === 'ALL' ? undefined : filter;
  const log = useQuery(webhookQueries.deliveries(usePlaza(), subscription.id, deliveriesQuery(status, cursors.at(-1))));

  return (
    <section aria-labelledby="log-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="log-title" className="text-base font-semibold">
          Delivery log
        </h2>
        {counts.failed > 0 && (
          <Button variant="secondary" onClick={onSendAllFailed}>
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
        {...tableStates(log)}
        onOpen={(d) => onOpen(d.id)}
        columns={deliveryColumns(subscription, date)}
        actions={[{ label: 'Send again', when: (d) => d.status !== 'PENDING', onSelect: (d) => onSendAgain(d.id) }]}
        empty={
          filter === 'ALL'
            ? {
                title: 'Nothing sent yet',
                body: 'Messages appear here as things happen in your store. Send a test message to try it.',
              }
            : { title: 'No delivery with this status' }
        }
      />
      <DeliveryPager page={log.data} cursors={cursors} onCursors={setCursors} />
    </section>
  );
}

function deliveryColumns(subscription: WebhookSubscription, date: (iso: string) => string): Column<WebhookDelivery>[] {
  return [
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
  ];
}

/** "Newest" and "Older": the log pages back in time by a stack of cursors. */
function DeliveryPager({
  page,
  cursors,
  onCursors,
}: {
  page: ListWebhookDeliveriesResponse | undefined;
  cursors: string[];
  onCursors: (cursors: string[]) => void;
}) {
  const next = page?.pagingMetadata.hasNext ? page.pagingMetadata.cursors.next : undefined;
  if (!(cursors.length > 0 || page?.pagingMetadata.hasNext)) return null;
  return (
    <div className="flex gap-2">
      {cursors.length > 0 && (
        <Button variant="secondary" onClick={() => onCursors([])}>
          Newest
        </Button>
      )}
      {next && (
        <Button variant="secondary" onClick={() => onCursors([...cursors, next])}>
          Older
        </Button>
      )}
    </div>
  );
}

/** Asks before sending every failed delivery again, then says how many go out. */
export function RedeliverFailedDialog({
  subscriptionId,
  failed,
  open,
  onClose,
}: {
  subscriptionId: string;
  failed: number;
  open: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const redeliverFailed = usePlazaMutation(webhookMutations.redeliverFailed);
  return (
    <ConfirmDialog
      open={open}
      title={`Send ${failed === 1 ? 'the failed message' : `all ${failed} failed messages`} again?`}
      confirmLabel="Send again"
      busy={redeliverFailed.isPending}
      onCancel={onClose}
      onConfirm={() =>
        redeliverFailed.mutate(subscriptionId, {
          onSuccess: (r) => {
            onClose();
            toast(
              r.redelivered === 1 ? '1 message will be sent again' : `${r.redelivered} messages will be sent again`,
            );
          },
          onError: () => {
            onClose();
            toast('Could not send them again. Try once more.', 'error');
          },
        })
      }
    >
      Your other system receives them once more, in their original order. Messages it already handled carry the same id,
      so it can skip them.
    </ConfirmDialog>
  );
}
