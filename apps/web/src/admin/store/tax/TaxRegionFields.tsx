import type { Dispatch, SetStateAction } from 'react';
import type { TaxRegion } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { TextField } from '../../../ui/Field.js';
import { Combobox } from '../../ui/Combobox.js';
import { SelectField } from '../../ui/SelectField.js';
import { optionsOf } from '../../ui/choices.js';
import { countryOptions } from '../shipping/countries.js';
import { subdivisionsOf } from '../../../ui/subdivisions.js';

export type JurisdictionType = TaxRegion['jurisdictions'][number]['type'];
const TYPES = optionsOf<JurisdictionType>({
  COUNTRY: 'Country',
  STATE: 'State or province',
  COUNTY: 'County',
  CITY: 'City',
  SPECIAL: 'Special district',
});
/** How one tax group is taxed in the region: like everything else, at its own rate, or not at all. */
export type GroupRule = 'STANDARD' | 'RATE' | 'EXEMPT';
const GROUP_RULES = optionsOf<GroupRule>({ STANDARD: 'The rates above', RATE: 'Its own rate', EXEMPT: 'No tax' });
export interface GroupRow {
  rule: GroupRule;
  percent: string;
}

/** One tax in the region, as typed. */
export interface Row {
  name: string;
  type: JurisdictionType;
  percent: string;
}

/** The country, then one of its states or provinces (a list where known, else its short code). */
export function RegionPicker({
  country,
  state,
  onCountry,
  onState,
}: {
  country: string;
  state: string;
  onCountry: (country: string) => void;
  onState: (state: string) => void;
}) {
  const states = subdivisionsOf(country);
  return (
    <>
      <Combobox label="Country" value={country} options={countryOptions()} onChange={onCountry} />
      {states ? (
        <SelectField<string>
          label="Only this state or province"
          value={state && !state.includes('-') ? `${country}-${state}` : state}
          options={[
            { value: '', label: 'The whole country' },
            ...states.map((s) => ({ value: s.code, label: s.name })),
          ]}
          onChange={onState}
        />
      ) : (
        <TextField
          label="Only this region"
          hint="Optional: its official short code. Empty: the whole country."
          value={state}
          onChange={(e) => onState(e.target.value)}
        />
      )}
    </>
  );
}

/** The region's taxes, one row per authority that charges one. */
export function RatesFieldset({ rows, setRows }: { rows: Row[]; setRows: Dispatch<SetStateAction<Row[]>> }) {
  const setRow = (i: number, change: Partial<Row>) =>
    setRows((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
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
  );
}

/** How each tax group (other than the default one) is taxed in the region. */
export function TaxGroupsFieldset({
  taxGroups,
  groups,
  setGroups,
}: {
  taxGroups: Array<{ id: string; name: string }>;
  groups: Record<string, GroupRow>;
  setGroups: Dispatch<SetStateAction<Record<string, GroupRow>>>;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-neutral-800">Tax groups here</legend>
      {taxGroups.map((g) => {
        const row = groups[g.id] ?? { rule: 'STANDARD', percent: '' };
        const setGroup = (change: Partial<GroupRow>) => setGroups((all) => ({ ...all, [g.id]: { ...row, ...change } }));
        return (
          <div key={g.id} className="grid grid-cols-2 items-end gap-3">
            <SelectField
              label={g.name}
              value={row.rule}
              options={GROUP_RULES}
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
  );
}
