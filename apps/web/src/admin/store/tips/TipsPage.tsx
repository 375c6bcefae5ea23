import { tipMutations, tipQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TipSettings, UpdateTipSettingsRequest } from '@plaza/contracts';
import { FormProblems } from '../../../ui/FormProblems.js';
import { Skeleton } from '../../../ui/Skeleton.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { ownerOnlyPage } from '../../ui/OwnerOnly.js';
import { useToast } from '../../Toast.js';
import { FormPage, useDraft } from '../../ui/FormPage.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { isAmount, normalizeAmount } from '../productDraft.js';
import { StaffSection, TipChoicesSection, type TipsDraft } from './TipsSections.js';
import { QueryStates } from '../../ui/QueryStates.js';

/** Only the changed settings, with amounts and names tidied for the server. */
function tipChanges(changed: Array<keyof TipsDraft>, draft: TipsDraft) {
  const changes: UpdateTipSettingsRequest['tipSettings'] = Object.fromEntries(changed.map((k) => [k, draft[k]]));
  if (changes.presets) changes.presets = changes.presets.map((p) => ({ ...p, value: normalizeAmount(p.value) }));
  if (changes.staff) changes.staff = changes.staff.map((s) => ({ ...s, name: s.name.trim() }));
  return changes;
}

/** /admin/settings/tips: whether buyers can tip, the choices they get, and how tips are shared among the staff. */
export const TipsPage = ownerOnlyPage('Tips', 'tips', Loader);

function Loader() {
  const settings = useQuery(tipQueries.settings(usePlaza()));
  return (
    <>
      <PageHeader title="Tips" description="Let buyers add a tip at checkout, and share it among your staff." />
      <QueryStates query={settings} loading={<Skeleton className="h-48 w-full" />}>
        {(data) => <TipsForm key={data.updatedDate} settings={data} />}
      </QueryStates>
    </>
  );
}

function TipsForm({ settings }: { settings: TipSettings }) {
  const saved = useMemo<TipsDraft>(() => {
    const { updatedDate: _, ...rest } = settings;
    return rest;
  }, [settings]);
  const { draft, set, dirty, undo, changed } = useDraft<TipsDraft>(saved);
  const update = usePlazaMutation(tipMutations.update);
  const toast = useToast();
  const form = useFormRules({}, {}, { serverError: update.error });
  const problem = draft.presets.some((p) => !isAmount(p.value))
    ? 'Enter each choice as a number such as 15 or 2.50.'
    : draft.staff.some((s) => !s.name.trim())
      ? 'Give every staff member a name, or remove them.'
      : undefined;

  return (
    <FormPage
      dirty={dirty}
      busy={update.isPending}
      problem={problem}
      onUndo={undo}
      onSubmit={() => update.mutate(tipChanges(changed, draft), { onSuccess: () => toast('Tip settings saved') })}
    >
      <TipChoicesSection draft={draft} set={set} />
      <StaffSection draft={draft} set={set} />
      <FormProblems form={form} error={update.error} />
    </FormPage>
  );
}
