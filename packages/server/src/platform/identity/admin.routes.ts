import { Type } from 'typebox';
import {
  ActivationEmailRequest,
  EmptyResponse,
  ErrorBody,
  IdentityResponse,
  ListIdentitiesQuery,
  ListIdentitiesResponse,
  SignOnRequest,
  SignOnResponse,
  StartVerificationRequest,
  StartVerificationResponse,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { approveIdentity, listIdentities, rejectIdentity } from './admin.service.js';
import { signOn } from './registration.service.js';
import { sendActivationEmail, startVerification } from './verification.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { routeOptions } from '../../http/route-options.js';

/** The owner (dashboard) and API keys with `identity.manage`. */
const access = { admin: ['OWNER' as const], scope: 'identity.manage' as const };
const errors = errorResponses(404, 409);
const tags = ['identity admin'];
const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

const route = routeOptions({ tags, errors, access });

/** Back-office identity calls: approval, verification mails and sign-on. */
export function identityAdminRoutes(app: App): void {
  registerApprovalRoutes(app);
  registerVerificationRoutes(app);
}

/** Listing identities, approving and rejecting pending ones. */
function registerApprovalRoutes(app: App): void {
  app.get(
    '/identity/v1/identities',
    route({
      summary: 'List identities',
      description: 'Newest first. `?status=PENDING` lists those waiting for e-mail verification or approval.',
      querystring: ListIdentitiesQuery,
      response: ListIdentitiesResponse,
    }),
    async (req) => listIdentities(req.ctx, req.query),
  );

  for (const [action, run] of [
    ['approve', approveIdentity],
    ['reject', rejectIdentity],
  ] as const) {
    app.post(
      `/identity/v1/identities/:id/${action}`,
      route({
        summary: action === 'approve' ? 'Approve a pending identity' : 'Reject a pending identity',
        description:
          action === 'approve'
            ? 'For identities waiting for the owner (REQUIRE_OWNER_APPROVAL). Their member becomes APPROVED.'
            : 'The identity and its member become BLOCKED and its sessions end.',
        params: IdParams,
        response: IdentityResponse,
      }),
      async (req) => ({ identity: await run(req.ctx, req.params.id) }),
    );
  }
}

/** Verification mails, and signing a person in from the back office. */
function registerVerificationRoutes(app: App): void {
  app.post(
    '/identity/v1/Start',
    {
      schema: {
        tags,
        summary: "Start verifying an identity's e-mail",
        description:
          'Mails the identity a code and returns the `stateToken` to send with it to /identity/v1/auth/verify.',
        body: StartVerificationRequest,
        response: { 200: StartVerificationResponse, ...errors, 500: ErrorBody },
      },
      config: { access },
    },
    async (req) => startVerification(req.ctx, req.body),
  );

  app.post(
    '/identity/v1/activation-email',
    {
      schema: {
        tags,
        summary: 'Mail an activation link',
        description:
          'The link opens `emailOptions.redirectUrl` (default `<public URL>/verify-email`) with `stateToken` and ' +
          '`code`, which the page sends to /identity/v1/auth/verify.',
        body: ActivationEmailRequest,
        response: { 200: EmptyResponse, ...errors, 500: ErrorBody },
      },
      config: { access },
    },
    async (req) => sendActivationEmail(req.ctx, req.body),
  );

  app.post(
    '/identity/v2/sign-on',
    route({
      summary: 'Sign a person in from the back office',
      description:
        'Finds the identity by e-mail or creates it (no password), and returns a `sessionToken` for it. ' +
        '`verifyEmail` marks the address verified; `mergeExistingContact` is accepted and has no effect.',
      body: SignOnRequest,
      response: SignOnResponse,
    }),
    async (req) => signOn(req.ctx, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] }),
  );
}
