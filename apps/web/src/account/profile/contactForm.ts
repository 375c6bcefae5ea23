import type { MemberContact } from '@plaza/contracts';
import { ADDRESS_TAGS, EMAIL_TAGS, PHONE_TAGS } from '@plaza/contracts/constants';

export type EmailTag = (typeof EMAIL_TAGS)[number];
export type PhoneTag = (typeof PHONE_TAGS)[number];
export type AddressTag = (typeof ADDRESS_TAGS)[number];
export { ADDRESS_TAGS, EMAIL_TAGS, PHONE_TAGS };

export interface EmailRow {
  email: string;
  tag: EmailTag;
}
export interface PhoneRow {
  phone: string;
  countryCode: string;
  tag: PhoneTag;
}
export interface AddressRow {
  addressLine: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  subdivision: string;
  country: string;
  tag: AddressTag;
}
export interface ContactDraft {
  emails: EmailRow[];
  phones: PhoneRow[];
  addresses: AddressRow[];
}

/** Errors by row and field: `emails.0.email` → "Enter an e-mail address". */
export type ContactErrors = Record<string, string>;

/** The member contract allows ten of each. */
export const MAX_ROWS = 10;

export const newEmail = (): EmailRow => ({ email: '', tag: 'UNTAGGED' });
export const newPhone = (): PhoneRow => ({ phone: '', countryCode: '', tag: 'UNTAGGED' });
export const newAddress = (): AddressRow => ({
  addressLine: '',
  addressLine2: '',
  city: '',
  postalCode: '',
  subdivision: '',
  country: '',
  tag: 'UNTAGGED',
});

export function contactDraftOf(contact: MemberContact | undefined): ContactDraft {
  return {
    emails: (contact?.emails ?? []).map((e) => ({ email: e.email, tag: e.tag ?? 'UNTAGGED' })),
    phones: (contact?.phones ?? []).map((p) => ({
      phone: p.phone,
      countryCode: p.countryCode ?? '',
      tag: p.tag ?? 'UNTAGGED',
    })),
    addresses: (contact?.addresses ?? []).map((a) => ({
      addressLine: a.address.addressLine ?? '',
      addressLine2: a.address.addressLine2 ?? '',
      city: a.address.city ?? '',
      postalCode: a.address.postalCode ?? '',
      subdivision: a.address.subdivision ?? '',
      country: a.address.country ?? '',
      tag: a.tag ?? 'UNTAGGED',
    })),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+()\-. ]+$/;
const COUNTRY = /^[A-Z]{2}$/;

export function validateContact(draft: ContactDraft): ContactErrors {
  const errors: ContactErrors = {};
  draft.emails.forEach((row, i) => {
    const email = row.email.trim();
    if (!email) errors[`emails.${i}.email`] = 'Enter an e-mail address, or remove this row.';
    else if (!EMAIL.test(email) || email.length > 254) errors[`emails.${i}.email`] = 'This is not an e-mail address.';
  });
  draft.phones.forEach((row, i) => {
    const phone = row.phone.trim();
    if (!phone) errors[`phones.${i}.phone`] = 'Enter a phone number, or remove this row.';
    else if (!PHONE.test(phone) || phone.length < 3 || phone.length > 30) {
      errors[`phones.${i}.phone`] = 'Use digits, spaces and + ( ) - . only.';
    }
    if (row.countryCode.trim() && !COUNTRY.test(row.countryCode.trim().toUpperCase())) {
      errors[`phones.${i}.countryCode`] = 'Two letters, such as US.';
    }
  });
  draft.addresses.forEach((row, i) => {
    const { tag: _tag, ...fields } = row;
    if (Object.values(fields).every((v) => !v.trim())) {
      errors[`addresses.${i}.addressLine`] = 'Fill in the address, or remove this row.';
    }
    if (row.country.trim() && !COUNTRY.test(row.country.trim().toUpperCase())) {
      errors[`addresses.${i}.country`] = 'Two letters, such as US.';
    }
    const limits = { addressLine: 200, addressLine2: 200, city: 100, postalCode: 20, subdivision: 10 } as const;
    for (const [k, max] of Object.entries(limits)) {
      if (row[k as keyof typeof limits].trim().length > max)
        errors[`addresses.${i}.${k}`] = `At most ${max} characters.`;
    }
  });
  return errors;
}

const opt = (v: string) => v.trim() || undefined;
const tagOf = <T extends string>(tag: T) => (tag === 'UNTAGGED' ? {} : { tag });

/** The contact lists as the member contract wants them (empty fields left out, country codes upper-cased). */
export function contactOf(draft: ContactDraft): Pick<MemberContact, 'emails' | 'phones' | 'addresses'> {
  return {
    emails: draft.emails.map((r) => ({ email: r.email.trim(), ...tagOf(r.tag) })),
    phones: draft.phones.map((r) => {
      const countryCode = opt(r.countryCode.toUpperCase());
      return { phone: r.phone.trim(), ...(countryCode ? { countryCode } : {}), ...tagOf(r.tag) };
    }),
    addresses: draft.addresses.map((r) => {
      const address = Object.fromEntries(
        (['addressLine', 'addressLine2', 'city', 'postalCode', 'subdivision', 'country'] as const)
          .map((k) => [k, k === 'country' ? opt(r[k].toUpperCase()) : opt(r[k])] as const)
          .filter(([, v]) => v !== undefined),
      );
      return { address, ...tagOf(r.tag) };
    }),
  };
}

/** Words for a tag in a select. */
export const tagLabel = (tag: string) => (tag === 'UNTAGGED' ? 'No label' : tag[0] + tag.slice(1).toLowerCase());
