import { Button } from '../../../ui/Button.js';
import { TextAreaField, TextField } from '../../../ui/Field.js';
import type { useFormRules } from '../../../ui/useFormRules.js';
import { FormSection } from '../../ui/FormPage.js';
import { SelectField } from '../../ui/SelectField.js';
import { keyOf, POLICIES, type FieldType, type SettingsDraft } from './settingsDraft.js';

/** Sets one checkout setting in the draft. */
export type SetSetting = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => void;
/** The checks on the logo address and the abandoned-after time. */
export type SettingsRules = ReturnType<typeof useFormRules<'logoUrl' | 'abandonedAfter'>>;
interface SectionProps {
  draft: SettingsDraft;
  set: SetSetting;
}

const FIELD_TYPES: Array<{ value: FieldType; label: string }> = [
  { value: 'STRING', label: 'Text' },
  { value: 'NUMBER', label: 'Number' },
  { value: 'DATE', label: 'Date' },
  { value: 'BOOLEAN', label: 'Yes or no' },
];

/** Open or closed, and the logo. */
export function CheckoutLookSection({ draft, set, form }: SectionProps & { form: SettingsRules }) {
  return (
    <FormSection title="Checkout">
      <SelectField<SettingsDraft['status']>
        label="Checkout is"
        value={draft.status}
        options={[
          { value: 'ACTIVE', label: 'Open: buyers can check out' },
          { value: 'INACTIVE', label: 'Closed: buyers see that the shop is closed' },
        ]}
        onChange={(v) => set('status', v)}
      />
      <TextField
        {...form.field('logoUrl')}
        inputMode="url"
        placeholder="https://example.com/logo.png"
        value={draft.logoUrl}
        onChange={(e) => {
          set('logoUrl', e.target.value);
          form.edited('logoUrl');
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField<SettingsDraft['logoSize']>
          label="Logo size"
          value={draft.logoSize}
          options={[
            { value: 'SMALL', label: 'Small' },
            { value: 'MEDIUM', label: 'Medium' },
            { value: 'LARGE', label: 'Large' },
          ]}
          onChange={(v) => set('logoSize', v)}
        />
        <SelectField<SettingsDraft['logoAlignment']>
          label="Logo position"
          value={draft.logoAlignment}
          options={[
            { value: 'SIDE', label: 'On the side' },
            { value: 'CENTER', label: 'Centered' },
          ]}
          onChange={(v) => set('logoAlignment', v)}
        />
      </div>
    </FormSection>
  );
}

/** When stock goes down and comes back, and when a checkout counts as abandoned. */
export function StockSection({ draft, set, form }: SectionProps & { form: SettingsRules }) {
  return (
    <FormSection title="Stock and abandoned checkouts">
      <SelectField<SettingsDraft['inventoryUpdateTrigger']>
        label="Take items out of stock"
        value={draft.inventoryUpdateTrigger}
        options={[
          { value: 'ON_ORDER_PLACED', label: 'When the order is placed' },
          { value: 'ON_ORDER_PAID', label: 'When the order is paid' },
        ]}
        onChange={(v) => set('inventoryUpdateTrigger', v)}
      />
      <SelectField<SettingsDraft['restockAction']>
        label="When an order is canceled or refunded"
        value={draft.restockAction}
        options={[
          { value: 'RESTOCK', label: 'Put the items back in stock' },
          { value: 'DECREASE', label: 'Leave the stock as it is' },
        ]}
        onChange={(v) => set('restockAction', v)}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          {...form.field('abandonedAfter')}
          inputMode="numeric"
          hint="A checkout left alone this long counts as abandoned."
          value={draft.abandonedAfter}
          onChange={(e) => {
            set('abandonedAfter', e.target.value);
            form.edited('abandonedAfter');
          }}
        />
        <SelectField<SettingsDraft['abandonedUnit']>
          label="Unit"
          value={draft.abandonedUnit}
          options={[
            { value: 'MINUTES', label: 'Minutes' },
            { value: 'HOURS', label: 'Hours' },
          ]}
          onChange={(v) => set('abandonedUnit', v)}
        />
      </div>
    </FormSection>
  );
}

/** The policy texts shown at checkout. */
export function PoliciesSection({ draft, set }: SectionProps) {
  return (
    <FormSection title="Policies" description="Shown at checkout; leave one empty to leave it out.">
      {POLICIES.map((p) => (
        <TextAreaField
          key={p.key}
          label={p.title}
          rows={4}
          maxLength={20_000}
          value={draft[p.key]}
          onChange={(e) => set(p.key, e.target.value)}
        />
      ))}
    </FormSection>
  );
}

/** Extra questions buyers answer at checkout. */
export function CustomFieldsSection({ draft, set }: SectionProps) {
  const fields = draft.customFields;
  const setField = (i: number, change: Partial<SettingsDraft['customFields'][number]>) =>
    set(
      'customFields',
      fields.map((f, j) => (j === i ? { ...f, ...change } : f)),
    );
  return (
    <FormSection title="Custom fields" description="Extra questions buyers answer at checkout, such as a gift message.">
      {fields.map((f, i) => (
        <div
          key={f.key}
          className="grid gap-3 rounded-md border border-neutral-200 p-3 sm:grid-cols-[2fr_1fr_auto_auto] sm:items-end"
        >
          <TextField
            label={`Field ${i + 1} label`}
            maxLength={200}
            value={f.label}
            onChange={(e) => setField(i, { label: e.target.value })}
          />
          <SelectField<FieldType>
            label="Answer"
            value={f.valueType}
            options={FIELD_TYPES}
            onChange={(valueType) => setField(i, { valueType })}
          />
          <label className="flex items-center gap-2 pb-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-accent"
              checked={f.required}
              onChange={(e) => setField(i, { required: e.target.checked })}
            />
            Required
          </label>
          <Button
            variant="ghost"
            onClick={() =>
              set(
                'customFields',
                fields.filter((_, j) => j !== i),
              )
            }
          >
            Remove
          </Button>
        </div>
      ))}
      {fields.length < 20 && (
        <Button
          variant="secondary"
          onClick={() =>
            set('customFields', [
              ...fields,
              // The key is made from a placeholder now and stays; the label can change freely.
              {
                key: keyOf(
                  `field ${fields.length + 1}`,
                  fields.map((f) => f.key),
                ),
                label: '',
                valueType: 'STRING',
                required: false,
              },
            ])
          }
        >
          Add a field
        </Button>
      )}
    </FormSection>
  );
}
