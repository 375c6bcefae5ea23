import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { Address, Checkout } from '@plaza/contracts';
import { AddressFields, cleanAddress as clean, contactOf, personOf, type Person } from '../../../ui/AddressFields.js';
import { SelectField } from '../../../ui/Field.js';
import { useAutosave } from './autosave.js';
import { sameAddress, useSavedAddresses, type SavedAddress } from './savedAddresses.js';
import { Section } from './sections.js';
import { useCheckoutChange } from './useCheckout.js';

const NEW = 'new';

/**
 * Where it goes. Starts from what the checkout has (the cart's estimate carries its country, state and postal code
 * in); a member is offered the addresses they used or kept, and the one that fits is filled in for them. Kept as it
 * is typed: the delivery options follow the address without a button.
 */
export function ShippingAddressSection({ checkout }: { checkout: Checkout }) {
  const change = useCheckoutChange(checkout.id);
  const dest = checkout.shippingInfo.shippingDestination;
  const [person, setPerson] = useState<Person>(personOf(dest?.contactDetails));
  const [address, setAddress] = useState<Address>(dest?.address ?? {});
  const toRequest = (d: { person: Person; address: Address }) => ({
    kind: 'update' as const,
    request: {
      checkout: {
        shippingInfo: { shippingDestination: { address: clean(d.address), contactDetails: contactOf(d.person) } },
      },
      fieldMask: { paths: ['shippingInfo.shippingDestination'] },
    },
  });
  const { flush, markSent } = useAutosave({ person, address }, { save: (d) => change.mutate(toRequest(d)) });

  const saved = useSavedAddresses();
  const use = (s: SavedAddress) => {
    const d = { person: { ...person, ...nonEmpty(s.person) }, address: s.address };
    setPerson(d.person);
    setAddress(d.address);
    markSent(d);
    change.mutate(toRequest(d));
  };
  // Once: a member whose checkout has no street yet gets the saved address that fits what they estimated.
  const offered = useRef(false);
  const offerSavedAddress = useEffectEvent(() => {
    if (offered.current || !saved.length) return;
    offered.current = true;
    if (address.addressLine?.trim()) return;
    const fit = saved.find((s) => !address.country || s.address.country === address.country);
    if (fit) use(fit);
  });
  useEffect(() => offerSavedAddress(), [saved.length]);

  const current = saved.find((s) => sameAddress(s.address, address))?.key ?? NEW;
  return (
    <Section title="Shipping address" onLeave={flush} error={change.error}>
      {saved.length > 0 && (
        <SelectField
          id="ship-saved"
          label="Saved addresses"
          value={current}
          onChange={(e) => {
            const s = saved.find((x) => x.key === e.target.value);
            if (s) use(s);
            else setAddress({ ...(address.country ? { country: address.country } : {}) });
          }}
        >
          {saved.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
          <option value={NEW}>A new address</option>
        </SelectField>
      )}
      <AddressFields prefix="ship" person={person} setPerson={setPerson} address={address} setAddress={setAddress} />
    </Section>
  );
}

/** A saved address's name and phone fill only what it has: a name typed on the page is not wiped by an empty one. */
const nonEmpty = (p: Person): Partial<Person> =>
  Object.fromEntries(Object.entries<string>({ ...p }).filter(([, v]) => v.trim()));
