import { useState } from 'react';
import type { Coupon } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { OwnerOnly } from '../../developers/OwnerOnly.js';
import { useToast } from '../../Toast.js';
import { Drawer } from '../../ui/Drawer.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ResourceTable } from '../../ui/ResourceTable.js';
import { useCoupons, useDeleteCoupon, useSetCouponActive } from './api.js';
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
  const { data, error, isPending, isFetching, refetch } = useCoupons();
  const setActive = useSetCouponActive();
  const remove = useDeleteCoupon();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Coupon | null>(null);
  const failed = (what: string) => (e: unknown) => toast(`${what}: ${describeError(e).message}`, 'error');
  const toggle = (c: Coupon, active: boolean) =>
    setActive.mutate(
      { id: c.id, active },
      { onSuccess: () => toast(active ? `${c.code} is on` : `${c.code} is off`), onError: failed('Not changed') },
    );
  const add = (
    <Button onClick={() => setAdding(true)} aria-haspopup="dialog">
      Create coupon
    </Button>
  );
  return (
    <>
      <PageHeader title="Coupons" description="Codes buyers enter at checkout for a discount." actions={add} />
      <ResourceTable<Coupon>
        noun={{ one: 'coupon', other: 'coupons' }}
        rows={data}
        total={data?.length}
        rowKey={(c) => c.id}
        rowLabel={(c) => c.code}
        loading={isPending}
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
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
        actions={[
          { label: 'Turn off', when: (c) => c.active, onSelect: (c) => toggle(c, false) },
          { label: 'Turn on', when: (c) => !c.active, onSelect: (c) => toggle(c, true) },
          { label: 'Delete', danger: true, onSelect: setDeleting },
        ]}
        actionsClassName="w-52"
        empty={{
          title: 'No coupons yet',
          body: 'Create a code for a sale, a newsletter or loyal customers.',
          action: add,
        }}
      />
      <Drawer open={adding} title="Create a coupon" onClose={() => setAdding(false)}>
        {adding && <CouponForm onDone={() => setAdding(false)} />}
      </Drawer>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.code ?? 'the coupon'}?`}
        confirmLabel="Delete coupon"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast(`${deleting.code} is deleted`);
              setDeleting(null);
            },
            onError: (e) => {
              setDeleting(null);
              failed('It was not deleted')(e);
            },
          })
        }
      >
        Buyers who type it get “this code does not exist”. Orders that used it keep their discount.
      </ConfirmDialog>
    </>
  );
}
