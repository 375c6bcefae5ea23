import type { DiscountRule, Trigger } from '@plaza/contracts';
import { discountMutations, discountQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { ManagedListPage, wholeList, type ManagedListSetup } from '../../ui/ManagedListPage.js';
import { RuleForm } from './RuleForm.js';
import { CouponStatus, discountWords } from './words.js';

/** "Order total 50 to 100", "3 or more items", "Always". */
function whenWords(t: Trigger | undefined): string {
  if (!t) return 'Always';
  const range = (from: string | number | undefined, to: string | number | undefined) =>
    from !== undefined && to !== undefined
      ? `${from} to ${to}`
      : from !== undefined
        ? `${from} or more`
        : `up to ${to}`;
  if (t.type === 'SUBTOTAL_RANGE')
    return `Order total ${range(t.subtotalRange?.from?.amount, t.subtotalRange?.to?.amount)}`;
  if (t.type === 'ITEM_QUANTITY_RANGE') return `${range(t.itemQuantityRange?.from, t.itemQuantityRange?.to)} items`;
  if (t.type === 'CUSTOM') return 'When an app says so';
  return `${t.triggers?.length ?? 0} conditions (${t.type === 'AND' ? 'all' : 'any'})`;
}

/** /admin/store/discounts: discounts that apply by themselves when their condition is met. */
export function RulesPage() {
  return (
    <ManagedListPage<DiscountRule>
      title="Automatic discounts"
      what="discounts"
      description="Discounts that apply by themselves, such as 10% off orders over 50. For codes, see Coupons."
      useList={useRulesList}
    />
  );
}

function useRulesList(): ManagedListSetup<DiscountRule> {
  const query = useQuery(discountQueries.rules(usePlaza()));
  const setActive = usePlazaMutation(discountMutations.setRuleActive);
  const remove = usePlazaMutation(discountMutations.deleteRule);
  return {
    query,
    addLabel: 'Create discount',
    noun: { one: 'discount', other: 'discounts' },
    ...wholeList(query),
    rowLabel: (r) => r.name,
    columns: [
      {
        header: 'Discount',
        primary: true,
        cell: (r) => <span className="font-medium text-neutral-900">{r.name}</span>,
      },
      { header: 'Takes off', className: 'w-44', cell: (r) => discountWords(r.discount) },
      { header: 'When', className: 'w-44', cell: (r) => whenWords(r.trigger) },
      { header: 'Status', className: 'w-28', cell: (r) => <CouponStatus coupon={r} /> },
    ],
    editor: {
      edits: true,
      newTitle: 'Create an automatic discount',
      render: (r, close) => <RuleForm rule={r} onDone={close} />,
    },
    toggle: { isOn: (r) => r.active, set: (r, active, handlers) => setActive.mutate({ id: r.id, active }, handlers) },
    remove: {
      mutation: remove,
      consequence: 'New orders no longer get it. Orders already placed keep their discount.',
    },
    empty: { title: 'No automatic discounts', body: 'Reward bigger orders without a code.' },
  };
}
