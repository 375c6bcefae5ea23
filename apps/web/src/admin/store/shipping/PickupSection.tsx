import { useState, type FormEvent } from 'react';
import type { PickupLocation } from '@plaza/sdk/ecom';
import { shippingMutations, shippingQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { TextField } from '../../../ui/Field.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { Combobox } from '../../ui/Combobox.js';
import { ManagedList } from '../../ui/ManagedList.js';
import { SelectField } from '../../ui/SelectField.js';
import { optionsOf } from '../../ui/choices.js';
import { isAmount, normalizeAmount } from '../productDraft.js';
import { countryName, countryOptions } from './countries.js';
import { StreetFields } from './StreetFields.js';
import { FormActions } from '../../../ui/FormActions.js';
import { NameCell } from '../../ui/NameCell.js';

type Method = PickupLocation['pickupMethod'];
const METHODS = optionsOf<Method>({ STORE_PICKUP: 'At your shop', PICKUP_POINT: 'At a pickup point' });
const rules: FormRules<'name' | 'country' | 'fee' | 'businessHours' | 'instructions'> = {
  country: { label: 'Country', required: true, requiredMessage: 'Choose the country the place is in.' },
  name: { label: 'Name', required: true, requiredMessage: 'Name the place, such as “Our shop”.', maxLength: 100 },
  fee: { label: 'Fee', valid: isAmount, formatHint: 'Enter the fee as a number such as 2.50, or leave it empty.' },
  businessHours: { label: 'Opening hours', maxLength: 500 },
  instructions: { label: 'Instructions', maxLength: 500 },
};
const where = (p: PickupLocation) =>
  [p.address.addressLine, p.address.city, p.address.country && countryName(p.address.country)]
    .filter(Boolean)
    .join(', ');

/** Places buyers collect their orders from, below the shipping regions. */
export function PickupSection() {
  const query = useQuery(shippingQueries.pickups(usePlaza()));
  const remove = usePlazaMutation(shippingMutations.deletePickup);
  return (
    <section aria-label="Pickup" className="mt-8 space-y-3">
      <ManagedList<PickupLocation>
        query={query}
        header={(add) => (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <h2 className="text-lg font-semibold">Pickup</h2>
              <p className="text-sm text-neutral-600">
                Where buyers can collect their orders instead of having them shipped.
              </p>
            </div>
            {add}
          </div>
        )}
        addLabel="Add pickup place"
        addVariant="secondary"
        noun={{ one: 'pickup place', other: 'pickup places' }}
        rows={query.data}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        columns={[
          {
            header: 'Place',
            primary: true,
            cell: (p) => <NameCell name={p.name} detail={where(p)} />,
          },
          { header: 'Kind', className: 'w-40', cell: (p) => METHODS.find((m) => m.value === p.pickupMethod)?.label },
          { header: 'Fee', className: 'w-24', cell: (p) => p.fee?.formattedAmount ?? 'Free' },
        ]}
        editor={{
          edits: true,
          newTitle: 'Add a pickup place',
          render: (p, close) => <PickupForm pickup={p} onDone={close} />,
        }}
        remove={{
          mutation: remove,
          consequence: 'Buyers can no longer choose to collect their orders there.',
        }}
        empty={{ title: 'No pickup places', body: 'Add your shop or a pickup point to let buyers collect orders.' }}
      />
    </section>
  );
}

const valuesOf = (pickup: PickupLocation | null) => ({
  name: pickup?.name ?? '',
  pickupMethod: pickup?.pickupMethod ?? 'STORE_PICKUP',
  country: pickup?.address.country ?? '',
  city: pickup?.address.city ?? '',
  postalCode: pickup?.address.postalCode ?? '',
  addressLine: pickup?.address.addressLine ?? '',
  businessHours: pickup?.businessHours ?? '',
  instructions: pickup?.instructions ?? '',
  fee: pickup?.fee?.amount ?? '',
});
type PickupValues = ReturnType<typeof valuesOf>;
type PickupRules = ReturnType<typeof useFormRules<keyof typeof rules>>;

/** The save's input. An edit clears emptied hours, instructions or fee with null; a new place leaves them out. */
function saveVarsOf(pickup: PickupLocation | null, v: PickupValues) {
  const address = {
    ...(v.country ? { country: v.country } : {}),
    ...(v.city.trim() ? { city: v.city.trim() } : {}),
    ...(v.postalCode.trim() ? { postalCode: v.postalCode.trim() } : {}),
    ...(v.addressLine.trim() ? { addressLine: v.addressLine.trim() } : {}),
  };
  const base = { name: v.name.trim(), pickupMethod: v.pickupMethod, address };
  const fee = v.fee.trim() ? { amount: normalizeAmount(v.fee) } : null;
  if (pickup) {
    return {
      id: pickup.id,
      pickup: {
        ...base,
        businessHours: v.businessHours.trim() || null,
        instructions: v.instructions.trim() || null,
        fee,
      },
    };
  }
  return {
    id: null,
    pickup: {
      ...base,
      ...(v.businessHours.trim() ? { businessHours: v.businessHours.trim() } : {}),
      ...(v.instructions.trim() ? { instructions: v.instructions.trim() } : {}),
      ...(fee ? { fee } : {}),
    },
  };
}

function PickupForm({ pickup, onDone }: { pickup: PickupLocation | null; onDone: () => void }) {
  const save = usePlazaMutation(shippingMutations.savePickup);
  const toast = useToast();
  const [v, setV] = useState(() => valuesOf(pickup));
  const set = (change: Partial<typeof v>) => setV((old) => ({ ...old, ...change }));
  const form = useFormRules(rules, { ...v, name: v.name.trim() ? v.name : '' }, { serverError: save.error });
  const text = (field: 'businessHours' | 'instructions', hint: string) => (
    <TextField
      {...form.field(field)}
      hint={hint}
      value={v[field]}
      onChange={(e) => {
        set({ [field]: e.target.value });
        form.edited(field);
      }}
    />
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    save.mutate(saveVarsOf(pickup, v), {
      onSuccess: (r) => {
        toast(`${r.pickupLocation.name} is saved`);
        onDone();
      },
    });
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField
        {...form.field('name')}
        value={v.name}
        onChange={(e) => {
          set({ name: e.target.value });
          form.edited('name');
        }}
      />
      <SelectField<Method>
        label="Kind"
        value={v.pickupMethod}
        options={METHODS}
        onChange={(pickupMethod) => set({ pickupMethod })}
      />
      <PickupAddressFields v={v} set={set} form={form} />
      {text('businessHours', 'Such as Mon–Fri 9:00–18:00.')}
      {text('instructions', 'Such as “Ring the bell at the side door”.')}
      <TextField
        {...form.field('fee')}
        hint="Empty: free."
        inputMode="decimal"
        value={v.fee}
        onChange={(e) => {
          set({ fee: e.target.value });
          form.edited('fee');
        }}
      />
      <FormProblems form={form} error={save.error} />
      <FormActions
        submitLabel={pickup ? 'Save pickup place' : 'Add pickup place'}
        busy={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}

/** Where the place is: the country (required) and, optionally, the street, postal code and city. */
function PickupAddressFields({
  v,
  set,
  form,
}: {
  v: PickupValues;
  set: (change: Partial<PickupValues>) => void;
  form: PickupRules;
}) {
  return (
    <>
      <div>
        <Combobox
          label="Country"
          value={v.country}
          options={countryOptions()}
          onChange={(country) => {
            set({ country });
            form.edited('country');
          }}
        />
        {form.errors.country && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {form.errors.country}
          </p>
        )}
      </div>
      <StreetFields value={v} onChange={set} />
    </>
  );
}
