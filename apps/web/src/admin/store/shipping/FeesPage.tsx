import { useState, type FormEvent } from 'react';
import type { AdditionalFeeSetting, AdditionalFeeSettingInput } from '@plaza/sdk/ecom';
import { shippingMutations, shippingQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../ui/Badge.js';
import { TextField } from '../../../ui/Field.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { ManagedListPage, type ManagedListSetup } from '../../ui/ManagedListPage.js';
import { SelectField } from '../../ui/SelectField.js';
import { optionsOf } from '../../ui/choices.js';
import { ProductChecklist } from '../ProductChecklist.js';
import { isAmount, normalizeAmount } from '../productDraft.js';
import { FormActions } from '../../../ui/FormActions.js';
import { CheckboxField } from '../../../ui/CheckboxField.js';

type Kind = AdditionalFeeSetting['type'];
type Surcharge = AdditionalFeeSetting['surcharge']['type'];
type Basis = AdditionalFeeSetting['chargeBasis'];
const SURCHARGES = optionsOf<Surcharge>({ FIXED: 'A fixed amount', PERCENTAGE: 'A percentage' });
const BASES = optionsOf<Basis>({ PER_ORDER: 'Once per order', PER_ITEM: 'For every item' });
const FEE_SCOPES = optionsOf<'ALL' | 'SOME'>({ ALL: 'Every order that ships', SOME: 'Orders with some products' });
const KINDS = optionsOf<Kind>({ HANDLING_FEE: 'Handling fee', INSURANCE: 'Insurance' });
const costWords = (f: AdditionalFeeSetting) =>
  f.surcharge.type === 'PERCENTAGE'
    ? `${f.surcharge.percentage ?? 0}% of the items`
    : `${f.surcharge.amount?.formattedAmount ?? ''} ${f.chargeBasis === 'PER_ITEM' ? 'per item' : 'per order'}`;

const rules: FormRules<'name' | 'value'> = {
  name: { label: 'Name', required: true, requiredMessage: 'Name the fee, such as “Packaging”.', maxLength: 100 },
  value: { label: 'Amount', required: true, valid: isAmount, formatHint: 'Enter a number such as 2.50.' },
};

/** /admin/store/fees: handling and insurance fees added to orders that ship. */
export function FeesPage() {
  return (
    <ManagedListPage<AdditionalFeeSetting>
      title="Extra fees"
      what="extra fees"
      description="Handling or insurance charged on top of shipping, on every order that ships."
      useList={useFeesList}
    />
  );
}

function useFeesList(): ManagedListSetup<AdditionalFeeSetting> {
  const query = useQuery(shippingQueries.fees(usePlaza()));
  const save = usePlazaMutation(shippingMutations.saveFee);
  const remove = usePlazaMutation(shippingMutations.deleteFee);
  return {
    query,
    addLabel: 'Add fee',
    noun: { one: 'fee', other: 'fees' },
    rows: query.data,
    rowKey: (f) => f.id,
    rowLabel: (f) => f.name,
    columns: [
      { header: 'Fee', primary: true, cell: (f) => <span className="font-medium text-neutral-900">{f.name}</span> },
      { header: 'Kind', className: 'w-32', cell: (f) => KINDS.find((k) => k.value === f.type)?.label },
      { header: 'Costs', className: 'w-44', cell: costWords },
      {
        header: 'Status',
        className: 'w-20',
        cell: (f) => (f.enabled ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>),
      },
    ],
    editor: {
      edits: true,
      newTitle: 'Add a fee',
      render: (f, close) => <FeeForm fee={f} onDone={close} />,
    },
    toggle: {
      isOn: (f) => f.enabled,
      set: (f, enabled, handlers) => save.mutate({ id: f.id, fee: { enabled } }, handlers),
    },
    remove: {
      mutation: remove,
      consequence: 'New orders no longer pay it. Orders already placed keep what they paid.',
    },
    empty: { title: 'No extra fees', body: 'Orders pay the items and shipping only.' },
  };
}

type FeeRules = ReturnType<typeof useFormRules<keyof typeof rules>>;

/** What the server stores: a percentage is always charged once per order. */
function feeInputOf(v: {
  name: string;
  kind: Kind;
  surcharge: Surcharge;
  value: string;
  basis: Basis;
  taxable: boolean;
  products: string[] | null;
}): AdditionalFeeSettingInput {
  return {
    name: v.name.trim(),
    type: v.kind,
    surcharge:
      v.surcharge === 'PERCENTAGE'
        ? { type: 'PERCENTAGE', percentage: Number(normalizeAmount(v.value)) }
        : { type: 'FIXED', amount: { amount: normalizeAmount(v.value) } },
    chargeBasis: v.surcharge === 'PERCENTAGE' ? 'PER_ORDER' : v.basis,
    taxable: v.taxable,
    catalogItemIds: v.products ?? [],
  };
}

/** The fee's amount or percentage as the owner typed it. */
const startValueOf = (fee: AdditionalFeeSetting | null) =>
  fee
    ? fee.surcharge.type === 'PERCENTAGE'
      ? String(fee.surcharge.percentage ?? '')
      : (fee.surcharge.amount?.amount ?? '')
    : '';

/** Saves the fee (a new one starts switched on), then says so and closes. */
function useFeeSave(fee: AdditionalFeeSetting | null, onDone: () => void) {
  const save = usePlazaMutation(shippingMutations.saveFee);
  const toast = useToast();
  const send = (input: AdditionalFeeSettingInput) =>
    save.mutate(fee ? { id: fee.id, fee: input } : { id: null, fee: { ...input, enabled: true } }, {
      onSuccess: (r) => {
        toast(`${r.additionalFee.name} is saved`);
        onDone();
      },
    });
  return { save, send };
}

function FeeForm({ fee, onDone }: { fee: AdditionalFeeSetting | null; onDone: () => void }) {
  const { save, send } = useFeeSave(fee, onDone);
  const [name, setName] = useState(fee?.name ?? '');
  const [kind, setKind] = useState<Kind>(fee?.type ?? 'HANDLING_FEE');
  const [surcharge, setSurcharge] = useState<Surcharge>(fee?.surcharge.type ?? 'FIXED');
  const [value, setValue] = useState(() => startValueOf(fee));
  const [basis, setBasis] = useState<Basis>(fee?.chargeBasis ?? 'PER_ORDER');
  const [taxable, setTaxable] = useState(fee?.taxable ?? true);
  const [products, setProducts] = useState<string[]>(fee?.catalogItemIds ?? []);
  const [someProducts, setSomeProducts] = useState(products.length > 0);
  const form = useFormRules(
    rules,
    { name: name.trim() ? name : '', value },
    {
      serverError: save.error,
      fieldOf: (p) => (p.includes('surcharge') ? 'value' : p.endsWith('name') ? 'name' : undefined),
    },
  );
  const [tried, setTried] = useState(false);
  const noProducts = someProducts && products.length === 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!form.check() || noProducts) return;
    const chosen = someProducts ? products : null;
    send(feeInputOf({ name, kind, surcharge, value, basis, taxable, products: chosen }));
  };
  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField {...form.bind('name', name, setName)} />
      <SelectField<Kind> label="Kind" value={kind} options={KINDS} onChange={setKind} />
      <FeeCostFields
        form={form}
        surcharge={surcharge}
        setSurcharge={setSurcharge}
        value={value}
        setValue={setValue}
        basis={basis}
        setBasis={setBasis}
      />
      <FeeProductsFields
        someProducts={someProducts}
        setSomeProducts={setSomeProducts}
        products={products}
        setProducts={setProducts}
        showProblem={tried && noProducts}
      />
      <CheckboxField label="Tax is charged on this fee" checked={taxable} onChange={setTaxable} />
      <FormProblems form={form} error={save.error} />
      <FormActions submitLabel={fee ? 'Save fee' : 'Add fee'} busy={save.isPending} onCancel={onDone} />
    </form>
  );
}

