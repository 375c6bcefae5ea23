import type { Member, MemberInput } from '@plaza/contracts';
import { isWebAddress } from '../../storefront/reviews/reviewDraft.js';

/** The profile card's fields, as typed. */
export interface ProfileDraft {
  nickname: string;
  title: string;
  photoUrl: string;
  firstName: string;
  lastName: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileDraft, string>>;

/** Limits of the member contract (MemberProfile, MemberContact), checked before sending. */
export const PROFILE_LIMITS = { nickname: 100, title: 150, photoUrl: 2000, firstName: 100, lastName: 100 } as const;

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
  const errors: ProfileErrors = {};
  if (!draft.nickname.trim()) errors.nickname = 'Enter a nickname: it is the name others see.';
  for (const key of Object.keys(PROFILE_LIMITS) as Array<keyof ProfileDraft>) {
    if (draft[key].trim().length > PROFILE_LIMITS[key]) errors[key] ??= `At most ${PROFILE_LIMITS[key]} characters.`;
  }
  const url = draft.photoUrl.trim();
  if (url && !isWebAddress(url)) errors.photoUrl = 'Enter a web address starting with https:// (or http://).';
  return errors;
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

/** The address rule of the Slug contract: lowercase letters and digits, joined by single dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function validateSlug(slug: string): string | undefined {
  if (!slug) return 'Enter an address.';
  if (slug.length > 100) return 'At most 100 characters.';
  if (!SLUG_PATTERN.test(slug)) return 'Use lowercase letters and digits, with single dashes between words.';
  return undefined;
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
