import type { TaxSettings } from '@plaza/contracts';
import { taxMutations, usePlazaMutation } from '@plaza/react';
import { FormProblems } from '../../../ui/FormProblems.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { FormPage, FormSection, useDraft } from '../../ui/FormPage.js';
import { SelectField } from '../../ui/SelectField.js';
import { optionsOf, choiceBinder } from '../../ui/choices.js';

type Draft = Pick<TaxSettings, 'taxIncludedInPrices' | 'calculationMode' | 'taxableAddressType'>;

const PRICE_KINDS = optionsOf<'yes' | 'no'>({
  yes: 'Include tax (tax is part of the price)',
  no: 'Exclude tax (tax is added at checkout)',
});
const CALCULATION_MODES = optionsOf<Draft['calculationMode']>({
  MANUAL: 'With the rates below',
  AUTO: 'By a tax app (the rates below are its fallback)',
});
const TAXED_ADDRESSES = optionsOf<Draft['taxableAddressType']>({
  SHIPPING: 'Shipping address',
  BILLING: 'Billing address',
  BUSINESS: 'Your business address',
});

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
  const choose = choiceBinder(draft, set);
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
          options={PRICE_KINDS}
          onChange={(v) => set('taxIncludedInPrices', v === 'yes')}
        />
        <SelectField label="Tax is calculated" options={CALCULATION_MODES} {...choose('calculationMode')} />
        <SelectField label="Tax follows the buyer’s" options={TAXED_ADDRESSES} {...choose('taxableAddressType')} />
      </FormSection>
      <FormProblems form={form} error={update.error} />
    </FormPage>
  );
}
