import type { ChangeEvent } from 'react';
import type { Address } from '@plaza/contracts';
import { inputClass } from './Field.js';
import { RegionFields } from './RegionFields.js';

/** A person's name and address, as the checkout and the dashboard's order page ask for them. */

/** A labelled text input (the checkout's fields). */
export function Input({ label, ...props }: { label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="block text-sm font-medium text-neutral-800">
      {label}
      <input className={`${inputClass} mt-1`} {...props} />
    </label>
  );
}

export interface Person {
  firstName: string;
  lastName: string;
  phone: string;
}

/**
 * Name, street, city and region; `region` keeps the rest of the address (country, state, postal code). Inputs have ids
 * `{prefix}-first-name`, `-last-name`, `-address`, `-city`, `-country`, `-state` (the checkout moves focus to them).
 */
export function AddressFields({
  prefix,
  person,
  setPerson,
  address,
  setAddress,
}: {
  prefix: string;
  person: Person;
  setPerson: (p: Person) => void;
  address: Address;
  setAddress: (a: Address) => void;
}) {
  // Each input shows one part of the person or the address and changes only that part.
  const personPart = (key: 'firstName' | 'lastName') => ({
    value: person[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setPerson({ ...person, [key]: e.target.value }),
  });
  const addressPart = (key: 'addressLine' | 'city') => ({
    value: address[key] ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement>) => setAddress({ ...address, [key]: e.target.value }),
  });
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Input id={`${prefix}-first-name`} label="First name" autoComplete="given-name" {...personPart('firstName')} />
        <Input id={`${prefix}-last-name`} label="Last name" autoComplete="family-name" {...personPart('lastName')} />
      </div>
      <Input id={`${prefix}-address`} label="Address" autoComplete="address-line1" {...addressPart('addressLine')} />
      <Input id={`${prefix}-city`} label="City" autoComplete="address-level2" {...addressPart('city')} />
      <div className="grid gap-3 sm:grid-cols-3">
        <RegionFields idPrefix={prefix} value={address} onChange={setAddress} />
      </div>
    </>
  );
}

export const personOf = (c?: { firstName?: string; lastName?: string; phone?: string }): Person => ({
  firstName: c?.firstName ?? '',
  lastName: c?.lastName ?? '',
  phone: c?.phone ?? '',
});
export const contactOf = (p: Person) =>
  Object.fromEntries(
    Object.entries<string>({ ...p })
      .filter(([, v]) => v.trim())
      .map(([k, v]) => [k, v.trim()]),
  );
export const cleanAddress = (a: Address): Address =>
  Object.fromEntries(Object.entries(a).filter(([, v]) => v !== '' && v !== undefined));
