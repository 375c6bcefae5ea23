import type { Coupon } from '@plaza/contracts';
import { discountMutations, discountQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { ManagedListPage, wholeList, type ManagedListSetup } from '../../ui/ManagedListPage.js';
import { CouponForm } from './CouponForm.js';
import { CouponStatus, discountWords, usageWords } from './words.js';
import { NameCell } from '../../ui/NameCell.js';

/** /admin/store/coupons: codes buyers enter at checkout, with their limits and how often they were used. */
export function CouponsPage() {
  return (
    <ManagedListPage<Coupon>
      title="Coupons"
      what="coupons"
      description="Codes buyers enter at checkout for a discount."
      useList={useCouponsList}
    />
  );
}

function useCouponsList(): ManagedListSetup<Coupon> {
  const query = useQuery(discountQueries.coupons(usePlaza()));
  const setActive = usePlazaMutation(discountMutations.setCouponActive);
  const remove = usePlazaMutation(discountMutations.deleteCoupon);
  return {
    query,
    addLabel: 'Create coupon',
    noun: { one: 'coupon', other: 'coupons' },
    ...wholeList(query),
    rowLabel: (c) => c.code,
    columns: [
      {
        header: 'Code',
        primary: true,
        cell: (c) => <NameCell name={c.code} detail={c.name} mono="name" />,
      },
      { header: 'Discount', className: 'w-48', cell: (c) => discountWords(c.discount) },
      { header: 'Used', className: 'w-32', cell: usageWords },
      { header: 'Status', className: 'w-28', cell: (c) => <CouponStatus coupon={c} /> },
    ],
    editor: {
      edits: true,
      newTitle: 'Create a coupon',
      render: (c, close) => <CouponForm coupon={c} onDone={close} />,
    },
    toggle: { isOn: (c) => c.active, set: (c, active, handlers) => setActive.mutate({ id: c.id, active }, handlers) },
    remove: {
      mutation: remove,
      consequence: 'Buyers who type it get “this code does not exist”. Orders that used it keep their discount.',
    },
    empty: { title: 'No coupons yet', body: 'Create a code for a sale, a newsletter or loyal customers.' },
  };
}
