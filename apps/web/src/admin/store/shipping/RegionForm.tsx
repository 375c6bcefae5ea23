import { CheckboxField } from '../../../ui/CheckboxField.js';
import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import type { ShippingRegion, ShippingRegionInput } from '@plaza/sdk/ecom';
import { shippingMutations, usePlazaMutation } from '@plaza/react';
import { Button } from '../../../ui/Button.js';
import { TextField } from '../../../ui/Field.js';
import { FormAlert, FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { Combobox } from '../../ui/Combobox.js';
import { SelectField } from '../../ui/SelectField.js';
import { optionsOf } from '../../ui/choices.js';
import { countryOptions } from './countries.js';
import { subdivisionsOf } from '../../../ui/subdivisions.js';
import { FormActions } from '../../../ui/FormActions.js';

interface Place {
  country: string;
  /** State or province codes as typed: "CA, NY". */
  parts: string;
}

export const regionRules: FormRules<'name' | 'destinations'> = {
  name: { label: 'Region name', required: true, requiredMessage: 'Name the region, such as “Europe”.', maxLength: 100 },
  destinations: { label: 'Countries' },
};
const COUNTRY_SCOPES = optionsOf<'ALL' | 'SOME'>({ ALL: 'The whole country', SOME: 'Only some states or provinces' });

/** The places as the server takes them: "CA, ny" in the US → US-CA, US-NY. */
export function destinationsOf(places: Place[]): ShippingRegionInput['destinations'] {
  return places
    .filter((p) => p.country)
    .map((p) => {
      const subdivisions = [
        ...new Set(
          p.parts
            .split(',')
            .map((s) => s.trim().toUpperCase())
            .filter(Boolean),
        ),
      ].map((s) => (s.includes('-') ? s : `${p.country}-${s}`));
      return { country: p.country, ...(subdivisions.length ? { subdivisions } : {}) };
    });
}

/** A region: some countries (whole, or only some states) or everywhere the other regions don't cover. */
export function RegionForm({
  region,
  onDone,
  onCancel,
}: {
  region: ShippingRegion | null;
  onDone: (saved: ShippingRegion) => void;
  onCancel: () => void;
}) {
  const save = usePlazaMutation(shippingMutations.saveRegion);
  const toast = useToast();
  const [name, setName] = useState(region?.name ?? '');
  const [worldwide, setWorldwide] = useState(region?.destinationScope === 'WORLDWIDE');
  const [places, setPlaces] = useState<Place[]>(
    region?.destinations.map((d) => ({
      country: d.country,
      parts: (d.subdivisions ?? []).map((s) => s.split('-')[1]).join(', '),
    })) ?? [{ country: '', parts: '' }],
  );
  const [tried, setTried] = useState(false);
  const form = useFormRules(regionRules, { name: name.trim() ? name : '' }, { serverError: save.error });
  const noCountry = !worldwide && !places.some((p) => p.country);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!form.check() || noCountry) return;
    const input: ShippingRegionInput = worldwide
      ? { name: name.trim(), destinationScope: 'WORLDWIDE', destinations: [] }
      : { name: name.trim(), destinationScope: 'SPECIFIC_DESTINATIONS', destinations: destinationsOf(places) };
    save.mutate(
      { id: region?.id ?? null, region: input },
      {
        onSuccess: (r) => {
          toast(`${r.shippingRegion.name} is saved`);
          onDone(r.shippingRegion);
        },
      },
    );
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField {...form.bind('name', name, setName)} />
      <ScopeFieldset worldwide={worldwide} setWorldwide={setWorldwide} />
      {!worldwide && (
        <PlacesList
          places={places}
          setPlaces={setPlaces}
          noCountry={tried && noCountry}
          destinationsError={form.errors.destinations}
        />
      )}
      <FormProblems form={form} error={save.error} />
      <FormActions submitLabel={region ? 'Save region' : 'Add region'} busy={save.isPending} onCancel={onCancel} />
    </form>
  );
}

