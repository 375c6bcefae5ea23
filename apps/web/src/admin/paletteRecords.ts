import { useQuery } from '@tanstack/react-query';
import { catalogQueries, memberQueries, orderQueries, usePlaza } from '@plaza/react';

/** One line of the command palette: a screen or a record, and where it leads. */
export interface PaletteRow {
  key: string;
  label: string;
  detail: string;
  to: string;
  kind: string;
}

const LIMIT = 5;

/**
 * Orders, members and products matching `words`, through the same SDK calls as their dashboard screens (orders by
 * number when only digits are typed, else by buyer, name or product; members by name or e-mail; products by name).
 * Nothing is asked for an empty box.
 */
export function useRecordMatches(words: string): { rows: PaletteRow[]; busy: boolean } {
  const plaza = usePlaza();
  const enabled = words.length > 0;
  const orderSearch = {
    filter: /^\d+$/.test(words) ? { number: words } : { text: words },
    cursorPaging: { limit: LIMIT },
  };
  // The lists' factories keep the last page while the next loads; here a new search shows nothing stale.
  const orders = useQuery({
    ...orderQueries.list(plaza, orderSearch),
    placeholderData: undefined,
    enabled: enabled && words.length <= 100,
  });
  const members = useQuery({
    ...memberQueries.query(plaza, {
      query: { paging: { limit: LIMIT } },
      search: { expression: words },
      fieldsets: ['FULL'],
    }),
    enabled,
  });
  const productQuery = { text: words, limit: LIMIT, includeHidden: true };
  const products = useQuery({
    ...catalogQueries.products(plaza, productQuery),
    placeholderData: undefined,
    enabled: enabled && words.length <= 100,
  });
  if (!enabled) return { rows: [], busy: false };
  const rows: PaletteRow[] = [
    ...(orders.data?.orders ?? []).map((o) => ({
      key: `order-${o.id}`,
      label: `Order ${o.number}`,
      detail: o.buyerInfo.email ?? '',
      to: `/admin/store/orders/${o.id}`,
      kind: 'Order',
    })),
    ...(members.data?.members ?? []).map((m) => ({
      key: `member-${m.id}`,
      label: m.profile.nickname || [m.contact?.firstName, m.contact?.lastName].filter(Boolean).join(' ') || 'Member',
      detail: m.loginEmail ?? '',
      to: `/admin/members?member=${m.id}`,
      kind: 'Member',
    })),
    ...(products.data?.products ?? []).map((p) => ({
      key: `product-${p.id}`,
      label: p.name,
      detail: p.price.formattedAmount,
      to: `/admin/store/products/${p.id}`,
      kind: 'Product',
    })),
  ];
  return { rows, busy: orders.isFetching || members.isFetching || products.isFetching };
}
