import { useState, type FormEvent } from 'react';
import type { TaxGroupOverride, TaxRegion } from '@plaza/contracts';
import { taxMutations, taxQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { TextField } from '../../../ui/Field.js';
import { FormAlert, FormProblems } from '../../../ui/FormProblems.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { RatesFieldset, RegionPicker, TaxGroupsFieldset, type GroupRow, type Row } from './TaxRegionFields.js';
import { percentToRate, rateToPercent } from './rates.js';
import { FormActions } from '../../../ui/FormActions.js';
import { CheckboxField } from '../../../ui/CheckboxField.js';

const groupRows = (overrides: TaxGroupOverride[] | undefined) =>
  Object.fromEntries(
    (overrides ?? []).map((o) => [
      o.taxGroupId,
      { rule: o.exempt ? 'EXEMPT' : 'RATE', percent: o.rate ? rateToPercent(o.rate) : '' } satisfies GroupRow,
    ]),
  );
const overridesOf = (rows: Record<string, GroupRow>): TaxGroupOverride[] =>
  Object.entries(rows).flatMap(([taxGroupId, r]): TaxGroupOverride[] =>
    r.rule === 'EXEMPT'
      ? [{ taxGroupId, exempt: true }]
      : r.rule === 'RATE'
        ? [{ taxGroupId, rate: percentToRate(r.percent)! }]
        : [],
  );

/** The tax region form's state, what to fix first, and the save. */
function useTaxRegionForm(region: TaxRegion | null, onDone: () => void) {
  const save = usePlazaMutation(taxMutations.saveRegion);
  const toast = useToast();
  const [country, setCountry] = useState(region?.country ?? '');
  const [state, setState] = useState(region?.subdivision?.split('-')[1] ?? '');
  const [rows, setRows] = useState<Row[]>(
    region?.jurisdictions.map((j) => ({ name: j.name, type: j.type, percent: rateToPercent(j.rate) })) ?? [
      { name: '', type: 'COUNTRY', percent: '' },
    ],
  );
  const [taxShipping, setTaxShipping] = useState(region?.taxShipping ?? true);
  const [taxFees, setTaxFees] = useState(region?.taxFees ?? true);
  const [groups, setGroups] = useState<Record<string, GroupRow>>(() => groupRows(region?.groupOverrides));
  const [fallback, setFallback] = useState(region ? rateToPercent(region.fallbackRate) : '0');
  const taxGroups = useQuery(taxQueries.groups(usePlaza())).data?.filter((g) => !g.isDefault) ?? [];
  const auto = useQuery(taxQueries.settings(usePlaza())).data?.calculationMode === 'AUTO';
  const [tried, setTried] = useState(false);
  const form = useFormRules({}, {}, { serverError: save.error });
  const problem = !country
    ? 'Choose the country.'
    : rows.some((r) => !r.name.trim())
      ? 'Name each tax, such as “VAT”.'
      : rows.some((r) => percentToRate(r.percent) === undefined)
        ? 'Enter each rate as a percentage from 0 to 100, such as 19 or 7.25.'
        : Object.values(groups).some((g) => g.rule === 'RATE' && percentToRate(g.percent) === undefined)
          ? 'Enter each group’s own rate as a percentage, such as 7.'
          : percentToRate(fallback) === undefined
            ? 'Enter the rate for when the tax app fails as a percentage, such as 0.'
            : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem) return;
    const picked = state.trim().toUpperCase();
    const subdivision = picked ? (picked.includes('-') ? picked : `${country}-${picked}`) : undefined;
    const jurisdictions = rows.map((r) => ({ name: r.name.trim(), type: r.type, rate: percentToRate(r.percent)! }));
    const base = {
      country,
      jurisdictions,
      taxShipping,
      taxFees,
      groupOverrides: overridesOf(groups),
      fallbackRate: percentToRate(fallback)!,
    };
    const done = () => {
      toast('Tax region saved');
      onDone();
    };
    if (region)
      save.mutate({ id: region.id, region: { ...base, subdivision: subdivision ?? null } }, { onSuccess: done });
    else save.mutate({ id: null, region: { ...base, ...(subdivision ? { subdivision } : {}) } }, { onSuccess: done });
  };
  return {
    save,
    country,
    setCountry,
    state,
    setState,
    rows,
    setRows,
    taxShipping,
    setTaxShipping,
    taxFees,
    setTaxFees,
    groups,
    setGroups,
    fallback,
    setFallback,
    taxGroups,
    auto,
    tried,
    form,
    problem,
    submit,
  };
}

/** A country (or one state of it) with its tax rates, one per authority that charges tax there. */
export function TaxRegionForm({ region, onDone }: { region: TaxRegion | null; onDone: () => void }) {
  const f = useTaxRegionForm(region, onDone);
  const { save, problem } = f;
  return (
    <form className="space-y-5" onSubmit={f.submit} noValidate>
      <RegionPicker
        country={f.country}
        state={f.state}
        onCountry={(c) => {
          f.setCountry(c);
          f.setState('');
        }}
        onState={f.setState}
      />
      <RatesFieldset rows={f.rows} setRows={f.setRows} />
      <CheckboxField label="Charge tax on shipping here" checked={f.taxShipping} onChange={f.setTaxShipping} />
      <CheckboxField label="Charge tax on extra fees here" checked={f.taxFees} onChange={f.setTaxFees} />
      {f.taxGroups.length > 0 && (
        <TaxGroupsFieldset taxGroups={f.taxGroups} groups={f.groups} setGroups={f.setGroups} />
      )}
      {(f.auto || (region && region.fallbackRate !== '0')) && (
        <TextField
          label="If the tax app fails, charge %"
          hint="Used when your tax app does not answer in time."
          inputMode="decimal"
          value={f.fallback}
          onChange={(e) => f.setFallback(e.target.value)}
        />
      )}
      <FormAlert>{f.tried && problem}</FormAlert>
      <FormProblems form={f.form} error={save.error} />
      <FormActions
        submitLabel={region ? 'Save tax region' : 'Add tax region'}
        busy={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
