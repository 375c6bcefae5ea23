import type { ListAbandonedCheckoutsResponse } from '@plaza/contracts';
import { abandonedCheckoutQueries, usePlaza } from '@plaza/react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  type AbandonedCheckout,
  type AbandonedCheckoutActivity,
  type ListAbandonedCheckoutsQuery,
} from '@plaza/sdk/ecom';
import { Badge } from '../../ui/Badge.js';
import { CopyButton } from '../../ui/CopyButton.js';
import { ownerOnlyPage } from '../ui/OwnerOnly.js';
import { useDateFormat } from '../dates.js';
import { CursorTable, useCursorPage, type FilteredListProps } from '../ui/CursorPager.js';
import { Drawer } from '../ui/Drawer.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { optionsOf } from '../ui/choices.js';
import { PageHeader } from '../ui/PageHeader.js';
import { SearchBox } from '../ui/SearchBox.js';
import { countOf } from '../ui/ResourceTable.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import { RowOpenButton } from '../ui/NameCell.js';

type Status = 'ALL' | AbandonedCheckout['status'];
const STATUS_TABS = optionsOf<Status>({ ALL: 'All', ABANDONED: 'Not back yet', RECOVERED: 'Ordered later' });
const BASKETS = { one: 'basket', other: 'baskets' };
const ITEMS = { one: 'item', other: 'items' };
const ACTIVITY_WORDS: Record<AbandonedCheckoutActivity['type'], string> = {
  SCHEDULED: 'Reminder e-mail planned',
  EMAIL_SENT: 'Reminder e-mail sent',
  EMAIL_NOT_SENT: 'Reminder e-mail not sent',
  NOTIFICATION_SENT: 'Notification sent',
  TASK_CREATED: 'Task created',
};

/** /admin/store/abandoned-checkouts: baskets left at checkout, what they were worth, and which came back. */
export const AbandonedCheckoutsPage = ownerOnlyPage('Abandoned checkouts', 'abandoned checkouts', Screen);

function Screen() {
  const [status, setStatus] = useState<Status>('ALL');
  const [search, setSearch] = useState('');
  const email = useDebouncedValue(search.trim());
  const [open, setOpen] = useState<AbandonedCheckout | null>(null);
  const filters: ListAbandonedCheckoutsQuery = {
    limit: 25,
    ...(status !== 'ALL' ? { status } : {}),
    ...(email ? { email } : {}),
  };
  return (
    <>
      <PageHeader
        title="Abandoned checkouts"
        description="Shoppers who gave their e-mail at checkout and left without ordering. Each gets one reminder with a link back to their basket."
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(12rem,1fr)_auto] sm:items-end">
        <SearchBox label="Search by e-mail" maxLength={254} value={search} onChange={setSearch} />
        <FilterTabs label="Status" value={status} onChange={setStatus} tabs={STATUS_TABS} />
      </div>
      <List
        key={JSON.stringify(filters)}
        filters={filters}
        filtered={Boolean(email || status !== 'ALL')}
        onOpen={setOpen}
      />
      <Drawer
        open={open !== null}
        title={open ? `Basket of ${open.buyerInfo.email}` : ''}
        onClose={() => setOpen(null)}
      >
        {open && <Details checkout={open} />}
      </Drawer>
    </>
  );
}

function List({ filters, filtered, onOpen }: FilteredListProps<ListAbandonedCheckoutsQuery, AbandonedCheckout>) {
  const { pages, query } = useCursorPage(filters);
  const formatDate = useDateFormat();
  const list = useQuery(abandonedCheckoutQueries.list(usePlaza(), query));
  const { data } = list;
  const totals = data?.metadata.totals;
  return (
    <div className="space-y-4">
      {totals && <Totals totals={totals} />}
      <CursorTable<AbandonedCheckout>
        pages={pages}
        query={list}
        nextCursor={data?.metadata.cursor}
        noun={BASKETS}
        rows={data?.abandonedCheckouts}
        rowKey={(a) => a.id}
        rowLabel={(a) => a.buyerInfo.email}
        onOpen={onOpen}
        columns={[
          {
            header: 'Shopper',
            primary: true,
            cell: (a) => <RowOpenButton>{a.buyerInfo.email}</RowOpenButton>,
          },
          {
            header: 'Basket',
            className: 'w-40',
            cell: (a) => `${a.totalPrice.formattedAmount} · ${a.itemCount} items`,
          },
          { header: 'Left', className: 'w-44', cell: (a) => formatDate(a.checkoutUpdatedDate) },
          {
            header: 'Status',
            className: 'w-32',
            cell: (a) =>
              a.status === 'RECOVERED' ? <Badge tone="success">Ordered</Badge> : <Badge tone="warning">Not back</Badge>,
          },
        ]}
        empty={
          filtered
            ? { title: 'No basket matches', body: 'Try another e-mail or status.' }
            : {
                title: 'No abandoned checkouts',
                body: 'When a shopper gives their e-mail at checkout and leaves without ordering, they show here.',
              }
        }
      />
    </div>
  );
}

/** What the baskets left behind are worth, and what came back as orders. */
function Totals({ totals }: { totals: NonNullable<ListAbandonedCheckoutsResponse['metadata']['totals']> }) {
  const stats = [
    {
      label: 'Not back yet',
      value: totals.abandonedValue.formattedAmount,
      detail: `in ${countOf(totals.abandoned, BASKETS)}`,
    },
    {
      label: 'Ordered after all',
      value: totals.recoveredValue.formattedAmount,
      detail: `from ${countOf(totals.recovered, BASKETS)}`,
    },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2" aria-label="Summary">
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-lg border border-neutral-200 bg-white p-4">
          <dt className="text-sm text-neutral-600">{stat.label}</dt>
          <dd className="mt-1 text-xl font-semibold">
            {stat.value}
            <span className="ml-2 text-sm font-normal text-neutral-600">{stat.detail}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Details({ checkout: a }: { checkout: AbandonedCheckout }) {
  const formatDate = useDateFormat();
  return (
    <div className="space-y-5 text-sm">
      <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2">
        <dt className="text-neutral-600">Basket</dt>
        <dd>
          {a.totalPrice.formattedAmount} · {countOf(a.itemCount, ITEMS)}
        </dd>
        <dt className="text-neutral-600">Left on</dt>
        <dd>{formatDate(a.checkoutUpdatedDate)}</dd>
        <dt className="text-neutral-600">Status</dt>
        <dd>{a.status === 'RECOVERED' ? `Ordered on ${formatDate(a.recoveredDate)}` : 'Not back yet'}</dd>
      </dl>
      <section>
        <h3 className="font-medium">What happened</h3>
        <ol className="mt-2 space-y-2 border-l border-neutral-200 pl-4">
          {a.activities.map((act, i) => (
            <li key={i}>
              <span className="block">{ACTIVITY_WORDS[act.type]}</span>
              <span className="text-xs text-neutral-600">
                {formatDate(act.createdDate)}
                {act.description ? ` · ${act.description}` : ''}
              </span>
            </li>
          ))}
        </ol>
      </section>
      {a.status === 'ABANDONED' && (
        <section className="space-y-2">
          <h3 className="font-medium">Link back to the basket</h3>
          <p className="text-neutral-600">The link in the reminder. Send it again in your own words if you like.</p>
          <CopyButton text={a.checkoutUrl} label="Copy link" />
        </section>
      )}
    </div>
  );
}