/** Some countries, or everywhere the other regions don't cover. */
function ScopeFieldset({ worldwide, setWorldwide }: { worldwide: boolean; setWorldwide: (on: boolean) => void }) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-neutral-800">Where it ships</legend>
      {[
        { on: false, label: 'These countries' },
        { on: true, label: 'Rest of the world', detail: 'Every place your other regions don’t cover.' },
      ].map((c) => (
        <label key={c.label} className="flex items-start gap-3 text-sm">
          <input
            type="radio"
            name="region-scope"
            className="mt-0.5 h-4 w-4 accent-accent"
            checked={worldwide === c.on}
            onChange={() => setWorldwide(c.on)}
          />
          <span>
            <span className="block font-medium">{c.label}</span>
            {c.detail && <span className="text-neutral-600">{c.detail}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The region's countries, each whole or only some of its states. */
function PlacesList({
  places,
  setPlaces,
  noCountry,
  destinationsError,
}: {
  places: Place[];
  setPlaces: Dispatch<SetStateAction<Place[]>>;
  /** After a Save with no country chosen. */
  noCountry: boolean;
  destinationsError: string | undefined;
}) {
  const setPlace = (i: number, change: Partial<Place>) =>
    setPlaces((all) => all.map((p, j) => (j === i ? { ...p, ...change } : p)));
  return (
    <div className="space-y-4">
      {places.map((p, i) => (
        <div key={i} className="space-y-3 rounded-md border border-neutral-200 p-3">
          <Combobox
            label={`Country ${i + 1}`}
            value={p.country}
            options={countryOptions()}
            onChange={(country) => setPlace(i, { country, parts: '' })}
          />
          <StatesChoice key={p.country} place={p} onChange={(parts) => setPlace(i, { parts })} />
          {places.length > 1 && (
            <Button variant="ghost" onClick={() => setPlaces((all) => all.filter((_, j) => j !== i))}>
              Remove this country
            </Button>
          )}
        </div>
      ))}
      <Button variant="secondary" onClick={() => setPlaces((all) => [...all, { country: '', parts: '' }])}>
        Add a country
      </Button>
      {noCountry && (
        <p role="alert" className="text-sm text-red-700">
          Choose at least one country, or ship to the rest of the world.
        </p>
      )}
      <FormAlert>{destinationsError}</FormAlert>
    </div>
  );
}

/** Parts of a country: states by name where Plaza knows them (a ticked list), else their short codes typed. */
function StatesChoice({ place, onChange }: { place: Place; onChange: (parts: string) => void }) {
  const states = subdivisionsOf(place.country);
  const picked = place.parts
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean)
    .map((s) => (s.includes('-') ? s : `${place.country}-${s}`));
  const [some, setSome] = useState(picked.length > 0);
  if (!states) {
    return (
      <TextField
        label="Only these regions"
        hint="Optional: their official short codes, separated by commas. Empty: the whole country."
        value={place.parts}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  const toggle = (code: string, on: boolean) =>
    onChange((on ? [...picked, code] : picked.filter((c) => c !== code)).join(', '));
  return (
    <>
      <SelectField<'ALL' | 'SOME'>
        label="Where in the country"
        value={some ? 'SOME' : 'ALL'}
        options={COUNTRY_SCOPES}
        onChange={(v) => {
          setSome(v === 'SOME');
          if (v === 'ALL') onChange('');
        }}
      />
      {some && (
        <fieldset className="max-h-56 space-y-1 overflow-y-auto rounded-md border border-neutral-200 p-3">
          <legend className="sr-only">States or provinces</legend>
          {picked.length === 0 && (
            <p className="pb-1 text-xs text-neutral-600">
              Tick the ones you ship to; with none ticked, the whole country.
            </p>
          )}
          {states.map((st) => (
            <CheckboxField
              key={st.code}
              label={st.name}
              checked={picked.includes(st.code)}
              onChange={(checked) => toggle(st.code, checked)}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}
