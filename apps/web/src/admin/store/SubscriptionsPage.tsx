import {
  type SubscriptionAction,
  subscriptionMutations,
  subscriptionQueries,
  usePlaza,
  usePlazaMutation,
} from '@plaza/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { type ListSubscriptionContractsQuery, type SubscriptionContract } from '@plaza/sdk/ecom';
import { everyWords, SUBSCRIPTION_STATUS_WORDS } from '../../account/subscriptionWords.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { ownerOnlyPage } from '../ui/OwnerOnly.js';
import { useDateFormat } from '../dates.js';
import { useToast } from '../Toast.js';
import { CursorTable, useCursorPage, type FilteredListProps } from '../ui/CursorPager.js';
import { Drawer } from '../ui/Drawer.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { optionsOf } from '../ui/choices.js';
import { PageHeader } from '../ui/PageHeader.js';
import { RowOpenButton } from '../ui/NameCell.js';

type Status = 'ALL' | SubscriptionContract['status'];
const STATUS_TABS = optionsOf<Status>({
  ALL: 'All',
  ACTIVE: 'Active',
  PAUSED: 'Paused',
  CANCELED: 'Canceled',
  ENDED: 'Finished',
});
const SUBSCRIPTIONS = { one: 'subscription', other: 'subscriptions' };
const TONE = { ACTIVE: 'success', PAUSED: 'warning', CANCELED: 'neutral', ENDED: 'neutral' } as const;
/** /admin/store/subscriptions: who receives what regularly, the next charges, and the ones that need attention. */
export const SubscriptionsPage = ownerOnlyPage('Subscriptions', 'subscriptions', Screen);

function Screen() {
  const [status, setStatus] = useState<Status>('ALL');
  const [openId, setOpenId] = useState<string | null>(null);
  const filters: ListSubscriptionContractsQuery = { limit: 25, ...(status !== 'ALL' ? { status } : {}) };
  return (
    <>
      <PageHeader
        title="Subscriptions"
        description="Customers who receive a product regularly. Each renewal is charged to their card on its date and becomes an order."
      />
      <div className="mb-4">
        <FilterTabs label="Status" value={status} onChange={setStatus} tabs={STATUS_TABS} />
      </div>
      <List
        key={JSON.stringify(filters)}
        filters={filters}
        filtered={status !== 'ALL'}
        onOpen={(s) => setOpenId(s.id)}
      />
      <Drawer open={openId !== null} title="Subscription" onClose={() => setOpenId(null)}>
        {openId && <Details id={openId} />}
      </Drawer>
    </>
  );
}

function List({ filters, filtered, onOpen }: FilteredListProps<ListSubscriptionContractsQuery, SubscriptionContract>) {
  const { pages, query } = useCursorPage(filters);
  const formatDate = useDateFormat();
  const list = useQuery(subscriptionQueries.list(usePlaza(), query));
  const { data } = list;
  return (
    <div className="space-y-4">
      <CursorTable<SubscriptionContract>
        pages={pages}
        query={list}
        nextCursor={data?.metadata.cursor}
        noun={SUBSCRIPTIONS}
        rows={data?.subscriptionContracts}
        rowKey={(s) => s.id}
        rowLabel={(s) => `${s.lineItem.productName} for ${s.buyerInfo.email ?? 'a shopper'}`}
        onOpen={onOpen}
        columns={[
          {
            header: 'Customer',
            primary: true,
            cell: (s) => <RowOpenButton>{s.buyerInfo.email ?? 'A shopper'}</RowOpenButton>,
          },
          { header: 'Product', cell: (s) => `${s.lineItem.quantity} × ${s.lineItem.productName}` },
          {
            header: 'Price',
            className: 'w-44',
            cell: (s) => `${s.price.formattedAmount} ${everyWords(s.subscriptionSettings)}`,
          },
          {
            header: 'Next charge',
            className: 'w-40',
            cell: (s) => (s.nextBillingDate && s.status === 'ACTIVE' ? formatDate(s.nextBillingDate) : '—'),
          },
          {
            header: 'Status',
            className: 'w-28',
            cell: (s) => <Badge tone={TONE[s.status]}>{SUBSCRIPTION_STATUS_WORDS[s.status]}</Badge>,
          },
        ]}
        empty={
          filtered
            ? { title: 'No subscription here', body: 'Try another status.' }
            : {
                title: 'No subscriptions yet',
                body: 'Give a product subscription options (Products → a product → Subscriptions) and shoppers can receive it regularly.',
              }
        }
      />
    </div>
  );
}

