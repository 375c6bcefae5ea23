import { useMemo } from 'react';
import type { CheckoutSettings } from '@plaza/sdk/ecom';
import { checkoutSettingsMutations, checkoutSettingsQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { ownerOnlyPage } from '../../ui/OwnerOnly.js';
import { useToast } from '../../Toast.js';
import { FormPage, useDraft } from '../../ui/FormPage.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { settingsChanges, settingsDraftOf, type SettingsDraft } from './settingsDraft.js';
import { CheckoutLookSection, CustomFieldsSection, PoliciesSection, StockSection } from './CheckoutSettingsSections.js';
import { QueryStates } from '../../ui/QueryStates.js';
import { SkeletonStack } from '../../../ui/Skeleton.js';

const rules: FormRules<'logoUrl' | 'abandonedAfter'> = {
  logoUrl: {
    label: 'Logo address',
    maxLength: 2000,
    pattern: '^(https://|/[^/])',
    formatHint: 'The logo’s address starts with https://.',
  },
  abandonedAfter: {
    label: 'Abandoned after',
    required: true,
    valid: (v) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 10_000,
    formatHint: 'Enter a whole number from 1 to 10,000.',
  },
};

/** /admin/settings/checkout: how the checkout looks and what the store does around orders. */
export const CheckoutSettingsPage = ownerOnlyPage('Checkout', 'the checkout', Loader);

function Loader() {
  const settings = useQuery(checkoutSettingsQueries.settings(usePlaza()));
  return (
    <>
      <PageHeader title="Checkout" description="How your checkout looks, and what happens to stock around orders." />
      <QueryStates
        query={settings}
        loading={
          <SkeletonStack
            label="Loading the checkout settings"
            className="space-y-3"
            bars={['h-40 w-full', 'h-40 w-full']}
          />
        }
      >
        {/* A saved change starts a fresh draft from what the server kept. */}
        {(data) => <SettingsForm key={data.updatedDate} settings={data} />}
      </QueryStates>
    </>
  );
}

function SettingsForm({ settings }: { settings: CheckoutSettings }) {
  const saved = useMemo(() => settingsDraftOf(settings), [settings]);
  const { draft, set, dirty, undo } = useDraft<SettingsDraft>(saved);
  const update = usePlazaMutation(checkoutSettingsMutations.update);
  const toast = useToast();
  const form = useFormRules(
    rules,
    { logoUrl: draft.logoUrl, abandonedAfter: draft.abandonedAfter },
    {
      serverError: update.error,
      fieldOf: (p) => (p.includes('logo') ? 'logoUrl' : p.includes('abandoned') ? 'abandonedAfter' : undefined),
    },
  );
  const fields = draft.customFields;
  const problem = fields.some((f) => !f.label.trim()) ? 'Give every custom field a label, or remove it.' : undefined;

  return (
    <FormPage
      dirty={dirty}
      busy={update.isPending}
      problem={problem}
      onUndo={undo}
      onSubmit={() => {
        if (!form.check()) return;
        update.mutate(settingsChanges(draft, saved), { onSuccess: () => toast('Checkout settings saved') });
      }}
    >
      <CheckoutLookSection draft={draft} set={set} form={form} />
      <StockSection draft={draft} set={set} form={form} />
      <PoliciesSection draft={draft} set={set} />
      <CustomFieldsSection draft={draft} set={set} />
      <FormProblems form={form} error={update.error} />
    </FormPage>
  );
}
