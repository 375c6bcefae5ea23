import { Type, type Static } from 'typebox';
import { DateString, StringEnum, Timestamps } from '../common/schema.js';
import { ADDRESS_TAGS, EMAIL_TAGS, PHONE_TAGS } from './tags.js';
import { EMAIL_MAX_LENGTH } from '../common/patterns.js';
import { CountryCode } from '../common/geo.js';
import { IDENTITY_LIMITS, PHONE_PATTERN } from './limits.js';
export { ADDRESS_TAGS, EMAIL_TAGS, PHONE_TAGS };

export const CUSTOM_FIELD_TYPES = ['TEXT', 'NUMBER', 'DATE', 'URL', 'SOCIAL'] as const;
export const SOCIAL_CHANNELS = [
  'FACEBOOK',
  'INSTAGRAM',
  'LINKEDIN',
  'TWITTER',
  'YOUTUBE',
  'PINTEREST',
  'TIKTOK',
  'OTHER',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export type SocialChannel = (typeof SOCIAL_CHANNELS)[number];

export const IDENTITY_STATUSES = ['PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];
/** Why an identity is PENDING; both can hold at once. */
export const PENDING_REASONS = ['EMAIL_VERIFICATION_REQUIRED', 'ADMIN_APPROVAL_REQUIRED'] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];

const Text = (maxLength: number) => Type.String({ maxLength });

export const ProfileEmail = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH }), tag: Type.Optional(StringEnum(EMAIL_TAGS)) },
  { additionalProperties: false },
);

export const ProfilePhone = Type.Object(
  {
    /** ISO 3166-1 alpha-2, such as US. */
    countryCode: Type.Optional(CountryCode),
    phone: Type.String({ minLength: 3, maxLength: IDENTITY_LIMITS.phone, pattern: PHONE_PATTERN }),
    tag: Type.Optional(StringEnum(PHONE_TAGS)),
  },
  { additionalProperties: false },
);

export const PostalAddress = Type.Object(
  {
    /** ISO 3166-1 alpha-2. */
    country: Type.Optional(CountryCode),
    /** ISO 3166-2 subdivision, such as US-NY. */
    subdivision: Type.Optional(Text(IDENTITY_LIMITS.subdivision)),
    city: Type.Optional(Text(IDENTITY_LIMITS.city)),
    postalCode: Type.Optional(Text(IDENTITY_LIMITS.postalCode)),
    addressLine: Type.Optional(Text(IDENTITY_LIMITS.addressLine)),
    addressLine2: Type.Optional(Text(IDENTITY_LIMITS.addressLine)),
  },
  { additionalProperties: false },
);

export const ProfileAddress = Type.Object(
  { address: PostalAddress, tag: Type.Optional(StringEnum(ADDRESS_TAGS)) },
  { additionalProperties: false },
);

/** A custom field's value: exactly one of the three. URL and SOCIAL fields hold their URL in `strValue`. */
export const CustomFieldValue = Type.Object(
  {
    strValue: Type.Optional(Text(2000)),
    numValue: Type.Optional(Type.Number()),
    dateValue: Type.Optional(DateString),
  },
  { additionalProperties: false, minProperties: 1, maxProperties: 1 },
);

/**
 * A custom field. `type` is inferred from the value when left out (TEXT, NUMBER or DATE); SOCIAL needs
 * `socialType`.
 */
export const CustomField = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    type: Type.Optional(StringEnum(CUSTOM_FIELD_TYPES)),
    socialType: Type.Optional(StringEnum(SOCIAL_CHANNELS)),
    value: CustomFieldValue,
  },
  { additionalProperties: false },
);

/** The spec's identityProfile; every field optional. */
export const IdentityProfile = Type.Object(
  {
    firstName: Type.Optional(Text(100)),
    lastName: Type.Optional(Text(100)),
    nickname: Type.Optional(Text(100)),
    /** Picture URL. */
    picture: Type.Optional(Text(2000)),
    emails: Type.Optional(Type.Array(ProfileEmail, { maxItems: 10 })),
    phones: Type.Optional(Type.Array(ProfilePhone, { maxItems: 10 })),
    addresses: Type.Optional(Type.Array(ProfileAddress, { maxItems: 10 })),
    customFields: Type.Optional(Type.Array(CustomField, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type IdentityProfile = Static<typeof IdentityProfile>;

/** An identity as the API returns it, shaped like the hosted platform's public REST API. */
export const Identity = Type.Object({
  id: Type.String({ format: 'uuid' }),
  /** Increases with every change; a string, as the hosted platform sends int64 values. */
  revision: Type.String(),
  ...Timestamps,
  lastLoginDate: Type.Optional(DateString),
  email: Type.Object({ address: Type.String(), isVerified: Type.Boolean() }),
  status: Type.Object({
    name: StringEnum(IDENTITY_STATUSES),
    reasons: Type.Array(StringEnum(PENDING_REASONS)),
  }),
  identityProfile: IdentityProfile,
});
export type Identity = Static<typeof Identity>;

/** `loginId` of register, login and sign-on: the e-mail address. */
export const LoginId = Type.Object(
  // The format is checked by the service, so a bad address is one FORMAT violation with data `{ type: 'EMAIL' }`.
  { email: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);
export type LoginId = Static<typeof LoginId>;