/** Fixed or percentage, how much, and (when fixed) whether per order or per item. */
function FeeCostFields(p: {
  form: FeeRules;
  surcharge: Surcharge;
  setSurcharge: (s: Surcharge) => void;
  value: string;
  setValue: (value: string) => void;
  basis: Basis;
  setBasis: (basis: Basis) => void;
}) {
  const { form, surcharge, setSurcharge, value, setValue, basis, setBasis } = p;
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <SelectField<Surcharge> label="Charged as" value={surcharge} options={SURCHARGES} onChange={setSurcharge} />
        <TextField
          {...form.bind('value', value, setValue)}
          label={surcharge === 'PERCENTAGE' ? 'Percentage of the items' : 'Amount'}
          inputMode="decimal"
        />
      </div>
      {surcharge === 'FIXED' && (
        <SelectField<Basis> label="Charged" value={basis} options={BASES} onChange={setBasis} />
      )}
    </>
  );
}

/** Every order that ships, or only orders with some of the chosen products. */
function FeeProductsFields(p: {
  someProducts: boolean;
  setSomeProducts: (some: boolean) => void;
  products: string[];
  setProducts: (ids: string[]) => void;
  showProblem: boolean;
}) {
  const { someProducts, setSomeProducts, products, setProducts, showProblem } = p;
  return (
    <>
      <SelectField<'ALL' | 'SOME'>
        label="Applies to"
        value={someProducts ? 'SOME' : 'ALL'}
        options={FEE_SCOPES}
        onChange={(v) => setSomeProducts(v === 'SOME')}
      />
      {someProducts && <ProductChecklist label="Products" chosen={products} onChange={setProducts} />}
      {showProblem && (
        <p role="alert" className="text-sm text-red-700">
          Choose the products the fee is for.
        </p>
      )}
    </>
  );
}
