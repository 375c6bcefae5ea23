import { useState, type FormEvent, type ReactNode } from 'react';
import type { Address, Checkout, UpdateCheckoutRequest } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { inputClass } from '../../../ui/Field.js';
import { AddressFields, cleanAddress as clean, contactOf, Input, personOf } from '../../../ui/AddressFields.js';

export { Input };
import { useDateFormat } from '../../format.js';
import { describeProblem } from '../problems.js';
import type { useCheckoutChange } from './useCheckout.js';

export type Save = ReturnType<typeof useCheckoutChange>;

/** A titled part of the checkout with its own "Save" (each part is one PATCH naming only its fields). */
export function Section({
  title,
  save,
  onSubmit,
  children,
  action = 'Save',
}: {
  title: string;
  save: Save;
  onSubmit?: () => UpdateCheckoutRequest | null;
  children: ReactNode;
  action?: string;
}) {
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const request = onSubmit?.();
    if (!request) return;
    setError(null);
    setSaved(false);
    save.mutate({ kind: 'update', request }, { onError: setError, onSuccess: () => setSaved(true) });
  };
  return (
    <form onSubmit={submit} className="rounded-lg border border-neutral-200 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-4 space-y-3">{children}</div>
      {onSubmit && (
        <div className="mt-4 flex items-center gap-3">
          <Button type="submit" variant="secondary" busy={save.isPending && save.variables?.kind === 'update'}>
            {action}
          </Button>
          {saved && (
            <span role="status" className="text-sm text-emerald-700">
              Saved
            </span>
          )}
        </div>
      )}
      {error !== null && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {describeProblem(error)}
        </p>
      )}
    </form>
  );
}

export function ContactSection({ checkout, save }: { checkout: Checkout; save: Save }) {
  const [email, setEmail] = useState(checkout.buyerInfo.email ?? '');
  return (
    <Section
      title="Contact"
      save={save}
      onSubmit={() => ({ checkout: { buyerInfo: { email: email.trim() } }, fieldMask: { paths: ['buyerInfo.email'] } })}
    >
      <Input
        label="E-mail"
        type="email"
        required
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
    </Section>
  );
}

export function ShippingAddressSection({ checkout, save }: { checkout: Checkout; save: Save }) {
  const dest = checkout.shippingInfo.shippingDestination;
  const [person, setPerson] = useState(personOf(dest?.contactDetails));
  const [address, setAddress] = useState<Address>(dest?.address ?? {});
  return (
    <Section
      title="Shipping address"
      save={save}
      action="Save and see shipping options"
      onSubmit={() => ({
        checkout: {
          shippingInfo: { shippingDestination: { address: clean(address), contactDetails: contactOf(person) } },
        },
        fieldMask: { paths: ['shippingInfo.shippingDestination'] },
      })}
    >
      <AddressFields prefix="ship" person={person} setPerson={setPerson} address={address} setAddress={setAddress} />
    </Section>
  );
}

const SLOT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
};
const SLOT_END: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