type Action = SubscriptionAction;
const DONE: Record<Action, string> = {
  pause: 'Subscription paused',
  resume: 'Subscription resumed',
  cancel: 'Subscription canceled',
};

function Details({ id }: { id: string }) {
  const toast = useToast();
  const { data, error, refetch, isFetching } = useQuery(subscriptionQueries.one(usePlaza(), id));
  const [confirming, setConfirming] = useState(false);
  const change = usePlazaMutation(subscriptionMutations.act, {
    onSuccess: (_r, v) => toast(DONE[v.action]),
  });
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  const s = data?.subscriptionContract;
  if (!s) return <Skeleton className="h-48 w-full" />;
  const run = (action: Action) => change.mutate({ id, action }, { onSettled: () => setConfirming(false) });
  return (
    <div className="space-y-5 text-sm">
      <ContractFacts s={s} />
      <ContractOrders s={s} />
      {change.error && <ErrorMessage error={change.error} />}
      <div className="flex flex-wrap gap-2">
        {s.status === 'ACTIVE' && (
          <Button variant="secondary" busy={change.isPending} onClick={() => run('pause')}>
            Pause
          </Button>
        )}
        {s.status === 'PAUSED' && (
          <Button busy={change.isPending} onClick={() => run('resume')}>
            Resume charging
          </Button>
        )}
        {(s.status === 'ACTIVE' || s.status === 'PAUSED') && (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Cancel this subscription?"
        confirmLabel="Cancel subscription"
        danger
        busy={change.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => run('cancel')}
      >
        <p>{s.buyerInfo.email ?? 'The customer'} will not be charged again. Orders already placed stay as they are.</p>
      </ConfirmDialog>
    </div>
  );
}

/** Who, what, how often, and the contract's state and last problem. */
function ContractFacts({ s }: { s: SubscriptionContract }) {
  const formatDate = useDateFormat();
  return (
    <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2">
      <dt className="text-neutral-600">Customer</dt>
      <dd>{s.buyerInfo.email ?? 'A shopper'}</dd>
      <dt className="text-neutral-600">Product</dt>
      <dd>
        {s.lineItem.quantity} × {s.lineItem.productName}
      </dd>
      <dt className="text-neutral-600">Price</dt>
      <dd>
        {s.price.formattedAmount} {everyWords(s.subscriptionSettings)}
      </dd>
      <dt className="text-neutral-600">Payments</dt>
      <dd>
        {s.cyclesCompleted}
        {s.subscriptionSettings.billingCycles ? ` of ${s.subscriptionSettings.billingCycles}` : ''} made
      </dd>
      <dt className="text-neutral-600">Card</dt>
      <dd>
        {s.paymentMethod.brand} ending {s.paymentMethod.lastFourDigits}
      </dd>
      <dt className="text-neutral-600">Status</dt>
      <dd>{SUBSCRIPTION_STATUS_WORDS[s.status]}</dd>
      {s.nextBillingDate && s.status === 'ACTIVE' && (
        <>
          <dt className="text-neutral-600">Next charge</dt>
          <dd>{formatDate(s.nextBillingDate)}</dd>
        </>
      )}
      {s.lastFailure && (
        <>
          <dt className="text-neutral-600">Last problem</dt>
          <dd className="text-red-700">
            {formatDate(s.lastFailure.date)}: {s.lastFailure.reason}
          </dd>
        </>
      )}
    </dl>
  );
}

/** The first order and each renewal, linked to its order page. */
function ContractOrders({ s }: { s: SubscriptionContract }) {
  return (
    <section>
      <h3 className="font-medium">Orders</h3>
      <ul className="mt-2 space-y-1">
        {[s.originOrderId, ...s.renewalOrderIds].map((orderId, i) => (
          <li key={orderId}>
            <Link to={`/admin/store/orders/${orderId}`} className="text-accent hover:underline">
              {i === 0 ? 'First order' : `Renewal ${i}`}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
