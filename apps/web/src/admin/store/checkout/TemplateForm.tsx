import { useState, type FormEvent } from 'react';
import type { CheckoutTemplate } from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { TextField } from '../../../ui/Field.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { SelectField } from '../../ui/SelectField.js';
import { useProducts } from '../api.js';
import { PLAZA_CATALOG_APP_ID } from '@plaza/contracts/constants';
import { useCreateTemplate } from './api.js';

interface Line {
  productId: string;
  variantId: string;
  quantity: string;
}

const rules: FormRules<'name' | 'couponCode'> = {
  name: { label: 'Name', required: true, requiredMessage: 'Name the link, such as “Summer bundle”.', maxLength: 200 },
  couponCode: { label: 'Coupon code', maxLength: 50 },
};

/** A ready basket (products and quantities, optionally a coupon) behind a "buy now" link. */
export function TemplateForm({ onDone, onCancel }: { onDone: (t: CheckoutTemplate) => void; onCancel: () => void }) {
  const products = useProducts({ limit: 100, sort: 'NAME_ASC' });
  const create = useCreateTemplate();
  const toast = useToast();
  const [name, setName] = useState('');
  const [coupon, setCoupon] = useState('');
  const [lines, setLines] = useState<Line[]>([{ productId: '', variantId: '', quantity: '1' }]);
  const [tried, setTried] = useState(false);
  const form = useFormRules(
    rules,
    { name: name.trim() ? name : '', couponCode: coupon },
    { serverError: create.error },
  );
  const list = products.data?.products ?? [];
  const chosen = lines.filter((l) => l.productId);
  const problem = !chosen.length
    ? 'Choose at least one product.'
    : chosen.some((l) => !/^\d+$/.test(l.quantity) || Number(l.quantity) < 1)
      ? 'Each quantity is a whole number of at least 1.'
      : chosen.some((l) => list.find((p) => p.id === l.productId)?.variants.length && !l.variantId)
        ? 'Choose which variant of each product.'
        : undefined;
  const setLine = (i: number, change: Partial<Line>) =>
    setLines((all) => all.map((l, j) => (j === i ? { ...l, ...change } : l)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!form.check() || problem) return;
    create.mutate(
      {
        name: name.trim(),
        ...(coupon.trim() ? { couponCode: coupon.trim() } : {}),
        lineItems: chosen.map((l) => ({
          catalogReference: {
            appId: PLAZA_CATALOG_APP_ID,
            catalogItemId: l.productId,
            ...(l.variantId ? { options: { variantId: l.variantId } } : {}),
          },
          quantity: Number(l.quantity),
        })),
      },
      {
        onSuccess: (r) => {
          toast(`${r.checkoutTemplate.name} is ready to share`);
          onDone(r.checkoutTemplate);
        },
      },
    );
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField
        {...form.field('name')}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          form.edited('name');
        }}
      />
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-neutral-800">Products</legend>
        {lines.map((l, i) => {
          const product = list.find((p) => p.id === l.productId);
          return (
            <div key={i} className="grid grid-cols-[1fr_5rem] gap-3 rounded-md border border-neutral-200 p-3">
              <SelectField
                label={`Product ${i + 1}`}
                value={l.productId}
                options={[
                  { value: '', label: products.isPending ? 'Loading products…' : 'Choose a product' },
                  ...list.map((p) => ({ value: p.id, label: `${p.name} (${p.price.formattedAmount})` })),
                ]}
                onChange={(productId) => setLine(i, { productId, variantId: '' })}
              />
              <TextField
                label="How many"
                inputMode="numeric"
                value={l.quantity}
                onChange={(e) => setLine(i, { quantity: e.target.value })}
              />
              {product && product.variants.length > 0 && (
                <SelectField
                  className="col-span-2"
                  label="Variant"
                  value={l.variantId}
                  options={[
                    { value: '', label: 'Choose a variant' },
                    ...product.variants.map((v) => ({
                      value: v.id,
                      label: `${Object.values(v.choices).join(' / ')} (${v.price.formattedAmount})`,
                    })),
                  ]}
                  onChange={(variantId) => setLine(i, { variantId })}
                />
              )}
              {lines.length > 1 && (
                <Button
                  variant="ghost"
                  className="col-span-2 justify-self-start"
                  onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                >
                  Remove product {i + 1}
                </Button>
              )}
            </div>
          );
        })}
        <Button
          variant="secondary"
          onClick={() => setLines((all) => [...all, { productId: '', variantId: '', quantity: '1' }])}
        >
          Add a product
        </Button>
      </fieldset>
      <TextField
        {...form.field('couponCode')}
        hint="Optional: applied when the buyer opens the link."
        value={coupon}
        onChange={(e) => {
          setCoupon(e.target.value);
          form.edited('couponCode');
        }}
      />
      {tried && problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <FormProblems form={form} error={create.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending}>
          Create link
        </Button>
      </div>
    </form>
  );
}
