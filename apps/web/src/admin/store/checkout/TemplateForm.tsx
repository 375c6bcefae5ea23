import { useState, type FormEvent } from 'react';
import type { CheckoutTemplate } from '@plaza/sdk/ecom';
import { catalogQueries, checkoutSettingsMutations, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { TextField } from '../../../ui/Field.js';
import { FormAlert, FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { catalogLines, newProductLine, ProductLines, productLinesProblem, type ProductLine } from '../ProductLines.js';
import { FormActions } from '../../../ui/FormActions.js';

const rules: FormRules<'name' | 'couponCode'> = {
  name: { label: 'Name', required: true, requiredMessage: 'Name the link, such as “Summer bundle”.', maxLength: 200 },
  couponCode: { label: 'Coupon code', maxLength: 50 },
};

/** A ready basket (products and quantities, optionally a coupon) behind a "buy now" link. */
export function TemplateForm({ onDone, onCancel }: { onDone: (t: CheckoutTemplate) => void; onCancel: () => void }) {
  const products = useQuery(catalogQueries.products(usePlaza(), { limit: 100, sort: 'NAME_ASC' }));
  const create = usePlazaMutation(checkoutSettingsMutations.createTemplate);
  const toast = useToast();
  const [name, setName] = useState('');
  const [coupon, setCoupon] = useState('');
  const [lines, setLines] = useState<ProductLine[]>([newProductLine()]);
  const [tried, setTried] = useState(false);
  const form = useFormRules(
    rules,
    { name: name.trim() ? name : '', couponCode: coupon },
    { serverError: create.error },
  );
  const list = products.data?.products ?? [];
  const problem = lines.some((l) => l.productId) ? productLinesProblem(lines, list) : 'Choose at least one product.';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!form.check() || problem) return;
    create.mutate(
      {
        name: name.trim(),
        ...(coupon.trim() ? { couponCode: coupon.trim() } : {}),
        lineItems: catalogLines(lines),
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
      <TextField {...form.bind('name', name, setName)} />
      <ProductLines legend="Products" lines={lines} onChange={setLines} products={list} loading={products.isPending} />
      <TextField
        {...form.bind('couponCode', coupon, setCoupon)}
        hint="Optional: applied when the buyer opens the link."
      />
      <FormAlert>{tried && problem}</FormAlert>
      <FormProblems form={form} error={create.error} />
      <FormActions submitLabel="Create link" busy={create.isPending} onCancel={onCancel} />
    </form>
  );
}
