import { CreateRedirectSessionRequest, CreateRedirectSessionResponse, ErrorBody } from '@plaza/contracts';
import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { loginSessionReturn, sendErrorPage } from '../oauth/index.js';
import { createRedirectSession } from './service.js';

export function redirectRoutes(app: App): void {
  app.post(
    '/redirects/v1/redirect-session',
    {
      schema: {
        tags: ['redirects'],
        summary: 'Create a redirect session (auth, login, logout, checkout, product or plan page)',
        description:
          '`auth` continues an OAuth authorization request (PKCE S256 required) at `fullUrl`; `logout` ends the browser ' +
          'session and returns to a registered `callbacks.postFlowUrl`; `login` shows the hosted login page. Other ' +
          'targets answer 400 "unsupported redirect target" until their release. `ecomCheckout` opens the hosted checkout ' +
          'page of a checkout the caller may reach (with `callbacks` back); `storesProduct` opens a product page; ' +
          '`paidPlansCheckout` (`{ planId }`) opens the storefront page of a plan for sale, where "Buy" checks it out.',
        body: CreateRedirectSessionRequest,
        response: { 200: CreateRedirectSessionResponse, 400: ErrorBody, 401: ErrorBody },
      },
      config: { access: { visitor: true, member: true, admin: ['OWNER', 'CONTRIBUTOR'], scope: 'any' } },
    },
    async (req) => ({ redirectSession: await createRedirectSession(req.ctx, req.body) }),
  );

  app.get(
    '/redirects/v1/redirect-session/:id/continue',
    {
      schema: {
        tags: ['redirects'],
        summary: "Return from a login redirect session to its postFlowUrl (the hosted login page's last step)",
        description:
          'Redirects (302) to the postFlowUrl checked when the login session was created; 404 when the session is ' +
          'unknown, expired or has none.',
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const target = await loginSessionReturn(req.ctx, req.params.id);
      if (!target) {
        return sendErrorPage(reply, 404, 'Nothing to return to', 'This sign-in link has expired or was never made.');
      }
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );
}
