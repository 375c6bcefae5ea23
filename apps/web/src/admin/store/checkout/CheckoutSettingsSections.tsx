import { CheckboxField } from '../../../ui/CheckboxField.js';
import { Button } from '../../../ui/Button.js';
import { TextAreaField, TextField } from '../../../ui/Field.js';
import type { useFormRules } from '../../../ui/useFormRules.js';
import { FormSection } from '../../ui/FormPage.js';
import { SelectField } from '../../ui/SelectField.js';
import { optionsOf, choiceBinder } from '../../ui/choices.js';
import { rowEdits } from '../../ui/rowEdits.js';
import { keyOf, POLICIES, type FieldType, type SettingsDraft } from './settingsDraft.js';

/** Sets one checkout setting in the draft. */
export type SetSetting = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => void;
/** The checks on the logo address and the abandoned-after time. */
export type SettingsRules = ReturnType<typeof useFormRules<'logoUrl' | 'abandonedAfter'>>;
interface SectionProps {
  draft: SettingsDraft;
  set: SetSetting;
}

const FIELD_TYPES = optionsOf<FieldType>({ STRING: 'Text', NUMBER: 'Number', DATE: 'Date', BOOLEAN: 'Yes or no' });
const CHECKOUT_STATES = optionsOf<SettingsDraft['status']>({
  ACTIVE: 'Open: buyers can check out',
  INACTIVE: 'Closed: buyers see that the shop is closed',
});
const LOGO_SIZES = optionsOf<SettingsDraft['logoSize']>({ SMALL: 'Small', MEDIUM: 'Medium', LARGE: 'Large' });
const LOGO_POSITIONS = optionsOf<SettingsDraft['logoAlignment']>({ SIDE: 'On the side', CENTER: 'Centered' });
const STOCK_TRIGGERS = optionsOf<SettingsDraft['inventoryUpdateTrigger']>({
  ON_ORDER_PLACED: 'When the order is placed',
  ON_ORDER_PAID: 'When the order is paid',
});
const RESTOCK_ACTIONS = optionsOf<SettingsDraft['restockAction']>({
  RESTOCK: 'Put the items back in stock',
  DECREASE: 'Leave the stock as it is',
});
const TIME_UNITS = optionsOf<SettingsDraft['abandonedUnit']>({ MINUTES: 'Minutes', HOURS: 'Hours' });

/** Open or closed, and the logo. */
export function CheckoutLookSection({ draft, set, form }: SectionProps & { form: SettingsRules }) {
  const choose = choiceBinder(draft, set);
  return (
    <FormSection title="Checkout">
      <SelectField label="Checkout is" options={CHECKOUT_STATES} {...choose('status')} />
      <TextField
        {...form.bind('logoUrl', draft.logoUrl, (v) => set('logoUrl', v))}
        inputMode="url"
        placeholder="https://example.com/logo.png"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Logo size" options={LOGO_SIZES} {...choose('logoSize')} />
        <SelectField label="Logo position" options={LOGO_POSITIONS} {...choose('logoAlignment')} />
      </div>
    </FormSection>
  );
}

/** When stock goes down and comes back, and when a checkout counts as abandoned. */
export function StockSection({ draft, set, form }: SectionProps & { form: SettingsRules }) {
  const choose = choiceBinder(draft, set);
  return (
    <FormSection title="Stock and abandoned checkouts">
      <SelectField label="Take items out of stock" options={STOCK_TRIGGERS} {...choose('inventoryUpdateTrigger')} />
      <SelectField
        label="When an order is canceled or refunded"
        options={RESTOCK_ACTIONS}
        {...choose('restockAction')}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          {...form.bind('abandonedAfter', draft.abandonedAfter, (v) => set('abandonedAfter', v))}
          inputMode="numeric"
          hint="A checkout left alone this long counts as abandoned."
        />
        <SelectField label="Unit" options={TIME_UNITS} {...choose('abandonedUnit')} />
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
  const rows = rowEdits(fields, (next) => set('customFields', next));
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
            onChange={(e) => rows.change(i, { label: e.target.value })}
          />
          <SelectField
            label="Answer"
            value={f.valueType}
            options={FIELD_TYPES}
            onChange={(valueType) => rows.change(i, { valueType })}
          />
          <CheckboxField
            label="Required"
            checked={f.required}
            onChange={(checked) => rows.change(i, { required: checked })}
            className="flex items-center gap-2 pb-2 text-sm"
          />
          <Button variant="ghost" onClick={() => rows.remove(i)}>
            Remove
          </Button>
        </div>
      ))}
      {fields.length < 20 && (
        <Button
          variant="secondary"
          onClick={() =>
            rows.add({
              // The key is made from a placeholder now and stays; the label can change freely.
              key: keyOf(
                `field ${fields.length + 1}`,
                fields.map((f) => f.key),
              ),
              label: '',
              valueType: 'STRING',
              required: false,
            })
          }
        >
          Add a field
        </Button>
      )}
    </FormSection>
  );
}
