import type { Order } from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { TextField } from '../../../ui/Field.js';
import { SelectField } from '../../ui/SelectField.js';
import { optionsOf } from '../../ui/choices.js';
import type { DraftForm } from './draftChanges.js';
import { rowEdits } from '../../ui/rowEdits.js';
import { textBinder } from '../../ui/textBinder.js';

/** Sets one part of the edit-items form. */
export type SetDraft = <K extends keyof DraftForm>(key: K, value: DraftForm[K]) => void;

const DISCOUNT_KINDS = optionsOf<DraftForm['discount']['kind']>({ AMOUNT: 'An amount', PERCENT: 'A percentage' });
const row = 'grid grid-cols-[5rem_6rem_1fr] items-end gap-2';

/** The order's own lines: change how many and the price, or take one off. */
export function OrderLinesFieldset({ form, set }: { form: DraftForm; set: SetDraft }) {
  const setLine = rowEdits(form.lines, (next) => set('lines', next)).change;
  return (
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
  );
}

/** Items that are not products in the catalog, typed in by hand. */
export function CustomItemsFieldset({ form, set }: { form: DraftForm; set: SetDraft }) {
  const items = rowEdits(form.custom, (next) => set('custom', next));
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-neutral-800">Custom items</legend>
      {form.custom.map((c, i) => {
        const text = textBinder(c, (patch) => items.change(i, patch));
        return (
          <div key={i} className="space-y-2 rounded-md border border-neutral-200 p-3">
            <TextField label="Item" {...text('name')} />
            <div className={row}>
              <TextField label="How many" inputMode="numeric" {...text('quantity')} />
              <TextField label="Price each" inputMode="decimal" {...text('price')} />
              <Button variant="ghost" className="justify-self-end" onClick={() => items.remove(i)}>
                Remove this item
              </Button>
            </div>
          </div>
        );
      })}
      <Button variant="secondary" onClick={() => items.add({ name: '', price: '', quantity: '1' })}>
        Add a custom item
      </Button>
    </fieldset>
  );
}

/** Shipping, the discounts already on the order, a new discount and a new fee. */
export function AdjustmentsFieldset({ order, form, set }: { order: Order; form: DraftForm; set: SetDraft }) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-neutral-800">Shipping, discounts and fees</legend>
      <ShippingChange order={order} form={form} set={set} />
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
      <NewDiscountAndFee form={form} set={set} />
    </fieldset>
  );
}

function ShippingChange({ order, form, set }: { order: Order; form: DraftForm; set: SetDraft }) {
  return (
    <>
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
    </>
  );
}

function NewDiscountAndFee({ form, set }: { form: DraftForm; set: SetDraft }) {
  return (
    <>
      <div className="grid grid-cols-[10rem_6rem] items-end gap-2">
        <SelectField
          label="New discount"
          value={form.discount.kind}
          options={DISCOUNT_KINDS}
          onChange={(kind) => set('discount', { ...form.discount, kind: kind })}
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
    </>
  );
}
