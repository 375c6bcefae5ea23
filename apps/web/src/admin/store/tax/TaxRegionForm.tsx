import { useState, type FormEvent } from 'react';
import type { TaxRegion } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { TextField } from '../../../ui/Field.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { Combobox } from '../../ui/Combobox.js';
import { SelectField } from '../../ui/SelectField.js';
import { countryOptions } from '../shipping/countries.js';
import { useSaveTaxRegion } from './api.js';
import { percentToRate, rateToPercent } from './rates.js';

type JurisdictionType = TaxRegion['jurisdictions'][number]['type'];
const TYPES: Array<{ value: JurisdictionType; label: string }> = [
  { value: 'COUNTRY', label: 'Country' },
  { value: 'STATE', label: 'State or province' },
  { value: 'COUNTY', label: 'County' },
  { value: 'CITY', label: 'City' },
  { value: 'SPECIAL', label: 'Special district' },
];
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
  const [tried, setTried] = useState(false);
  const form = useFormRules({}, {}, { serverError: save.error });
  const problem = !country
    ? 'Choose the country.'
    : rows.some((r) => !r.name.trim())
      ? 'Name each tax, such as “VAT”.'
      : rows.some((r) => percentToRate(r.percent) === undefined)
        ? 'Enter each rate as a percentage from 0 to 100, such as 19 or 7.25.'
        : undefined;
  const setRow = (i: number, change: Partial<Row>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem) return;
    const subdivision = state.trim() ? `${country}-${state.trim().toUpperCase()}` : undefined;
    const jurisdictions = rows.map((r) => ({ name: r.name.trim(), type: r.type, rate: percentToRate(r.percent)! }));
    const base = { country, jurisdictions, taxShipping };
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
      <Combobox label="Country" value={country} options={countryOptions()} onChange={setCountry} />
      <TextField
        label="Only this state or province"
        hint="Optional, such as CA. Empty: the whole country."
        value={state}
        onChange={(e) => setState(e.target.value)}
      />
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
