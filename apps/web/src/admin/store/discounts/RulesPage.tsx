import { useState } from 'react';
import type { DiscountRule, Trigger } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { OwnerOnly } from '../../developers/OwnerOnly.js';
import { useToast } from '../../Toast.js';
import { Drawer } from '../../ui/Drawer.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ResourceTable } from '../../ui/ResourceTable.js';
import { useDeleteDiscountRule, useDiscountRules, useSetRuleActive } from './api.js';
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
    <OwnerOnly title="Automatic discounts" what="discounts">
      <RulesScreen />
    </OwnerOnly>
  );
}

function RulesScreen() {
  const { data, error, isPending, isFetching, refetch } = useDiscountRules();
  const setActive = useSetRuleActive();
  const remove = useDeleteDiscountRule();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<DiscountRule | null>(null);
  const failed = (what: string) => (e: unknown) => toast(`${what}: ${describeError(e).message}`, 'error');
  const toggle = (r: DiscountRule, active: boolean) =>
    setActive.mutate(
      { id: r.id, active },
      { onSuccess: () => toast(active ? `${r.name} is on` : `${r.name} is off`), onError: failed('Not changed') },
    );
  const add = (
    <Button onClick={() => setAdding(true)} aria-haspopup="dialog">
      Create discount
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Automatic discounts"
        description="Discounts that apply by themselves, such as 10% off orders over 50. For codes, see Coupons."
        actions={add}
      />
      <ResourceTable<DiscountRule>
        noun={{ one: 'discount', other: 'discounts' }}
        rows={data}
        total={data?.length}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.name}
        loading={isPending}
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
        columns={[
          {
            header: 'Discount',
            primary: true,
            cell: (r) => <span className="font-medium text-neutral-900">{r.name}</span>,
          },
          { header: 'Takes off', className: 'w-44', cell: (r) => discountWords(r.discount) },
          { header: 'When', className: 'w-44', cell: (r) => whenWords(r.trigger) },
          { header: 'Status', className: 'w-28', cell: (r) => <CouponStatus coupon={r} /> },
        ]}
        actions={[
          { label: 'Turn off', when: (r) => r.active, onSelect: (r) => toggle(r, false) },
          { label: 'Turn on', when: (r) => !r.active, onSelect: (r) => toggle(r, true) },
          { label: 'Delete', danger: true, onSelect: setDeleting },
        ]}
        actionsClassName="w-52"
        empty={{ title: 'No automatic discounts', body: 'Reward bigger orders without a code.', action: add }}
      />
      <Drawer open={adding} title="Create an automatic discount" onClose={() => setAdding(false)}>
        {adding && <RuleForm onDone={() => setAdding(false)} />}
      </Drawer>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the discount'}?`}
        confirmLabel="Delete discount"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast(`${deleting.name} is deleted`);
              setDeleting(null);
            },
            onError: (e) => {
              setDeleting(null);
              failed('It was not deleted')(e);
            },
          })
        }
      >
        New orders no longer get it. Orders already placed keep their discount.
      </ConfirmDialog>
    </>
  );
}
