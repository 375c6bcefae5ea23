import { describe, expect, it } from 'vitest';
import type { Member } from '@plaza/contracts';
import { contactOf, validateContact, newAddress, newEmail, newPhone } from './contactForm.js';
import { profileDraftOf, profilePatch, slugify, validateProfile, validateSlug } from './profileForm.js';

const member: Member = {
  id: '0190a1b2-0000-7000-8000-000000000001',
  slug: 'ada',
  privacyStatus: 'PUBLIC',
  profile: { nickname: 'Ada', title: 'Maker', photo: { url: 'https://img.example/ada.png' } },
  contact: { firstName: 'Ada', lastName: 'Lovelace' },
};

describe('profile form', () => {
  it('needs a nickname, bounds every field and takes only http(s) photo links', () => {
    const ok = profileDraftOf(member);
    expect(validateProfile(ok)).toEqual({});
    expect(validateProfile({ ...ok, nickname: '  ' }).nickname).toMatch(/nickname/i);
    expect(validateProfile({ ...ok, title: 't'.repeat(151) }).title).toBe(
      'Title can be at most 150 characters (now 151).',
    );
    expect(validateProfile({ ...ok, lastName: 'l'.repeat(101) }).lastName).toBe(
      'Last name can be at most 100 characters (now 101).',
    );
    expect(validateProfile({ ...ok, photoUrl: 'javascript:alert(1)' }).photoUrl).toMatch(/https/);
    expect(validateProfile({ ...ok, photoUrl: 'not a url' }).photoUrl).toBeDefined();
    expect(validateProfile({ ...ok, photoUrl: '' })).toEqual({});
  });

  it('patches only what changed; an emptied field is in the mask without a value (cleared)', () => {
    const before = profileDraftOf(member);
    expect(profilePatch(before, before)).toEqual({ member: {}, fieldMask: [] });
    expect(profilePatch(before, { ...before, nickname: ' Ada L. ', photoUrl: '' })).toEqual({
      member: { profile: { nickname: 'Ada L.' } },
      fieldMask: ['profile.nickname', 'profile.photo'],
    });
    expect(profilePatch(before, { ...before, firstName: 'Augusta' })).toEqual({
      member: { contact: { firstName: 'Augusta' } },
      fieldMask: ['contact.firstName'],
    });
  });

  it('checks the profile address against the slug rule and suggests a valid one', () => {
    expect(validateSlug('ada-lovelace')).toBeUndefined();
    expect(validateSlug('')).toBeDefined();
    for (const bad of ['Ada', 'ada lovelace', '-ada', 'ada--l', 'ada_l']) expect(validateSlug(bad)).toBeDefined();
    expect(validateSlug('a'.repeat(101))).toBe('Profile address can be at most 100 characters (now 101).');
    expect(slugify('  Ana María_Núñez ')).toBe('ana-maria-nunez');
  });
});

describe('contact details form', () => {
  it('accepts well-formed rows and names the field of each problem', () => {
    const good = {
      emails: [{ email: 'ada@example.com', tag: 'WORK' as const }],
      phones: [{ phone: '+44 20 7946 0958', countryCode: 'gb', tag: 'MOBILE' as const }],
      addresses: [{ ...newAddress(), addressLine: '1 Main St', city: 'London', country: 'gb' }],
    };
    expect(validateContact(good)).toEqual({});
    const errors = validateContact({
      emails: [newEmail(), { email: 'nope', tag: 'MAIN' }],
      phones: [{ ...newPhone(), phone: 'call me', countryCode: 'GBR' }],
      addresses: [newAddress()],
    });
    expect(Object.keys(errors).sort()).toEqual([
      'addresses.0.addressLine',
      'emails.0.email',
      'emails.1.email',
      'phones.0.countryCode',
      'phones.0.phone',
    ]);
  });

  it('sends the contract shape: trimmed, upper-case countries, no empty fields, no UNTAGGED tag', () => {
    expect(
      contactOf({
        emails: [{ email: ' ada@example.com ', tag: 'UNTAGGED' }],
        phones: [{ phone: '123 456', countryCode: 'us', tag: 'HOME' }],
        addresses: [{ ...newAddress(), city: 'Paris', country: 'fr', tag: 'SHIPPING' }],
      }),
    ).toEqual({
      emails: [{ email: 'ada@example.com' }],
      phones: [{ phone: '123 456', countryCode: 'US', tag: 'HOME' }],
      addresses: [{ address: { city: 'Paris', country: 'FR' }, tag: 'SHIPPING' }],
    });
  });
});
