import type { Coupon } from '@plaza/contracts';
import { discountMutations, discountQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { OwnerOnly } from '../../ui/OwnerOnly.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ManagedList } from '../../ui/ManagedList.js';
import { CouponForm } from './CouponForm.js';
import { CouponStatus, discountWords, usageWords } from './words.js';

/** /admin/store/coupons: codes buyers enter at checkout, with their limits and how often they were used. */
export function CouponsPage() {
  return (
    <OwnerOnly title="Coupons" what="coupons">
      <CouponsScreen />
    </OwnerOnly>
  );
}

function CouponsScreen() {
  const query = useQuery(discountQueries.coupons(usePlaza()));
  const setActive = usePlazaMutation(discountMutations.setCouponActive);
  const remove = usePlazaMutation(discountMutations.deleteCoupon);
  return (
    <ManagedList<Coupon>
      query={query}
      header={(add) => (
        <PageHeader title="Coupons" description="Codes buyers enter at checkout for a discount." actions={add} />
      )}
      addLabel="Create coupon"
      noun={{ one: 'coupon', other: 'coupons' }}
      rows={query.data}
      total={query.data?.length}
      rowKey={(c) => c.id}
      rowLabel={(c) => c.code}
      columns={[
        {
          header: 'Code',
          primary: true,
          cell: (c) => (
            <span className="block min-w-0">
              <span className="block truncate font-mono font-medium text-neutral-900">{c.code}</span>
              <span className="block truncate text-xs text-neutral-500">{c.name}</span>
            </span>
          ),
        },
        { header: 'Discount', className: 'w-48', cell: (c) => discountWords(c.discount) },
        { header: 'Used', className: 'w-32', cell: usageWords },
        { header: 'Status', className: 'w-28', cell: (c) => <CouponStatus coupon={c} /> },
      ]}
      editor={{
        edits: true,
        title: (c) => (c ? `Edit ${c.code}` : 'Create a coupon'),
        render: (c, close) => <CouponForm coupon={c} onDone={close} />,
      }}
      toggle={{ isOn: (c) => c.active, set: (c, active, handlers) => setActive.mutate({ id: c.id, active }, handlers) }}
      remove={{
        run: (c, handlers) => remove.mutate(c.id, handlers),
        busy: remove.isPending,
        confirmLabel: 'Delete coupon',
        consequence: 'Buyers who type it get “this code does not exist”. Orders that used it keep their discount.',
      }}
      empty={{ title: 'No coupons yet', body: 'Create a code for a sale, a newsletter or loyal customers.' }}
    />
  );
}
