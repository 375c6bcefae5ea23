import type { Address } from '@plaza/contracts';
import { inputClass, SelectField } from '../../ui/Field.js';

// The countries offered in pickers (names come from the browser, in the shopper's language).
const COUNTRIES =
  'AR AT AU BE BR CA CH CL CN CO CZ DE DK ES FI FR GB GR HK IE IL IN IT JP KR MX NL NO NZ PL PT SE SG TR US ZA'.split(
    ' ',
  );

// States for the countries whose shipping and tax usually depend on them; elsewhere the field is free text.
const SUBDIVISIONS: Record<string, string[]> = {
  US: 'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
  CA: 'AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '),
  BR: 'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
  AU: 'ACT NSW NT QLD SA TAS VIC WA'.split(' '),
};

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
  const states = value.country ? SUBDIVISIONS[value.country] : undefined;
  const stateCode = value.subdivision?.split('-')[1] ?? '';
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
      {states ? (
        <SelectField
          id={`${idPrefix}-state`}
          label="State / province"
          value={stateCode}
          onChange={(e) => set({ subdivision: e.target.value ? `${value.country}-${e.target.value}` : undefined })}
        >
          <option value="">Choose…</option>
          {states.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      ) : (
        value.country && (
          <label className="block text-sm font-medium text-neutral-800">
            Region code <span className="font-normal text-neutral-500">(optional, e.g. {value.country}-01)</span>
            <input
              className={`${inputClass} mt-1 uppercase`}
              value={value.subdivision ?? ''}
              maxLength={6}
              pattern="[A-Za-z]{2}-[A-Za-z0-9]{1,3}"
              onChange={(e) => set({ subdivision: e.target.value.toUpperCase() || undefined })}
            />
          </label>
        )
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
