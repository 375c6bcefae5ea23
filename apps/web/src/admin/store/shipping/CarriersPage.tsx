import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  getShippingProviderConfiguration,
  updateShippingProviderConfiguration,
  type ShippingProviderConfiguration,
} from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { TextField } from '../../../ui/Field.js';
import { Skeleton } from '../../../ui/Skeleton.js';
import { OwnerOnly } from '../../developers/OwnerOnly.js';
import { useToast } from '../../Toast.js';
import { Combobox } from '../../ui/Combobox.js';
import { FormPage, FormSection, useDraft } from '../../ui/FormPage.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SelectField } from '../../ui/SelectField.js';
import { callMethod, usePlazaClient, useStoreChange } from '../api.js';
import { shippingKeys } from './api.js';
import {
  carrierDraft,
  carrierInput,
  carrierProblem,
  MASK_PATH,
  PACKAGE_LABELS,
  SERVICE_LABELS,
  type CarrierDraft,
  type ServiceDraft,
} from './carrierDraft.js';
import { countryOptions } from './countries.js';

const key = () => [...shippingKeys.all(), 'carriers'] as const;

/** /admin/store/carriers: where parcels leave from, the carrier services and their rates, boxes, local delivery. */
export function CarriersPage() {
  return (
    <OwnerOnly title="Carriers" what="carrier settings">
      <Loader />
    </OwnerOnly>
  );
}

function Loader() {
  const plaza = usePlazaClient();
  const { data, error, isPending, isFetching, refetch } = useQuery({
    queryKey: key(),
    queryFn: () => callMethod(plaza, getShippingProviderConfiguration).then((r) => r.shippingProviderConfiguration),
  });
  return (
    <>
      <PageHeader
        title="Carriers"
        description="Where your parcels leave from, which postal services you offer and what they cost, and delivery near you."
      />
      {isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : error ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <CarriersForm key={data.updatedDate} config={data} />
      )}
    </>
  );
}

function CarriersForm({ config }: { config: ShippingProviderConfiguration }) {
  const saved = useMemo(() => carrierDraft(config), [config]);
  const { draft, set, dirty, undo, changed } = useDraft<CarrierDraft>(saved);
  const update = useStoreChange(shippingKeys.all(), (plaza, v: ReturnType<typeof carrierInput>) =>
    callMethod(plaza, updateShippingProviderConfiguration, v, Object.keys(v)),
  );
  const toast = useToast();
  const address = (change: Partial<CarrierDraft['address']>) => set('address', { ...draft.address, ...change });
  const local = (change: Partial<CarrierDraft['local']>) => set('local', { ...draft.local, ...change });

  return (
    <FormPage
      dirty={dirty}
      busy={update.isPending}
      error={update.error}
      problem={carrierProblem(draft)}
      saveLabel="Save carriers"
      onUndo={undo}
      onSubmit={() =>
        update.mutate(carrierInput(draft, changed), {
          onSuccess: () => toast(`Carrier settings saved (${changed.map((k) => words[MASK_PATH[k]]).join(', ')})`),
        })
      }
    >
      <FormSection title="Ships from" description="Its country decides which services are domestic.">
        <Combobox
          label="Country"
          value={draft.address.country}
          options={countryOptions()}
          onChange={(country) => address({ country })}
        />
        <TextField
          label="Street and number"
          value={draft.address.addressLine}
          onChange={(e) => address({ addressLine: e.target.value })}
        />
        <div className="grid grid-cols-[8rem_1fr] gap-3">
          <TextField
            label="Postal code"
            value={draft.address.postalCode}
            onChange={(e) => address({ postalCode: e.target.value })}
          />
          <TextField label="City" value={draft.address.city} onChange={(e) => address({ city: e.target.value })} />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Latitude"
            inputMode="decimal"
            hint="Your map position, for local delivery. Most map apps show it when you tap your address."
            value={draft.address.latitude}
            onChange={(e) => address({ latitude: e.target.value })}
          />
          <TextField
            label="Longitude"
            inputMode="decimal"
            value={draft.address.longitude}
            onChange={(e) => address({ longitude: e.target.value })}
          />
        </div>
      </FormSection>
      <ServicesSection
        title="Domestic services"
        description="Offered for addresses in your own country, priced by the parcel's weight."
        services={draft.domestic}
        onChange={(list) => set('domestic', list)}
      />
      <ServicesSection
        title="International services"
        description="Offered for addresses abroad."
        services={draft.international}
        onChange={(list) => set('international', list)}
      />
      <FormSection title="Boxes" description="The packaging you ship in.">
        {draft.packages.map((p, i) => (
          <div key={p.type} className="space-y-2">
            <label className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="h-4 w-4 accent-accent"
                checked={p.enabled}
                onChange={(e) =>
                  set(
                    'packages',
                    draft.packages.map((x, j) => (j === i ? { ...x, enabled: e.target.checked } : x)),
                  )
                }
              />
              {PACKAGE_LABELS[p.type]}
            </label>
            {p.type === 'CUSTOM' && p.enabled && (
              <div className="grid grid-cols-2 gap-3 pl-7 sm:grid-cols-4">
                {(['length', 'width', 'height'] as const).map((side) => (
                  <TextField
                    key={side}
                    label={side[0]!.toUpperCase() + side.slice(1)}
                    inputMode="decimal"
                    value={p[side]}
                    onChange={(e) =>
                      set(
                        'packages',
                        draft.packages.map((x, j) => (j === i ? { ...x, [side]: e.target.value } : x)),
                      )
                    }
                  />
                ))}
                <SelectField<'CM' | 'IN'>
                  label="Unit"
                  value={p.unit}
                  options={[
                    { value: 'CM', label: 'cm' },
                    { value: 'IN', label: 'inches' },
                  ]}
                  onChange={(unit) =>
                    set(
                      'packages',
                      draft.packages.map((x, j) => (j === i ? { ...x, unit } : x)),
                    )
                  }
                />
              </div>
            )}
          </div>
        ))}
      </FormSection>
      <FormSection title="Local delivery" description="You deliver yourself to buyers near the ship-from address.">
        <label className="flex items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            className="h-4 w-4 accent-accent"
            checked={draft.local.enabled}
            onChange={(e) => local({ enabled: e.target.checked })}
          />
          Offer local delivery
        </label>
        {draft.local.enabled && (
          <>
            <TextField
              label="Name at checkout"
              placeholder="Local delivery"
              value={draft.local.title}
              onChange={(e) => local({ title: e.target.value })}
            />
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label="Up to"
                inputMode="decimal"
                value={draft.local.radius}
                onChange={(e) => local({ radius: e.target.value })}
              />
              <SelectField<'KM' | 'MI'>
                label="Distance in"
                value={draft.local.unit}
                options={[
                  { value: 'KM', label: 'Kilometres' },
                  { value: 'MI', label: 'Miles' },
                ]}
                onChange={(unit) => local({ unit })}
              />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label="Price"
                inputMode="decimal"
                value={draft.local.price}
                onChange={(e) => local({ price: e.target.value })}
              />
              <TextField
                label="Free from"
                hint="Empty: never free."
                inputMode="decimal"
                value={draft.local.freeOver}
                onChange={(e) => local({ freeOver: e.target.value })}
              />
            </div>
            <TextField
              label="Delivery time"
              placeholder="Same day"
              value={draft.local.eta}
              onChange={(e) => local({ eta: e.target.value })}
            />
          </>
        )}
      </FormSection>
    </FormPage>
  );
}

