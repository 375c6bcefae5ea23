import { Type, type Static } from 'typebox';
import { StringEnum } from '../common/schema.js';

export const RESPONSE_MODES = ['fragment', 'web_message', 'query'] as const;
export const PROMPTS = ['login', 'none', 'consent', 'select_account'] as const;

export const HttpUrl = Type.String({ minLength: 1, maxLength: 2048, pattern: '^https?://' });

/** The OAuth request a visitor wants to continue at `fullUrl` (spec §7, redirect session for an auth request). */
export const AuthRequest = Type.Object(
  {
    /** Optional only with `responseMode: web_message`: the answer is then posted to the client's allowed origins. */
    redirectUri: Type.Optional(HttpUrl),
    clientId: Type.String({ minLength: 1, maxLength: 100 }),
    codeChallenge: Type.String({ minLength: 43, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
    codeChallengeMethod: StringEnum(['S256']),
    responseMode: Type.Optional(StringEnum(RESPONSE_MODES)),
    responseType: StringEnum(['code']),
    scope: Type.Optional(Type.String({ maxLength: 200 })),
    state: Type.String({ minLength: 1, maxLength: 500 }),
    nonce: Type.Optional(Type.String({ maxLength: 200 })),
    sessionToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type AuthRequest = Static<typeof AuthRequest>;

/** Where to return after a login or logout flow. */
export const Callbacks = Type.Object(
  {
    postFlowUrl: Type.Optional(HttpUrl),
    loginUrl: Type.Optional(HttpUrl),
    thankYouPageUrl: Type.Optional(HttpUrl),
    cartPageUrl: Type.Optional(HttpUrl),
  },
  { additionalProperties: false },
);

const Target = Type.Record(Type.String(), Type.Unknown());

/** The hosted checkout page of one checkout (the caller must own it, or be an `ecom` API key). */
export const EcomCheckoutTarget = Type.Object(
  { checkoutId: Type.String({ format: 'uuid' }) },
  { additionalProperties: false },
);
/** A product page: by slug or by id. */
export const StoresProductTarget = Type.Object(
  {
    productSlug: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    productId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);

/**
 * POST /redirects/v1/redirect-session. Exactly one target: `auth`, `login`, `logout`, `ecomCheckout`,
 * `storesProduct` or `paidPlansCheckout` (`{ planId }`: the plan's storefront page); the others answer 400
 * "unsupported redirect target".
 */
export const CreateRedirectSessionRequest = Type.Object(
  {
    auth: Type.Optional(
      Type.Object(
        { authRequest: AuthRequest, prompt: Type.Optional(StringEnum(PROMPTS)) },
        { additionalProperties: false },
      ),
    ),
    login: Type.Optional(Type.Object({}, { additionalProperties: false })),
    logout: Type.Optional(
      Type.Object({ clientId: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }),
    ),
    callbacks: Type.Optional(Callbacks),
    bookingsCheckout: Type.Optional(Target),
    ecomCheckout: Type.Optional(EcomCheckoutTarget),
    eventsCheckout: Type.Optional(Target),
    paidPlansCheckout: Type.Optional(Target),
    storesProduct: Type.Optional(StoresProductTarget),
    bookingsBook: Type.Optional(Target),
    preferences: Type.Optional(Target),
  },
  { additionalProperties: false },
);
export type CreateRedirectSessionRequest = Static<typeof CreateRedirectSessionRequest>;

export const RedirectSession = Type.Object({
  id: Type.String(),
  fullUrl: Type.String(),
  urlDetails: Type.Object({ endpoint: Type.String(), searchParams: Type.Record(Type.String(), Type.String()) }),
  /** The session token the flow continues with (direct login), or '' when there is none. */
  sessionToken: Type.String(),
});
export type RedirectSession = Static<typeof RedirectSession>;

export const CreateRedirectSessionResponse = Type.Object({ redirectSession: RedirectSession });
export type CreateRedirectSessionResponse = Static<typeof CreateRedirectSessionResponse>;

/** Redirect callback types and statuses of the spec (§4). */
export const REDIRECT_CALLBACK_TYPES = ['LOGOUT', 'CHECKOUT', 'AUTHORIZE'] as const;
export const REDIRECT_STATUSES = ['SUCCESS', 'ERROR'] as const;
