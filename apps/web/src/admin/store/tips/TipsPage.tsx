import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TipPreset, TipSettings, TipStaff, UpdateTipSettingsRequest } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { TextField } from '../../../ui/Field.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import { Skeleton } from '../../../ui/Skeleton.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { OwnerOnly } from '../../developers/OwnerOnly.js';
import { useToast } from '../../Toast.js';
import { FormPage, FormSection, useDraft } from '../../ui/FormPage.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SelectField } from '../../ui/SelectField.js';
import { getTipSettings, updateTipSettings } from '@plaza/sdk/ecom';
import { callMethod, storeKeys, usePlazaClient, useStoreChange } from '../api.js';
import { isAmount, normalizeAmount } from '../productDraft.js';

const key = () => [...storeKeys.all(), 'tips'] as const;
type Draft = Omit<TipSettings, 'updatedDate'>;
let n = 0;
const newId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;

/** /admin/settings/tips: whether buyers can tip, the choices they get, and how tips are shared among the staff. */
export function TipsPage() {
  return (
    <OwnerOnly title="Tips" what="tips">
      <Loader />
    </OwnerOnly>
  );
}

function Loader() {
  const plaza = usePlazaClient();
  const { data, error, isPending, isFetching, refetch } = useQuery({
    queryKey: key(),
    queryFn: () => callMethod(plaza, getTipSettings).then((r) => r.tipSettings),
  });
  return (
    <>
      <PageHeader title="Tips" description="Let buyers add a tip at checkout, and share it among your staff." />
      {isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : error ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <TipsForm key={data.updatedDate} settings={data} />
      )}
    </>
  );
}

function TipsForm({ settings }: { settings: TipSettings }) {
  const saved = useMemo<Draft>(() => {
    const { updatedDate: _, ...rest } = settings;
    return rest;
  }, [settings]);
  const { draft, set, dirty, undo, changed } = useDraft<Draft>(saved);
  const update = useStoreChange(key(), (plaza, tipSettings: UpdateTipSettingsRequest['tipSettings']) =>
    callMethod(plaza, updateTipSettings, tipSettings, Object.keys(tipSettings)),
  );
  const toast = useToast();
  const form = useFormRules({}, {}, { serverError: update.error });
  const setPreset = (i: number, change: Partial<TipPreset>) =>
    set(
      'presets',
      draft.presets.map((p, j) => (j === i ? { ...p, ...change } : p)),
    );
  const setStaff = (i: number, change: Partial<TipStaff>) =>
    set(
      'staff',
      draft.staff.map((s, j) => (j === i ? { ...s, ...change } : s)),
    );
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
      onSubmit={() => {
        const changes: UpdateTipSettingsRequest['tipSettings'] = Object.fromEntries(changed.map((k) => [k, draft[k]]));
        if (changes.presets) changes.presets = changes.presets.map((p) => ({ ...p, value: normalizeAmount(p.value) }));
        if (changes.staff) changes.staff = changes.staff.map((s) => ({ ...s, name: s.name.trim() }));
        update.mutate(changes, { onSuccess: () => toast('Tip settings saved') });
      }}
    >
      <FormSection title="Tips at checkout">
        <label className="flex items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            className="h-4 w-4 accent-accent"
            checked={draft.enabled}
            onChange={(e) => set('enabled', e.target.checked)}
          />
          Buyers can add a tip
        </label>
        {draft.presets.map((p, i) => (
          <div key={p.id} className="flex flex-wrap items-end gap-3">
            <SelectField<TipPreset['type']>
              label={`Choice ${i + 1}`}
              value={p.type}
              options={[
                { value: 'PERCENTAGE', label: 'Percent of the order' },
                { value: 'AMOUNT', label: 'Amount' },
              ]}
              onChange={(type) => setPreset(i, { type })}
            />
            <TextField
              label={p.type === 'PERCENTAGE' ? 'Percent' : 'Amount'}
              className="w-28"
              inputMode="decimal"
              value={p.value}
              onChange={(e) => setPreset(i, { value: e.target.value })}
            />
            <label className="flex items-center gap-2 pb-2 text-sm">
              <input
                type="radio"
                name="tip-default"
                className="h-4 w-4 accent-accent"
                checked={Boolean(p.isDefault)}
                onChange={() =>
                  set(
                    'presets',
                    draft.presets.map((x, j) => ({ ...x, isDefault: j === i })),
                  )
                }
              />
              Picked first
            </label>
            <Button
              variant="ghost"
              onClick={() =>
                set(
                  'presets',
                  draft.presets.filter((_, j) => j !== i),
                )
              }
            >
              Remove
            </Button>
          </div>
        ))}
        {draft.presets.length < 10 && (
          <Button
            variant="secondary"
            onClick={() => set('presets', [...draft.presets, { id: newId('preset'), type: 'PERCENTAGE', value: '10' }])}
          >
            Add a choice
          </Button>
        )}
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-accent"
            checked={draft.allowCustom}
            onChange={(e) => set('allowCustom', e.target.checked)}
          />
          Buyers can also type their own amount
        </label>
      </FormSection>
      <FormSection title="Staff" description="Who shares the tips (buyers never see these names).">
        <SelectField<TipSettings['split']>
          label="Tips are shared"
          value={draft.split}
          options={[
            { value: 'EQUAL', label: 'Equally' },
            { value: 'PROPORTIONAL', label: 'By each person’s share' },
          ]}
          onChange={(v) => set('split', v)}
        />
        {draft.staff.map((s, i) => (
          <div key={s.id} className="flex flex-wrap items-end gap-3">
            <TextField
              label={`Staff member ${i + 1}`}
              maxLength={100}
              value={s.name}
              onChange={(e) => setStaff(i, { name: e.target.value })}
            />
            {draft.split === 'PROPORTIONAL' && (
              <TextField
                label="Share"
                className="w-24"
                inputMode="numeric"
                value={String(s.share ?? 1)}
                onChange={(e) => setStaff(i, { share: Math.max(1, Number(e.target.value.replace(/\D/g, '')) || 1) })}
              />
            )}
            <Button
              variant="ghost"
              onClick={() =>
                set(
                  'staff',
                  draft.staff.filter((_, j) => j !== i),
                )
              }
            >
              Remove
            </Button>
          </div>
        ))}
        <Button variant="secondary" onClick={() => set('staff', [...draft.staff, { id: newId('staff'), name: '' }])}>
          Add a staff member
        </Button>
      </FormSection>
      <FormProblems form={form} error={update.error} />
    </FormPage>
  );
}
