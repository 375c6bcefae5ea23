import { Type, type Static } from 'typebox';
import { MaskedBody } from '../common/bodies.js';
import { StringEnum, Timestamps } from '../common/schema.js';
import { CURRENCY_PATTERN, LOCALE_PATTERN, SITE_LIMITS } from './limits.js';

export const CAPTCHA_MODES = ['NEVER', 'AFTER_FAILURES', 'ALWAYS'] as const;

/** How people sign in to this site. The sign-in issue reads these; the owner edits them in the dashboard. */
export const SignInPolicy = Type.Object(
  {
    emailVerificationRequired: Type.Boolean(),
    ownerApprovalRequired: Type.Boolean(),
    captchaMode: StringEnum(CAPTCHA_MODES),
    /** With captchaMode AFTER_FAILURES: failed logins from one address before a captcha is asked for. */
    captchaAfterFailures: Type.Integer({ minimum: 1, maximum: 100 }),
  },
  { additionalProperties: false },
);
export type SignInPolicy = Static<typeof SignInPolicy>;

export const REVIEW_MODERATION_MODES = ['MANUAL', 'AUTO_APPROVE'] as const;
export type ReviewModerationMode = (typeof REVIEW_MODERATION_MODES)[number];

/** Members and reviews: new members' privacy, and whether new and changed reviews wait for the owner. */
export const CommunityPolicy = Type.Object(
  {
    defaultPrivacyStatus: StringEnum(['PUBLIC', 'PRIVATE'] as const),
    reviewModeration: StringEnum(REVIEW_MODERATION_MODES),
  },
  { additionalProperties: false },
);
export type CommunityPolicy = Static<typeof CommunityPolicy>;

export const Site = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: SITE_LIMITS.name }),
    /** ISO 4217 code, upper case. */
    currency: Type.String({ pattern: CURRENCY_PATTERN }),
    /** BCP 47 tag, such as en-US. */
    locale: Type.String({ pattern: LOCALE_PATTERN, maxLength: SITE_LIMITS.locale }),
    /** IANA time zone, such as Europe/Berlin. */
    timeZone: Type.String({ minLength: 1, maxLength: SITE_LIMITS.timeZone }),
    signInPolicy: SignInPolicy,
    communityPolicy: CommunityPolicy,
    ...Timestamps,
  },
  { additionalProperties: false },
);
export type Site = Static<typeof Site>;

export const GetSiteResponse = Type.Object({ site: Site });
export type GetSiteResponse = Static<typeof GetSiteResponse>;

/** The writable part of a site: every field optional, only those named by the field mask change. */
export const SitePatch = Type.Object(
  {
    name: Type.Optional(Site.properties.name),
    currency: Type.Optional(Site.properties.currency),
    locale: Type.Optional(Site.properties.locale),
    timeZone: Type.Optional(Site.properties.timeZone),
    signInPolicy: Type.Optional(Type.Partial(SignInPolicy, { additionalProperties: false })),
    communityPolicy: Type.Optional(Type.Partial(CommunityPolicy, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type SitePatch = Static<typeof SitePatch>;

export const UpdateSiteRequest = MaskedBody('site', SitePatch);
export type UpdateSiteRequest = Static<typeof UpdateSiteRequest>;

/** Field-mask paths PATCH /site/v1/site accepts. */
export const SITE_MASK_PATHS = [
  'name',
  'currency',
  'locale',
  'timeZone',
  'signInPolicy.emailVerificationRequired',
  'signInPolicy.ownerApprovalRequired',
  'signInPolicy.captchaMode',
  'signInPolicy.captchaAfterFailures',
  'communityPolicy.defaultPrivacyStatus',
  'communityPolicy.reviewModeration',
] as const;
