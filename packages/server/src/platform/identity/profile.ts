import type { FieldViolation, Identity, IdentityProfile, IdentityStatus, PendingReason } from '@plaza/contracts';
import { EMAIL_PATTERN } from '@plaza/contracts/constants';
import { AppError } from '../../kernel/errors.js';
import type { identities } from './tables.js';

export type IdentityRow = typeof identities.$inferSelect;

export function toIdentity(r: IdentityRow): Identity {
  return {
    id: r.id,
    revision: String(r.revision),
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
    ...(r.lastLoginDate ? { lastLoginDate: r.lastLoginDate.toISOString() } : {}),
    email: { address: r.email, isVerified: r.emailVerified },
    status: {
      name: r.status as IdentityStatus,
      reasons: r.status === 'PENDING' ? (r.statusReasons as PendingReason[]) : [],
    },
    identityProfile: r.profile,
  };
}

// The web app checks addresses with the same pattern (contracts' constants).
const EMAIL = new RegExp(EMAIL_PATTERN);

/**
 * Trims and lower-cases an e-mail address, or throws a FORMAT violation whose data says `type: 'EMAIL'`, which the
 * SDK maps to `invalidEmail` (SPEC.md §8).
 */
export function normalizeEmail(raw: string, field = 'loginId.email'): string {
  const email = raw.trim().toLowerCase();
  if (EMAIL.test(email)) return email;
  const description = `${field} must be an e-mail address such as name@example.com`;
  throw new AppError('VALIDATION', description, {
    violations: [{ field, violatedRule: 'FORMAT', description, data: { type: 'EMAIL' } }],
  });
}

const isHttpUrl = (s: string) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol);

/**
 * Fills default tags, infers custom field types from their values and checks what the schema can't: a field's
 * type matches its value, URL and SOCIAL fields hold http(s) URLs, SOCIAL names its channel. All violations at once.
 */
export function normalizeProfile(input: IdentityProfile, prefix = 'profile'): IdentityProfile {
  const violations: FieldViolation[] = [];
  const bad = (field: string, violatedRule: FieldViolation['violatedRule'], description: string) =>
    violations.push({ field: `${prefix}.${field}`, violatedRule, description: `${prefix}.${field} ${description}` });

  if (input.picture !== undefined && !isHttpUrl(input.picture)) bad('picture', 'FORMAT', 'must be an http(s) URL');
  input.emails?.forEach((e, i) => {
    if (!EMAIL.test(e.email.trim().toLowerCase())) bad(`emails[${i}].email`, 'FORMAT', 'must be an e-mail address');
  });
  const customFields = (input.customFields ?? []).map((f, i) => {
    const v = f.value;
    const inferred = v.numValue !== undefined ? 'NUMBER' : v.dateValue !== undefined ? 'DATE' : 'TEXT';
    const type = f.type ?? inferred;
    const wants = type === 'NUMBER' ? 'numValue' : type === 'DATE' ? 'dateValue' : 'strValue';
    if (v[wants] === undefined)
      bad(`customFields[${i}].value`, 'ONE_OF_ALIGNMENT', `of a ${type} field needs ${wants}`);
    else if ((type === 'URL' || type === 'SOCIAL') && !isHttpUrl(v.strValue!)) {
      bad(`customFields[${i}].value.strValue`, 'FORMAT', 'must be an http(s) URL');
    }
    if (type === 'SOCIAL' && !f.socialType) bad(`customFields[${i}].socialType`, 'REQUIRED_FIELD', 'is required');
    if (type !== 'SOCIAL' && f.socialType) bad(`customFields[${i}].socialType`, 'FIELD_NOT_ALLOWED', 'is for SOCIAL');
    return { ...f, type };
  });
  if (violations.length) throw new AppError('VALIDATION', violations[0]!.description, { violations });

  const out: IdentityProfile = { ...input };
  if (input.emails) out.emails = input.emails.map((e) => ({ email: e.email.trim(), tag: e.tag ?? 'UNTAGGED' }));
  if (input.phones) out.phones = input.phones.map((p) => ({ ...p, tag: p.tag ?? 'UNTAGGED' }));
  if (input.addresses) out.addresses = input.addresses.map((a) => ({ ...a, tag: a.tag ?? 'UNTAGGED' }));
  if (input.customFields) out.customFields = customFields;
  return out;
}

/** The status an identity has once `reasons` are what keeps it pending: ACTIVE when none remain. */
export function statusAfter(current: string, reasons: string[]): { status: string; statusReasons: string[] } {
  if (current !== 'PENDING' && current !== 'ACTIVE') return { status: current, statusReasons: reasons };
  return { status: reasons.length ? 'PENDING' : 'ACTIVE', statusReasons: reasons };
}
