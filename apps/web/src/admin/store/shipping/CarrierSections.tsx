import { CheckboxField } from '../../../ui/CheckboxField.js';
import { Button } from '../../../ui/Button.js';
import { TextField } from '../../../ui/Field.js';
import { Combobox } from '../../ui/Combobox.js';
import { FormSection } from '../../ui/FormPage.js';
import { SelectField } from '../../ui/SelectField.js';
import { optionsOf } from '../../ui/choices.js';
import { PACKAGE_LABELS, SERVICE_LABELS, type CarrierDraft, type ServiceDraft } from './carrierDraft.js';
import { countryOptions } from './countries.js';
import { StreetFields } from './StreetFields.js';
import { rowEdits } from '../../ui/rowEdits.js';
import { textBinder } from '../../ui/textBinder.js';

/** Sets one part of the carriers draft. */
export type SetCarrier = <K extends keyof CarrierDraft>(key: K, value: CarrierDraft[K]) => void;
interface SectionProps {
  draft: CarrierDraft;
  set: SetCarrier;
}
const SIZE_UNITS = optionsOf<'CM' | 'IN'>({ CM: 'cm', IN: 'inches' });
const DISTANCE_UNITS = optionsOf<'KM' | 'MI'>({ KM: 'Kilometres', MI: 'Miles' });

/** The address parcels leave from, with its map position for local delivery. */
export function ShipsFromSection({ draft, set }: SectionProps) {
  const change = (next: Partial<CarrierDraft['address']>) => set('address', { ...draft.address, ...next });
  const address = textBinder(draft.address, change);
  return (
    <FormSection title="Ships from" description="Its country decides which services are domestic.">
      <Combobox
        label="Country"
        value={draft.address.country}
        options={countryOptions()}
        onChange={(country) => change({ country })}
      />
      <StreetFields value={draft.address} onChange={change} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Latitude"
          inputMode="decimal"
          hint="Your map position, for local delivery. Most map apps show it when you tap your address."
          {...address('latitude')}
        />
        <TextField label="Longitude" inputMode="decimal" {...address('longitude')} />
      </div>
    </FormSection>
  );
}

/** The packaging the store ships in; a custom box has its own size. */
export function BoxesSection({ draft, set }: SectionProps) {
  const boxes = rowEdits(draft.packages, (next) => set('packages', next));
  return (
    <FormSection title="Boxes" description="The packaging you ship in.">
      {draft.packages.map((p, i) => (
        <div key={p.type} className="space-y-2">
          <CheckboxField
            label={PACKAGE_LABELS[p.type]}
            checked={p.enabled}
            onChange={(checked) => boxes.change(i, { enabled: checked })}
          />
          {p.type === 'CUSTOM' && p.enabled && (
            <div className="grid grid-cols-2 gap-3 pl-7 sm:grid-cols-4">
              {(['length', 'width', 'height'] as const).map((side) => (
                <TextField
                  key={side}
                  label={side[0]!.toUpperCase() + side.slice(1)}
                  inputMode="decimal"
                  value={p[side]}
                  onChange={(e) => boxes.change(i, { [side]: e.target.value })}
                />
              ))}
              <SelectField<'CM' | 'IN'>
                label="Unit"
                value={p.unit}
                options={SIZE_UNITS}
                onChange={(unit) => boxes.change(i, { unit })}
              />
            </div>
          )}
        </div>
      ))}
    </FormSection>
  );
}

/** Delivery by the store itself to buyers near the ship-from address. */
export function LocalDeliverySection({ draft, set }: SectionProps) {
  const local = (change: Partial<CarrierDraft['local']>) => set('local', { ...draft.local, ...change });
  const localText = textBinder(draft.local, local);
  return (
    <FormSection title="Local delivery" description="You deliver yourself to buyers near the ship-from address.">
      <CheckboxField
        label="Offer local delivery"
        checked={draft.local.enabled}
        onChange={(checked) => local({ enabled: checked })}
        className="flex items-center gap-3 text-sm font-medium"
      />
      {draft.local.enabled && (
        <>
          <TextField label="Name at checkout" placeholder="Local delivery" {...localText('title')} />
          <div className="grid grid-cols-2 gap-3">
            <TextField label="Up to" inputMode="decimal" {...localText('radius')} />
            <SelectField<'KM' | 'MI'>
              label="Distance in"
              value={draft.local.unit}
              options={DISTANCE_UNITS}
              onChange={(unit) => local({ unit })}
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <TextField label="Price" inputMode="decimal" {...localText('price')} />
            <TextField label="Free from" hint="Empty: never free." inputMode="decimal" {...localText('freeOver')} />
          </div>
          <TextField label="Delivery time" placeholder="Same day" {...localText('eta')} />
        </>
      )}
    </FormSection>
  );
}

/** Each service: on or off, and its rates by weight (a parcel heavier than the last one is not offered it). */
export function ServicesSection({
  title,
  description,
  services,
  onChange,
}: {
  title: string;
  description: string;
  services: ServiceDraft[];
  onChange: (list: ServiceDraft[]) => void;
}) {
  const change = rowEdits(services, onChange).change;
  return (
    <FormSection title={title} description={description}>
      {services.map((s, i) => {
        const name = SERVICE_LABELS[s.service] ?? s.service;
        return (
          <fieldset key={s.service} className="space-y-3 rounded-md border border-neutral-200 p-3">
            <legend className="sr-only">{name}</legend>
            <CheckboxField
              label={name}
              checked={s.enabled}
              onChange={(checked) => change(i, { enabled: checked })}
              className="flex items-center gap-3 text-sm font-medium"
            />
            {s.enabled && (
              <div className="space-y-2 pl-7">
                {s.bands.length === 0 && (
                  <p className="text-sm text-neutral-600">No rates yet: buyers are not offered {name}.</p>
                )}
                {s.bands.map((b, k) => {
                  const band = textBinder(b, (next) =>
                    change(i, { bands: s.bands.map((x, m) => (m === k ? { ...x, ...next } : x)) }),
                  );
                  return (
                    <div key={k} className="flex flex-wrap items-end gap-3">
                      <TextField label="Parcels up to (weight)" inputMode="decimal" {...band('maxWeight')} />
                      <TextField label="Price" inputMode="decimal" {...band('price')} />
                      <Button
                        variant="ghost"
                        aria-label={`Remove ${name} rate ${k + 1}`}
                        onClick={() => change(i, { bands: s.bands.filter((_, m) => m !== k) })}
                      >
                        Remove
                      </Button>
                    </div>
                  );
                })}
                <Button
                  variant="secondary"
                  onClick={() => change(i, { bands: [...s.bands, { maxWeight: '', price: '' }] })}
                >
                  Add a rate
                </Button>
              </div>
            )}
          </fieldset>
        );
      })}
    </FormSection>
  );
}
