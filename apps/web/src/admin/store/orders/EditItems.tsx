import { useState, type FormEvent } from 'react';
import type { DraftOrderChanges } from '@plaza/contracts';
import { useQuery } from '@tanstack/react-query';
import { type Order } from '@plaza/sdk/ecom';
import { catalogQueries, orderMutations, orderQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { Button } from '../../../ui/Button.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { TextField } from '../../../ui/Field.js';
import { useToast } from '../../Toast.js';
import { Drawer } from '../../ui/Drawer.js';
import { useDebouncedValue } from '../../ui/useDebouncedValue.js';
import { ProductLines } from '../ProductLines.js';
import { draftFormOf, toDraftChanges, type DraftForm } from './draftChanges.js';
import { AdjustmentsFieldset, CustomItemsFieldset, OrderLinesFieldset, type SetDraft } from './EditItemsFields.js';
import { PriceRows } from './words.js';
import { FormActions } from '../../../ui/FormActions.js';

/** Orders the server lets change: open, nothing shipped or refunded yet, no subscription. */
const editable = (o: Order) =>
  o.status !== 'CANCELED' &&
  o.status !== 'REJECTED' &&
  o.fulfillmentStatus === 'NOT_FULFILLED' &&
  o.paymentStatus !== 'PARTIALLY_REFUNDED' &&
  o.paymentStatus !== 'FULLY_REFUNDED' &&
  !o.lineItems.some((l) => l.subscriptionOptionInfo);

/** "Edit items" on the order page: a drawer to change what the order holds, with the new totals before saving. */
export function EditItemsButton({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  if (!editable(order)) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Edit items
      </Button>
      <Drawer open={open} title={`Order ${order.number}: edit items`} onClose={() => setOpen(false)}>
        <EditItemsForm order={order} onDone={() => setOpen(false)} />
      </Drawer>
    </>
  );
}

/** The totals the order would have after these changes, asked of the server a moment after typing stops. */
function useDraftPreview(order: Order, changes: DraftOrderChanges, blocked: boolean) {
  const wanted = useDebouncedValue(blocked ? '' : JSON.stringify(changes), 300);
  const preview = useQuery(orderQueries.draftPreview(usePlaza(), order.id, wanted));
  const stale = wanted !== (blocked ? '' : JSON.stringify(changes));
  return { preview, stale };
}

function EditItemsForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const toast = useToast();
  const products = useQuery(catalogQueries.products(usePlaza(), { limit: 100, sort: 'NAME_ASC' }));
  const list = products.data?.products ?? [];
  const [form, setForm] = useState<DraftForm>(() => draftFormOf(order));
  const [reason, setReason] = useState('');
  // One id per opened drawer: a double click or a retry commits these changes once.
  const [draftOrderId] = useState(() => crypto.randomUUID());
  const set: SetDraft = (key, value) => setForm((f) => ({ ...f, [key]: value }));

  const { changes, problem, empty } = toDraftChanges(order, form, list);
  const { preview, stale } = useDraftPreview(order, changes, Boolean(problem) || empty);
  const save = usePlazaMutation(orderMutations.commitEdit);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem || empty) return;
    const request = { draftOrderId, changes, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    save.mutate(
      { orderId: order.id, request },
      {
        onSuccess: () => {
          toast(`Order ${order.number} is updated`);
          onDone();
        },
      },
    );
  };

  return (
    <form className="space-y-6" onSubmit={submit} noValidate>
      <OrderLinesFieldset form={form} set={set} />
      <ProductLines
        legend="Add products"
        lines={form.added}
        onChange={(added) => set('added', added)}
        products={list}
        loading={products.isPending}
        minLines={0}
      />
      <CustomItemsFieldset form={form} set={set} />
      <AdjustmentsFieldset order={order} form={form} set={set} />
      <TextField
        label="Why (kept in the order’s history)"
        value={reason}
        maxLength={200}
        counter={false}
        onChange={(e) => setReason(e.target.value)}
      />
      <DraftTotals order={order} problem={problem} empty={empty} preview={preview} stale={stale} />
      {save.error && (
        <p role="alert" className="text-sm text-red-700">
          Not saved: {describeError(save.error).message}
        </p>
      )}
      <FormActions
        submitLabel="Save changes"
        busy={save.isPending}
        onCancel={onDone}
        disabled={Boolean(problem) || empty}
      />
    </form>
  );
}

/** The order's totals now and after the changes, or why they cannot be shown yet. */
function DraftTotals({
  order,
  problem,
  empty,
  preview,
  stale,
}: {
  order: Order;
  problem: string | undefined;
  empty: boolean;
  preview: ReturnType<typeof useDraftPreview>['preview'];
  stale: boolean;
}) {
  return (
    <section
      aria-label="New totals"
      aria-busy={preview.isFetching || stale}
      className="rounded-md border border-neutral-200 p-3"
    >
      <h3 className="text-sm font-medium">Totals</h3>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : empty ? (
        <p className="mt-2 text-sm text-neutral-600">Change something above to see the new totals.</p>
      ) : preview.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {describeError(preview.error).message}
        </p>
      ) : !preview.data ? (
        <p className="mt-2 text-sm text-neutral-600">Calculating…</p>
      ) : (
        <div className="mt-2 grid grid-cols-2 gap-4" data-testid="draft-preview">
          <div>
            <p className="text-xs text-neutral-600">Now</p>
            <PriceRows order={order} className="border-t-0 pt-0" />
          </div>
          <div className={stale ? 'opacity-60' : undefined}>
            <p className="text-xs text-neutral-600">After the changes</p>
            <PriceRows order={preview.data.order} className="border-t-0 pt-0" />
            <p className="mt-2 text-sm">
              Still to pay: <span className="tabular-nums">{preview.data.balanceDue.formattedAmount}</span>
            </p>
          </div>
        </div>
      )}
    </section>
  );
}
