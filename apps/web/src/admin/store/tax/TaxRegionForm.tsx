import { useState, type FormEvent } from 'react';
import type { TaxGroupOverride, TaxRegion } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { TextField } from '../../../ui/Field.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { Combobox } from '../../ui/Combobox.js';
import { SelectField } from '../../ui/SelectField.js';
import { countryOptions } from '../shipping/countries.js';
import { subdivisionsOf } from '../../../ui/subdivisions.js';
import { useSaveTaxRegion, useTaxGroups, useTaxSettings } from './api.js';
import { percentToRate, rateToPercent } from './rates.js';

type JurisdictionType = TaxRegion['jurisdictions'][number]['type'];
const TYPES: Array<{ value: JurisdictionType; label: string }> = [
  { value: 'COUNTRY', label: 'Country' },
  { value: 'STATE', label: 'State or province' },
  { value: 'COUNTY', label: 'County' },
  { value: 'CITY', label: 'City' },
  { value: 'SPECIAL', label: 'Special district' },
];
/** How one tax group is taxed in the region: like everything else, at its own rate, or not at all. */
type GroupRule = 'STANDARD' | 'RATE' | 'EXEMPT';
interface GroupRow {
  rule: GroupRule;
  percent: string;
}
const groupRows = (overrides: TaxGroupOverride[] | undefined) =>
  Object.fromEntries(
    (overrides ?? []).map((o) => [
      o.taxGroupId,
      { rule: o.exempt ? 'EXEMPT' : 'RATE', percent: o.rate ? rateToPercent(o.rate) : '' } as GroupRow,
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

interface Row {
  name: string;
  type: JurisdictionType;
  percent: string;
}

/** A country (or one state of it) with its tax rates, one per authority that charges tax there. */
export function TaxRegionForm({ region, onDone }: { region: TaxRegion | null; onDone: () => void }) {
  const save = useSaveTaxRegion();
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
  const taxGroups = useTaxGroups().data?.filter((g) => !g.isDefault) ?? [];
  const auto = useTaxSettings().data?.calculationMode === 'AUTO';
  const states = subdivisionsOf(country);
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
  const setRow = (i: number, change: Partial<Row>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));

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

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <Combobox
        label="Country"
        value={country}
        options={countryOptions()}
        onChange={(c) => {
          setCountry(c);
          setState('');
        }}
      />
      {states ? (
        <SelectField<string>
          label="Only this state or province"
          value={state && !state.includes('-') ? `${country}-${state}` : state}
          options={[
            { value: '', label: 'The whole country' },
            ...states.map((s) => ({ value: s.code, label: s.name })),
          ]}
          onChange={setState}
        />
      ) : (
        <TextField
          label="Only this region"
          hint="Optional: its official short code. Empty: the whole country."
          value={state}
          onChange={(e) => setState(e.target.value)}
        />
      )}
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-neutral-800">Rates</legend>
        {rows.map((r, i) => (
          <div
            key={i}
            className="grid grid-cols-2 gap-3 rounded-md border border-neutral-200 p-3 sm:grid-cols-[2fr_1.5fr_1fr]"
          >
            <TextField
              label={`Tax ${i + 1} name`}
              placeholder="VAT"
              maxLength={100}
              value={r.name}
              onChange={(e) => setRow(i, { name: e.target.value })}
            />
            <SelectField<JurisdictionType>
              label="Charged by"
              value={r.type}
              options={TYPES}
              onChange={(type) => setRow(i, { type })}
            />
            <TextField
              label="Rate %"
              inputMode="decimal"
              value={r.percent}
              onChange={(e) => setRow(i, { percent: e.target.value })}
            />
            {rows.length > 1 && (
              <Button
                variant="ghost"
                className="justify-self-start"
                onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
              >
                Remove tax {i + 1}
              </Button>
            )}
          </div>
        ))}
        {rows.length < 10 && (
          <Button
            variant="secondary"
            onClick={() => setRows((all) => [...all, { name: '', type: 'STATE', percent: '' }])}
          >
            Add a rate
          </Button>
        )}
      </fieldset>
      <label className="flex items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4 accent-accent"
          checked={taxShipping}
          onChange={(e) => setTaxShipping(e.target.checked)}
        />
        Charge tax on shipping here
      </label>
      <label className="flex items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4 accent-accent"
          checked={taxFees}
          onChange={(e) => setTaxFees(e.target.checked)}
        />
        Charge tax on extra fees here
      </label>
      {taxGroups.length > 0 && (
        <fieldset className="space-y-3">
          <legend className="mb-1 text-sm font-medium text-neutral-800">Tax groups here</legend>
          {taxGroups.map((g) => {
            const row = groups[g.id] ?? { rule: 'STANDARD', percent: '' };
            const setGroup = (change: Partial<GroupRow>) =>
              setGroups((all) => ({ ...all, [g.id]: { ...row, ...change } }));
            return (
              <div key={g.id} className="grid grid-cols-2 items-end gap-3">
                <SelectField<GroupRule>
                  label={g.name}
                  value={row.rule}
                  options={[
                    { value: 'STANDARD', label: 'The rates above' },
                    { value: 'RATE', label: 'Its own rate' },
                    { value: 'EXEMPT', label: 'No tax' },
                  ]}
                  onChange={(rule) => setGroup({ rule })}
                />
                {row.rule === 'RATE' && (
                  <TextField
                    label={`${g.name} rate %`}
                    inputMode="decimal"
                    value={row.percent}
                    onChange={(e) => setGroup({ percent: e.target.value })}
                  />
                )}
              </div>
            );
          })}
        </fieldset>
      )}
      {(auto || (region && region.fallbackRate !== '0')) && (
        <TextField
          label="If the tax app fails, charge %"
          hint="Used when your tax app does not answer in time."
          inputMode="decimal"
          value={fallback}
          onChange={(e) => setFallback(e.target.value)}
        />
      )}
      {tried && problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <FormProblems form={form} error={save.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          {region ? 'Save tax region' : 'Add tax region'}
        </Button>
      </div>
    </form>
  );
}
