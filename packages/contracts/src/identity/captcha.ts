import { Type, type Static } from 'typebox';
import { StringEnum } from '../common/schema.js';
import { CAPTCHA_MODES } from '../site/site.js';

/**
 * Public identifiers of the two ALTCHA variants. Stable across sites: ALTCHA needs no third-party account, so a
 * site key only says which widget (visible or invisible) a proof came from.
 */
export const CAPTCHA_VISIBLE_SITE_KEY = 'plaza-altcha-visible';
export const CAPTCHA_INVISIBLE_SITE_KEY = 'plaza-altcha-invisible';

/** GET /identity/v1/captcha/settings: what the SDK and the widgets need. */
export const CaptchaSettings = Type.Object({
  captchaMode: StringEnum(CAPTCHA_MODES),
  captchaAfterFailures: Type.Integer(),
  captchaVisibleSiteKey: Type.String(),
  captchaInvisibleSiteKey: Type.String(),
  /** Where the widgets fetch a challenge, relative to the API: add `?siteKey=<key>`. */
  challengePath: Type.String(),
});
export type CaptchaSettings = Static<typeof CaptchaSettings>;

export const CaptchaChallengeQuery = Type.Object(
  { siteKey: Type.Optional(StringEnum([CAPTCHA_VISIBLE_SITE_KEY, CAPTCHA_INVISIBLE_SITE_KEY] as const)) },
  { additionalProperties: false },
);
export type CaptchaChallengeQuery = Static<typeof CaptchaChallengeQuery>;

/** An ALTCHA (v2 protocol) challenge, as the `altcha` widget 3.x fetches it. */
export const CaptchaChallenge = Type.Object({
  parameters: Type.Object({
    algorithm: Type.String(),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer(),
    keyLength: Type.Integer(),
    keyPrefix: Type.String(),
    keySignature: Type.Optional(Type.String()),
    expiresAt: Type.Optional(Type.Integer()),
    data: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]))),
  }),
  signature: Type.String(),
});
export type CaptchaChallenge = Static<typeof CaptchaChallenge>;