export function ShippingOptionSection({ checkout, save }: { checkout: Checkout; save: Save }) {
  const slot = useDateFormat(SLOT);
  const slotEnd = useDateFormat(SLOT_END);
  const options = checkout.shippingInfo.carrierServiceOptions.flatMap((c) => c.shippingOptions);
  const selected = checkout.shippingInfo.selectedCarrierServiceOption;
  const pick = (code: string, slot?: { from: string; to: string }) =>
    save.mutate({
      kind: 'update',
      request: {
        checkout: {
          shippingInfo: {
            selectedCarrierServiceOption: { code, ...(slot ? { logistics: { deliveryTimeSlot: slot } } : {}) },
          },
        },
        fieldMask: { paths: ['shippingInfo.selectedCarrierServiceOption'] },
      },
    });
  return (
    <Section title="Delivery" save={save}>
      {!checkout.shippingInfo.shippingDestination?.address?.country ? (
        <p className="text-sm text-neutral-600">Enter your address to see how we can get it to you.</p>
      ) : options.length === 0 ? (
        <p className="text-sm text-amber-800">We do not ship to this address yet. Try another address.</p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="sr-only">Shipping or pickup</legend>
          {options.map((o) => {
            const active = selected?.code === o.code;
            const pickup = o.logistics.pickupDetails;
            return (
              <div key={o.code} className={`rounded-md border p-3 ${active ? 'border-accent' : 'border-neutral-300'}`}>
                <label className="flex items-center gap-3 text-sm">
                  <input type="radio" name="shipping-option" checked={active} onChange={() => pick(o.code)} />
                  <span className="flex-1">
                    <span className="font-medium">{o.title}</span>
                    {o.logistics.deliveryTime && (
                      <span className="block text-neutral-600">{o.logistics.deliveryTime}</span>
                    )}
                    {pickup && (
                      <span className="block text-neutral-600">
                        Pick up at {[pickup.address.addressLine, pickup.address.city].filter(Boolean).join(', ')}
                        {pickup.businessHours && ` · ${pickup.businessHours}`}
                      </span>
                    )}
                  </span>
                  <span className="tabular-nums">{o.cost.price.formattedAmount}</span>
                </label>
                {active && o.logistics.deliveryTimeSlots && o.logistics.deliveryTimeSlots.length > 0 && (
                  <label className="mt-2 block text-sm">
                    Delivery time
                    <select
                      className={`${inputClass} mt-1`}
                      value={selected?.logistics.deliveryTimeSlot?.from ?? ''}
                      onChange={(e) =>
                        pick(
                          o.code,
                          o.logistics.deliveryTimeSlots!.find((s) => s.from === e.target.value),
                        )
                      }
                    >
                      <option value="">Any time</option>
                      {o.logistics.deliveryTimeSlots.map((s) => (
                        <option key={s.from} value={s.from}>
                          {slot(s.from)} – {slotEnd(s.to)}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
    </Section>
  );
}

/** Countries whose buyers give a tax ID at checkout (the server checks CPF and CNPJ). */
const TAX_ID_COUNTRIES = ['BR'];

export function BillingSection({ checkout, save }: { checkout: Checkout; save: Save }) {
  const billing = checkout.billingInfo;
  const [same, setSame] = useState(!billing?.address);
  const [person, setPerson] = useState(personOf(billing?.contactDetails));
  const [address, setAddress] = useState<Address>(billing?.address ?? {});
  const [taxType, setTaxType] = useState<'CPF' | 'CNPJ'>(billing?.taxId?.type ?? 'CPF');
  const [taxId, setTaxId] = useState(billing?.taxId?.value ?? '');
  const country = same ? checkout.shippingInfo.shippingDestination?.address?.country : address.country;
  // Only where buyers have a tax ID the shop can print and check (Brazil's CPF or CNPJ); nowhere else to ask.
  const showTaxId = taxId !== '' || (country !== undefined && TAX_ID_COUNTRIES.includes(country));
  return (
    <Section
      title="Billing"
      save={save}
      onSubmit={() => {
        const ship = checkout.shippingInfo.shippingDestination;
        return {
          checkout: {
            billingInfo: {
              ...(same
                ? {
                    ...(ship?.address ? { address: ship.address } : {}),
                    ...(ship?.contactDetails ? { contactDetails: ship.contactDetails } : {}),
                  }
                : { address: clean(address), contactDetails: contactOf(person) }),
              ...(taxId.trim() ? { taxId: { type: taxType, value: taxId.trim() } } : {}),
            },
          },
          fieldMask: { paths: ['billingInfo'] },
        };
      }}
    >
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={same} onChange={(e) => setSame(e.target.checked)} className="h-4 w-4" />
        Same as the shipping address
      </label>
      {!same && (
        <AddressFields prefix="bill" person={person} setPerson={setPerson} address={address} setAddress={setAddress} />
      )}
      {showTaxId ? (
        <div className="grid gap-3 sm:grid-cols-[8rem_1fr]">
          <label className="block text-sm font-medium text-neutral-800">
            Tax ID type
            <select
              className={`${inputClass} mt-1`}
              value={taxType}
              onChange={(e) => setTaxType(e.target.value as 'CPF' | 'CNPJ')}
            >
              <option value="CPF">CPF</option>
              <option value="CNPJ">CNPJ</option>
            </select>
          </label>
          <Input
            label="Tax ID"
            inputMode="numeric"
            maxLength={30}
            value={taxId}
            onChange={(e) => setTaxId(e.target.value)}
          />
        </div>
      ) : null}
    </Section>
  );
}
