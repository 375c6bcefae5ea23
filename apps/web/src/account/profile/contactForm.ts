import type { MemberContact } from '@plaza/contracts';
import {
  ADDRESS_TAGS,
  COUNTRY_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  EMAIL_TAGS,
  IDENTITY_LIMITS,
  PHONE_PATTERN,
  PHONE_TAGS,
} from '@plaza/contracts/constants';
import { validateField, type FieldRule, type FormRules } from '../../ui/formRules.js';

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

/** The member contract's rules for one row's fields (ProfileEmail, ProfilePhone, PostalAddress). */
export const contactRules = {
  email: {
    label: 'E-mail',
    required: true,
    maxLength: EMAIL_MAX_LENGTH,
    pattern: EMAIL_PATTERN,
    requiredMessage: 'Enter an e-mail address, or remove this row.',
    formatHint: 'This is not an e-mail address.',
  },
  phone: {
    label: 'Phone',
    required: true,
    minLength: 3,
    maxLength: IDENTITY_LIMITS.phone,
    pattern: PHONE_PATTERN,
    requiredMessage: 'Enter a phone number, or remove this row.',
    formatHint: 'Use digits, spaces and + ( ) - . only.',
  },
  country: { label: 'Country', pattern: COUNTRY_PATTERN, formatHint: 'Two letters, such as US.' },
  addressLine: { label: 'Street and number', maxLength: IDENTITY_LIMITS.addressLine },
  addressLine2: { label: 'Apartment, suite', maxLength: IDENTITY_LIMITS.addressLine },
  city: { label: 'City', maxLength: IDENTITY_LIMITS.city },
  postalCode: { label: 'Postal code', maxLength: IDENTITY_LIMITS.postalCode },
  subdivision: { label: 'Region', maxLength: IDENTITY_LIMITS.subdivision },
} satisfies FormRules;

export function validateContact(draft: ContactDraft): ContactErrors {
  const errors: ContactErrors = {};
  const check = (key: string, rule: FieldRule, value: string) => {
    const problem = validateField(rule, value.trim());
    if (problem) errors[key] ??= problem;
  };
  draft.emails.forEach((row, i) => check(`emails.${i}.email`, contactRules.email, row.email.toLowerCase()));
  draft.phones.forEach((row, i) => {
    check(`phones.${i}.phone`, contactRules.phone, row.phone);
    check(`phones.${i}.countryCode`, contactRules.country, row.countryCode.toUpperCase());
  });
  draft.addresses.forEach((row, i) => {
    const { tag: _tag, ...fields } = row;
    if (Object.values(fields).every((v) => !v.trim())) {
      errors[`addresses.${i}.addressLine`] = 'Fill in the address, or remove this row.';
    }
    check(`addresses.${i}.country`, contactRules.country, row.country.toUpperCase());
    for (const k of ['addressLine', 'addressLine2', 'city', 'postalCode', 'subdivision'] as const) {
      check(`addresses.${i}.${k}`, contactRules[k], row[k]);
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
