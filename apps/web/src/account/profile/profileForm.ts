import type { Member, MemberInput } from '@plaza/contracts';
import { MEMBER_LIMITS, SLUG_PATTERN } from '@plaza/contracts/constants';
import { isWebAddress } from '../../storefront/reviews/reviewDraft.js';
import { validateField, validateForm, type FieldRule, type FormRules } from '../../ui/formRules.js';

/** The profile card's fields, as typed. */
export interface ProfileDraft {
  nickname: string;
  title: string;
  photoUrl: string;
  firstName: string;
  lastName: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileDraft, string>>;

const PHOTO_HINT = 'Enter a web address starting with https:// (or http://).';

/** The profile card's fields with the member contract's limits (MemberProfile, MemberContact). */
export const profileRules: FormRules<keyof ProfileDraft> = {
  nickname: {
    label: 'Nickname',
    required: true,
    maxLength: MEMBER_LIMITS.nickname,
    requiredMessage: 'Enter a nickname: it is the name others see.',
  },
  title: { label: 'Title', maxLength: MEMBER_LIMITS.title },
  photoUrl: { label: 'Photo URL', maxLength: MEMBER_LIMITS.imageUrl, valid: isWebAddress, formatHint: PHOTO_HINT },
  firstName: { label: 'First name', maxLength: MEMBER_LIMITS.firstName },
  lastName: { label: 'Last name', maxLength: MEMBER_LIMITS.lastName },
};

/** Server paths of the profile PATCH to the card's fields. */
export const PROFILE_FIELD_OF: Record<string, keyof ProfileDraft> = {
  'profile.nickname': 'nickname',
  'profile.title': 'title',
  'profile.photo': 'photoUrl',
  'profile.photo.url': 'photoUrl',
  'contact.firstName': 'firstName',
  'contact.lastName': 'lastName',
};

/** What is checked is what is sent: trimmed (a nickname of spaces is no nickname). */
export const profileValuesOf = (draft: ProfileDraft): ProfileDraft => ({
  nickname: draft.nickname.trim(),
  title: draft.title.trim(),
  photoUrl: draft.photoUrl.trim(),
  firstName: draft.firstName.trim(),
  lastName: draft.lastName.trim(),
});

export function profileDraftOf(member: Member): ProfileDraft {
  return {
    nickname: member.profile.nickname ?? '',
    title: member.profile.title ?? '',
    photoUrl: member.profile.photo?.url ?? '',
    firstName: member.contact?.firstName ?? '',
    lastName: member.contact?.lastName ?? '',
  };
}

export function validateProfile(draft: ProfileDraft): ProfileErrors {
  return validateForm(profileRules, profileValuesOf(draft));
}

const PATHS: Record<keyof ProfileDraft, string> = {
  nickname: 'profile.nickname',
  title: 'profile.title',
  photoUrl: 'profile.photo',
  firstName: 'contact.firstName',
  lastName: 'contact.lastName',
};

/**
 * The PATCH for what changed: the member fields and the field mask naming only them. A field emptied is in the
 * mask without a value, which clears it.
 */
export function profilePatch(before: ProfileDraft, after: ProfileDraft): { member: MemberInput; fieldMask: string[] } {
  const changed = (Object.keys(PATHS) as Array<keyof ProfileDraft>).filter((k) => before[k].trim() !== after[k].trim());
  const v = (k: keyof ProfileDraft) => after[k].trim() || undefined;
  const profile: NonNullable<MemberInput['profile']> = {};
  const contact: NonNullable<MemberInput['contact']> = {};
  for (const k of changed) {
    const value = v(k);
    if (value === undefined) continue;
    if (k === 'nickname') profile.nickname = value;
    if (k === 'title') profile.title = value;
    if (k === 'photoUrl') profile.photo = { url: value };
    if (k === 'firstName') contact.firstName = value;
    if (k === 'lastName') contact.lastName = value;
  }
  return {
    member: {
      ...(Object.keys(profile).length ? { profile } : {}),
      ...(Object.keys(contact).length ? { contact } : {}),
    },
    fieldMask: changed.map((k) => PATHS[k]),
  };
}

/** The profile address (slug) with the Slug contract's rule. */
export const slugRule: FieldRule = {
  label: 'Profile address',
  required: true,
  maxLength: MEMBER_LIMITS.slug,
  pattern: SLUG_PATTERN,
  requiredMessage: 'Enter an address.',
  formatHint: 'Use lowercase letters and digits, with single dashes between words.',
};

export function validateSlug(slug: string): string | undefined {
  return validateField(slugRule, slug);
}

/** Turns what was typed into a likely slug ("Ana María" → "ana-maria"), so a small slip is not an error. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
