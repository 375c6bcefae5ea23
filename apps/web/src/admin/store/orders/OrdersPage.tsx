import { useState } from 'react';
import { useNavigate } from 'react-router';
import { lineWords } from '@plaza/contracts/constants';
import type { Order, SearchOrdersRequest } from '@plaza/sdk/ecom';
import { orderQueries, usePlaza, useSite } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { deliveryNote } from '../../../storefront/store/orders/lines.js';
import { Badge } from '../../../ui/Badge.js';
import { ownerOnlyPage } from '../../ui/OwnerOnly.js';
import { useDateFormat } from '../../dates.js';
import { CursorTable, useCursorPages } from '../../ui/CursorPager.js';
import { type Column } from '../../ui/ResourceTable.js';
import { useRowSelection } from '../../ui/useRowSelection.js';
import { FilterTabs } from '../../ui/FilterTabs.js';
import { optionsOf } from '../../ui/choices.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SearchBox } from '../../ui/SearchBox.js';
import { useDebouncedValue } from '../../ui/useDebouncedValue.js';
import { BulkOrders } from './BulkOrders.js';
import { ExportOrders } from './ExportOrders.js';
import { SavedViews } from './SavedViews.js';
import { PaymentBadge } from './words.js';

type Show = 'ALL' | 'UNPAID' | 'TO_CAPTURE' | 'PAID' | 'REFUNDED';
const PAYMENT_TABS = optionsOf<Show>({
  ALL: 'All',
  UNPAID: 'Unpaid',
  TO_CAPTURE: 'To capture',
  PAID: 'Paid',
  REFUNDED: 'Refunded',
});
const FILTERS: Record<Show, Order['paymentStatus'][] | undefined> = {
  ALL: undefined,
  UNPAID: ['NOT_PAID', 'PARTIALLY_PAID', 'PENDING'],
  TO_CAPTURE: ['PENDING_MERCHANT'],
  PAID: ['PAID'],
  REFUNDED: ['PARTIALLY_REFUNDED', 'FULLY_REFUNDED'],
};

/** What the order holds, with each line's options: "2 × Lavender Hoodie (Size: M), 1 × Canvas Tote". */
const itemsOf = (o: Order) => o.lineItems.map(lineWords).join(', ');

/** /admin/store/orders: every order, newest first, searchable, filtered by what needs doing. */
export const OrdersPage = ownerOnlyPage('Orders', 'orders', Screen);

function Screen() {
  const [show, setShow] = useState<Show>('ALL');
  const [text, setText] = useState('');
  const words = useDebouncedValue(text.trim());
  const filter = {
    ...(FILTERS[show] ? { paymentStatus: FILTERS[show] } : {}),
    ...(/^\d+$/.test(words) ? { number: words } : words ? { text: words } : {}),
  };
  return (
    <>
      <PageHeader
        title="Orders"
        description="What your customers bought: payments, refunds and what still needs doing."
        actions={<ExportOrders filter={filter} />}
      />
      <SavedViews
        current={{ show, text }}
        onApply={(v) => {
          setShow((v.show in FILTERS ? v.show : 'ALL') as Show);
          setText(v.text);
        }}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(12rem,1fr)_auto] sm:items-end">
        <SearchBox label="Search" placeholder="Order number, e-mail, name or product" value={text} onChange={setText} />
        <FilterTabs label="Payment" value={show} onChange={setShow} tabs={PAYMENT_TABS} />
      </div>
      <List key={JSON.stringify(filter)} filter={filter} filtered={show !== 'ALL' || Boolean(words)} />
    </>
  );
}

function List({
  filter,
  filtered,
}: {
  filter: NonNullable<SearchOrdersRequest['search']>['filter'];
  filtered: boolean;
}) {
  const pages = useCursorPages();
  const navigate = useNavigate();
  const { selected, select, clear } = useRowSelection();
  const columns = useOrderColumns();
  const list = useQuery(
    orderQueries.list(usePlaza(), {
      ...(filter && Object.keys(filter).length ? { filter } : {}),
      cursorPaging: { limit: 25, ...(pages.cursor ? { cursor: pages.cursor } : {}) },
    }),
  );
  const { data } = list;
  return (
    <div className="space-y-4">
      {selected.size > 0 && <BulkOrders ids={[...selected]} onDone={clear} />}
      <CursorTable<Order>
        pages={pages}
        query={list}
        nextCursor={data?.metadata.cursor}
        noun={{ one: 'order', other: 'orders' }}
        rows={data?.orders}
        rowKey={(o) => o.id}
        rowLabel={(o) => `Order ${o.number}`}
        onOpen={(o) => navigate(`/admin/store/orders/${o.id}`)}
        selection={{
          selected,
          onSelect: (id, on) => select([id], on),
          onSelectPage: (on) =>
            select(
              (data?.orders ?? []).map((o) => o.id),
              on,
            ),
        }}
        columns={columns}
        empty={
          filtered
            ? { title: 'No order matches', body: 'Try other words or another filter.' }
            : { title: 'No orders yet', body: 'When a customer checks out, the order shows here.' }
        }
      />
    </div>
  );
}

/** The order list's columns: the order with its buyer, items and delivery, when, how much, payment and status. */
function useOrderColumns(): Array<Column<Order>> {
  const formatDate = useDateFormat();
  const { data: site } = useSite();
  return [
    {
      header: 'Order',
      primary: true,
      cell: (o) => (
        <span className="block min-w-0">
          <button type="button" className="font-medium text-neutral-900 hover:underline">
            Order {o.number}
          </button>
          <span className="block truncate text-xs text-neutral-500">{o.buyerInfo.email ?? 'No e-mail'}</span>
          <span className="block truncate text-xs text-neutral-600" title={itemsOf(o)}>
            {itemsOf(o)}
          </span>
          {deliveryNote(o, site) && (
            <span className="block truncate text-xs text-neutral-600" data-testid="delivery-note">
              {deliveryNote(o, site)}
            </span>
          )}
        </span>
      ),
    },
    { header: 'Placed', className: 'w-44', cell: (o) => formatDate(o.createdDate) },
    { header: 'Total', className: 'w-28', cell: (o) => o.priceSummary.total.formattedAmount },
    { header: 'Payment', className: 'w-44', cell: (o) => <PaymentBadge order={o} /> },
    {
      header: 'Status',
      className: 'w-28',
      cell: (o) => (o.status === 'CANCELED' ? <Badge tone="danger">Canceled</Badge> : <Badge>Open</Badge>),
    },
  ];
}
