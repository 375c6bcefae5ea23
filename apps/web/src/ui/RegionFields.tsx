import type { Address } from '@plaza/contracts';
import { inputClass, SelectField } from './Field.js';
import { subdivisionsOf } from './subdivisions.js';

// The countries offered in pickers (names come from the browser, in the shopper's language).
const COUNTRIES =
  'AR AT AU BE BR CA CH CL CN CO CZ DE DK ES FI FR GB GR HK IE IL IN IT JP KR MX NL NO NZ PL PT SE SG TR US ZA'.split(
    ' ',
  );

function countryNames(): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([navigator.language, 'en'], { type: 'region' });
    return (c) => names.of(c) ?? c;
  } catch {
    return (c) => c;
  }
}

/** Country, state and postal code (enough to estimate shipping and tax); the checkout adds street and city. */
export function RegionFields({
  value,
  onChange,
  idPrefix,
}: {
  value: Address;
  onChange: (a: Address) => void;
  idPrefix: string;
}) {
  const name = countryNames();
  const countries = [...new Set([...COUNTRIES, ...(value.country ? [value.country] : [])])].sort((a, b) =>
    name(a).localeCompare(name(b)),
  );
  const states = subdivisionsOf(value.country);
  const set = (patch: Partial<Address>) => {
    const next: Address = { ...value, ...patch };
    for (const k of Object.keys(next) as (keyof Address)[]) if (next[k] === '' || next[k] === undefined) delete next[k];
    onChange(next);
  };
  return (
    <>
      <SelectField
        id={`${idPrefix}-country`}
        label="Country"
        autoComplete="country"
        value={value.country ?? ''}
        onChange={(e) => set({ country: e.target.value, subdivision: undefined })}
      >
        <option value="">Choose a country</option>
        {countries.map((c) => (
          <option key={c} value={c}>
            {name(c)}
          </option>
        ))}
      </SelectField>
      {/* Countries without a list are shipped and taxed by country: no state to ask for. */}
      {states && (
        <SelectField
          id={`${idPrefix}-state`}
          label="State / province"
          autoComplete="address-level1"
          value={value.subdivision ?? ''}
          onChange={(e) => set({ subdivision: e.target.value || undefined })}
        >
          <option value="">Choose…</option>
          {states.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </SelectField>
      )}
      <label className="block text-sm font-medium text-neutral-800">
        Postal code
        <input
          className={`${inputClass} mt-1`}
          autoComplete="postal-code"
          value={value.postalCode ?? ''}
          maxLength={20}
          onChange={(e) => set({ postalCode: e.target.value })}
        />
      </label>
    </>
  );
}
