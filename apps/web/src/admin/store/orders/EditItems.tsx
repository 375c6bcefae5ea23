import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { commitDeltas, type Order } from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { TextField } from '../../../ui/Field.js';
import { useToast } from '../../Toast.js';
import { Drawer } from '../../ui/Drawer.js';
import { SelectField } from '../../ui/SelectField.js';
import { useDebouncedValue } from '../../ui/useDebouncedValue.js';
import { callMethod, storeKeys, usePlazaClient, useProducts, useStoreChange } from '../api.js';
import { ProductLines } from '../ProductLines.js';
import { draftFormOf, toDraftChanges, type DraftForm } from './draftChanges.js';
import { PriceRows } from './words.js';

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

const row = 'grid grid-cols-[5rem_6rem_1fr] items-end gap-2';

function EditItemsForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const plaza = usePlazaClient();
  const toast = useToast();
  const products = useProducts({ limit: 100, sort: 'NAME_ASC' });
  const list = products.data?.products ?? [];
  const [form, setForm] = useState<DraftForm>(() => draftFormOf(order));
  const [reason, setReason] = useState('');
  // One id per opened drawer: a double click or a retry commits these changes once.
  const [draftOrderId] = useState(() => crypto.randomUUID());
  const set = <K extends keyof DraftForm>(key: K, value: DraftForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setLine = (i: number, change: Partial<DraftForm['lines'][number]>) =>
    set(
      'lines',
      form.lines.map((l, j) => (j === i ? { ...l, ...change } : l)),
    );

  const { changes, problem, empty } = toDraftChanges(order, form, list);
  const wanted = useDebouncedValue(problem || empty ? '' : JSON.stringify(changes), 300);
  const preview = useQuery({
    queryKey: [...storeKeys.all(), 'order-draft', order.id, wanted],
    queryFn: () =>
      callMethod(plaza, commitDeltas, order.id, {
        changes: JSON.parse(wanted) as typeof changes,
        commitSettings: { previewOnly: true },
      }),
    enabled: wanted !== '',
    retry: false,
    placeholderData: keepPreviousData,
  });
  const save = useStoreChange(storeKeys.all(), () =>
    callMethod(plaza, commitDeltas, order.id, {
      draftOrderId,
      changes,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
    }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problem || empty) return;
    save.mutate(undefined, {
      onSuccess: () => {
        toast(`Order ${order.number} is updated`);
        onDone();
      },
    });
  };
  const stale = wanted !== (problem || empty ? '' : JSON.stringify(changes));

  return (
    <form className="space-y-6" onSubmit={submit} noValidate>
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-neutral-800">Items on the order</legend>
        {form.lines.map((l, i) => (
          <div key={l.id} className="space-y-2 rounded-md border border-neutral-200 p-3">
            <p className={l.removed ? 'text-sm text-neutral-500 line-through' : 'text-sm font-medium'}>{l.name}</p>
            {l.removed ? (
              <Button variant="ghost" onClick={() => setLine(i, { removed: false })}>
                Keep {l.name}
              </Button>
            ) : (
              <div className={row}>
                <TextField
                  label="How many"
                  inputMode="numeric"
                  value={l.quantity}
                  onChange={(e) => setLine(i, { quantity: e.target.value })}
                />
                <TextField
                  label="Price each"
                  inputMode="decimal"
                  value={l.price}
                  onChange={(e) => setLine(i, { price: e.target.value })}
                />
                <Button variant="ghost" className="justify-self-end" onClick={() => setLine(i, { removed: true })}>
                  Remove {l.name}
                </Button>
              </div>
            )}
          </div>
        ))}
      </fieldset>
      <ProductLines
        legend="Add products"
        lines={form.added}
        onChange={(added) => set('added', added)}
        products={list}
        loading={products.isPending}
        minLines={0}
      />
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-neutral-800">Custom items</legend>
        {form.custom.map((c, i) => {
          const change = (patch: Partial<typeof c>) =>
            set(
              'custom',
              form.custom.map((x, j) => (j === i ? { ...x, ...patch } : x)),
            );
          return (
            <div key={i} className="space-y-2 rounded-md border border-neutral-200 p-3">
              <TextField label="Item" value={c.name} onChange={(e) => change({ name: e.target.value })} />
              <div className={row}>
                <TextField
                  label="How many"
                  inputMode="numeric"
                  value={c.quantity}
                  onChange={(e) => change({ quantity: e.target.value })}
                />
                <TextField
                  label="Price each"
                  inputMode="decimal"
                  value={c.price}
                  onChange={(e) => change({ price: e.target.value })}
                />
                <Button
                  variant="ghost"
                  className="justify-self-end"
                  onClick={() =>
                    set(
                      'custom',
                      form.custom.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove this item
                </Button>
              </div>
            </div>
          );
        })}
        <Button
          variant="secondary"
          onClick={() => set('custom', [...form.custom, { name: '', price: '', quantity: '1' }])}
        >
          Add a custom item
        </Button>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-neutral-800">Shipping, discounts and fees</legend>
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-accent"
            checked={form.shipping !== null}
            onChange={(e) =>
              set('shipping', e.target.checked ? { title: order.shippingInfo?.title ?? '', price: '' } : null)
            }
          />
          Change the shipping
        </label>
        {form.shipping && (
          <div className="grid grid-cols-[1fr_6rem] gap-2">
            <TextField
              label="Shipping name"
              value={form.shipping.title}
              onChange={(e) => set('shipping', { ...form.shipping!, title: e.target.value })}
            />
            <TextField
              label="Price"
              inputMode="decimal"
              value={form.shipping.price}
              onChange={(e) => set('shipping', { ...form.shipping!, price: e.target.value })}
            />
          </div>
        )}
        {order.appliedDiscounts.map((d, i) => (
          <label key={i} className="flex items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-accent"
              checked={form.removedDiscounts.includes(i)}
              onChange={(e) =>
                set(
                  'removedDiscounts',
                  e.target.checked ? [...form.removedDiscounts, i] : form.removedDiscounts.filter((x) => x !== i),
                )
              }
            />
            Take off the discount {d.coupon?.code ?? d.discountRule?.name ?? d.merchantDiscount?.description ?? ''} (
            {(d.coupon ?? d.discountRule ?? d.merchantDiscount)?.amount.formattedAmount})
          </label>
        ))}
        <div className="grid grid-cols-[10rem_6rem] items-end gap-2">
          <SelectField
            label="New discount"
            value={form.discount.kind}
            options={[
              { value: 'AMOUNT', label: 'An amount' },
              { value: 'PERCENT', label: 'A percentage' },
            ]}
            onChange={(kind) => set('discount', { ...form.discount, kind: kind as 'AMOUNT' | 'PERCENT' })}
          />
          <TextField
            label={form.discount.kind === 'PERCENT' ? 'Percent' : 'Amount'}
            inputMode="decimal"
            value={form.discount.value}
            onChange={(e) => set('discount', { ...form.discount, value: e.target.value })}
          />
        </div>
        <TextField
          label="Discount shown as"
          hint="Optional, such as “Sorry for the wait”."
          value={form.discount.description}
          maxLength={200}
          counter={false}
          onChange={(e) => set('discount', { ...form.discount, description: e.target.value })}
        />
        <div className="grid grid-cols-[1fr_6rem] gap-2">
          <TextField
            label="New fee"
            value={form.fee.name}
            onChange={(e) => set('fee', { ...form.fee, name: e.target.value })}
          />
          <TextField
            label="Fee amount"
            inputMode="decimal"
            value={form.fee.price}
            onChange={(e) => set('fee', { ...form.fee, price: e.target.value })}
          />
        </div>
      </fieldset>
      <TextField
        label="Why (kept in the order’s history)"
        value={reason}
        maxLength={200}
        counter={false}
        onChange={(e) => setReason(e.target.value)}
      />
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
      {save.error && (
        <p role="alert" className="text-sm text-red-700">
          Not saved: {describeError(save.error).message}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending} disabled={Boolean(problem) || empty}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
