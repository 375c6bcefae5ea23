import type { TaxSettings } from '@plaza/contracts';
import { taxMutations, usePlazaMutation } from '@plaza/react';
import { FormProblems } from '../../../ui/FormProblems.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { FormPage, FormSection, useDraft } from '../../ui/FormPage.js';
import { SelectField } from '../../ui/SelectField.js';

type Draft = Pick<TaxSettings, 'taxIncludedInPrices' | 'calculationMode' | 'taxableAddressType'>;

/** Whether prices include tax, who calculates it, and which address decides the region. */
export function TaxSettingsForm({ settings }: { settings: TaxSettings }) {
  const { draft, set, dirty, undo, changed } = useDraft<Draft>({
    taxIncludedInPrices: settings.taxIncludedInPrices,
    calculationMode: settings.calculationMode,
    taxableAddressType: settings.taxableAddressType,
  });
  const update = usePlazaMutation(taxMutations.updateSettings);
  const toast = useToast();
  const form = useFormRules({}, {}, { serverError: update.error });
  return (
    <FormPage
      dirty={dirty}
      busy={update.isPending}
      onUndo={undo}
      onSubmit={() =>
        update.mutate(Object.fromEntries(changed.map((k) => [k, draft[k]])), {
          onSuccess: () => toast('Tax settings saved'),
        })
      }
    >
      <FormSection title="Tax settings">
        <SelectField<'yes' | 'no'>
          label="Your prices"
          value={draft.taxIncludedInPrices ? 'yes' : 'no'}
          options={[
            { value: 'yes', label: 'Include tax (tax is part of the price)' },
            { value: 'no', label: 'Exclude tax (tax is added at checkout)' },
          ]}
          onChange={(v) => set('taxIncludedInPrices', v === 'yes')}
        />
        <SelectField<Draft['calculationMode']>
          label="Tax is calculated"
          value={draft.calculationMode}
          options={[
            { value: 'MANUAL', label: 'With the rates below' },
            { value: 'AUTO', label: 'By a tax app (the rates below are its fallback)' },
          ]}
          onChange={(v) => set('calculationMode', v)}
        />
        <SelectField<Draft['taxableAddressType']>
          label="Tax follows the buyer’s"
          value={draft.taxableAddressType}
          options={[
            { value: 'SHIPPING', label: 'Shipping address' },
            { value: 'BILLING', label: 'Billing address' },
            { value: 'BUSINESS', label: 'Your business address' },
          ]}
          onChange={(v) => set('taxableAddressType', v)}
        />
      </FormSection>
      <FormProblems form={form} error={update.error} />
    </FormPage>
  );
}
