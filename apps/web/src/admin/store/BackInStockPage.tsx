import { useState } from 'react';
import type { BackInStockNotificationRequest, BackInStockStatus } from '@plaza/sdk/ecom';
import { backInStockMutations, backInStockQueries, usePlaza, usePlazaMutation, type WaitingItem } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../ui/Badge.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { describeError } from '../../ui/ErrorMessage.js';
import { useDateFormat } from '../dates.js';
import { useToast } from '../Toast.js';
import { Drawer } from '../ui/Drawer.js';
import { PageHeader } from '../ui/PageHeader.js';
import { type Column, ResourceTable, tableStates } from '../ui/ResourceTable.js';
import { JobProgress } from './JobProgress.js';
import { StockBadge } from './labels.js';
import { ownerOnlyPage } from '../ui/OwnerOnly.js';
import { RowOpenButton } from '../ui/NameCell.js';
import { RowConfirm } from '../ui/RowConfirm.js';

const statuses: Record<BackInStockStatus, { label: string; tone: 'neutral' | 'accent' | 'success' | 'danger' }> = {
  UNSPECIFIED: { label: 'Unknown', tone: 'neutral' },
  RECEIVED: { label: 'Waiting', tone: 'accent' },
  PROCESSING: { label: 'Being mailed', tone: 'accent' },
  NOTIFICATION_SENT: { label: 'Told', tone: 'success' },
  FAILED: { label: 'Mail failed', tone: 'danger' },
};
const waitingWords = (n: number) => `${new Intl.NumberFormat().format(n)} ${n === 1 ? 'shopper' : 'shoppers'}`;

/** /admin/store/back-in-stock: which products shoppers wait for, and "tell them now" once the stock is back. */
export const BackInStockPage = ownerOnlyPage('Back in stock requests', 'back-in-stock requests', BackInStockPageScreen);

function BackInStockPageScreen() {
  const list = useQuery(backInStockQueries.waitingItems(usePlaza()));
  const { data } = list;
  const notify = usePlazaMutation(backInStockMutations.notifyNow);
  const toast = useToast();
  const [confirming, setConfirming] = useState<WaitingItem | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [job, setJob] = useState<{ id: string; name: string } | null>(null);
  const open = data?.find((i) => i.product.id === openId) ?? null;

  return (
    <>
      <PageHeader
        title="Back in stock requests"
        description="Shoppers who asked to hear when a sold-out product is back. Tell them once you have restocked."
      />
      {job && (
        <div className="mb-4">
          <JobProgress
            key={job.id}
            jobId={job.id}
            doing={`Mailing the shoppers waiting for ${job.name}`}
            done="mailed"
            noun={{ one: 'shopper', other: 'shoppers' }}
            onFinished={() => void list.refetch()}
          />
        </div>
      )}
      <ResourceTable<WaitingItem>
        noun={{ one: 'product', other: 'products' }}
        rows={data}
        total={data?.length}
        rowKey={(i) => i.product.id}
        rowLabel={(i) => i.product.name}
        {...tableStates(list)}
        onOpen={(i) => setOpenId(i.product.id)}
        columns={WAITING_COLUMNS}
        actions={[{ label: 'Notify now', onSelect: setConfirming }]}
        empty={{
          title: 'Nobody is waiting',
          body: 'When a product sells out, shoppers can leave their e-mail on its page. Their requests show here.',
        }}
      />
      <RequestsDrawer item={open} onClose={() => setOpenId(null)} />
      <ConfirmDialog
        open={confirming !== null}
        title={`Tell ${confirming ? waitingWords(confirming.waiting) : 'the shoppers'} it is back?`}
        confirmLabel="Send the e-mails"
        busy={notify.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() =>
          confirming &&
          notify.mutate(confirming.product, {
            onSuccess: (r) => {
              setJob({ id: r.jobId, name: confirming.product.name });
              setConfirming(null);
            },
            onError: (e) => {
              setConfirming(null);
              toast(`Nothing was sent: ${describeError(e).message}`, 'error');
            },
          })
        }
      >
        {confirming &&
          `Each shopper waiting for ${confirming.product.name} gets one e-mail with a link to it. Make sure it is in stock first.`}
      </ConfirmDialog>
    </>
  );
}

function RequestsDrawer({ item, onClose }: { item: WaitingItem | null; onClose: () => void }) {
  const list = useQuery(backInStockQueries.requests(usePlaza(), item?.product.id ?? null));
  const { data } = list;
  const date = useDateFormat();
  const mark = usePlazaMutation(backInStockMutations.markNotified);
  const remove = usePlazaMutation(backInStockMutations.deleteRequest);
  const toast = useToast();
  const [deleting, setDeleting] = useState<BackInStockNotificationRequest | null>(null);
  const failed = (what: string) => (e: unknown) => toast(`${what}: ${describeError(e).message}`, 'error');
  const open = (s: BackInStockStatus) => s === 'RECEIVED' || s === 'FAILED';
  return (
    <Drawer open={item !== null} title={item ? `Waiting for ${item.product.name}` : 'Requests'} onClose={onClose}>
      <ResourceTable<BackInStockNotificationRequest>
        noun={{ one: 'request', other: 'requests' }}
        rows={data}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.email}
        {...tableStates(list)}
        columns={[
          { header: 'E-mail', primary: true, cell: (r) => <span className="font-medium">{r.email}</span> },
          { header: 'Asked', cell: (r) => date(r.createdDate) },
          { header: 'Status', cell: (r) => <Badge tone={statuses[r.status].tone}>{statuses[r.status].label}</Badge> },
        ]}
        actions={[
          {
            label: 'Mark as told',
            when: (r) => open(r.status),
            onSelect: (r) =>
              mark.mutate(r.id, {
                onSuccess: () => toast(`${r.email} is marked as told`),
                onError: failed('Not changed'),
              }),
          },
          { label: 'Delete', danger: true, onSelect: setDeleting },
        ]}
        empty={{ title: 'No requests' }}
      />
      <RowConfirm
        row={deleting}
        title="Delete this request?"
        confirmLabel="Delete request"
        busy={remove.isPending}
        send={(r, handlers) => remove.mutate(r.id, handlers)}
        done={() => 'The request is deleted'}
        onClose={() => setDeleting(null)}
      >
        {deleting && `${deleting.email} will not be told when the product is back.`}
      </RowConfirm>
    </Drawer>
  );
}

/** The waiting list's columns: the product, how many wait for it and its stock now. */
const WAITING_COLUMNS: Array<Column<WaitingItem>> = [
  {
    header: 'Product',
    primary: true,
    cell: (i) => <RowOpenButton>{i.product.name}</RowOpenButton>,
  },
  { header: 'Waiting', className: 'w-32', cell: (i) => waitingWords(i.waiting) },
  { header: 'Stock now', className: 'w-48', cell: (i) => <StockBadge product={i.product} /> },
];