const words: Record<string, string> = {
  shipFromAddress: 'address',
  domesticServices: 'domestic services',
  internationalServices: 'international services',
  packageTypes: 'boxes',
  localDelivery: 'local delivery',
};

/** Each service: on or off, and its rates by weight (a parcel heavier than the last one is not offered it). */
function ServicesSection({
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
  const change = (i: number, next: Partial<ServiceDraft>) =>
    onChange(services.map((s, j) => (j === i ? { ...s, ...next } : s)));
  return (
    <FormSection title={title} description={description}>
      {services.map((s, i) => {
        const name = SERVICE_LABELS[s.service] ?? s.service;
        return (
          <fieldset key={s.service} className="space-y-3 rounded-md border border-neutral-200 p-3">
            <legend className="sr-only">{name}</legend>
            <label className="flex items-center gap-3 text-sm font-medium">
              <input
                type="checkbox"
                className="h-4 w-4 accent-accent"
                checked={s.enabled}
                onChange={(e) => change(i, { enabled: e.target.checked })}
              />
              {name}
            </label>
            {s.enabled && (
              <div className="space-y-2 pl-7">
                {s.bands.length === 0 && (
                  <p className="text-sm text-neutral-600">No rates yet: buyers are not offered {name}.</p>
                )}
                {s.bands.map((b, k) => (
                  <div key={k} className="flex flex-wrap items-end gap-3">
                    <TextField
                      label="Parcels up to (weight)"
                      inputMode="decimal"
                      value={b.maxWeight}
                      onChange={(e) =>
                        change(i, { bands: s.bands.map((x, m) => (m === k ? { ...x, maxWeight: e.target.value } : x)) })
                      }
                    />
                    <TextField
                      label="Price"
                      inputMode="decimal"
                      value={b.price}
                      onChange={(e) =>
                        change(i, { bands: s.bands.map((x, m) => (m === k ? { ...x, price: e.target.value } : x)) })
                      }
                    />
                    <Button
                      variant="ghost"
                      aria-label={`Remove ${name} rate ${k + 1}`}
                      onClick={() => change(i, { bands: s.bands.filter((_, m) => m !== k) })}
                    >
                      Remove
                    </Button>
                  </div>
                ))}
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
