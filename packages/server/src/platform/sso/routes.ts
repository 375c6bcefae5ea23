import { Type } from 'typebox';
import {
  CreateIdpConnectionRequest,
  IdpConnectionResponse,
  ListIdpConnectionsResponse,
  ListSsoProvidersResponse,
  SsoLoginWithTokenParamsRequest,
  SsoLoginWithTokenParamsResponse,
} from '@plaza/contracts';
import { AppError } from '../../kernel/errors.js';
import type { App } from '../../http/types.js';
import {
  checkConnection,
  createConnection,
  deleteConnection,
  listConnections,
  listProviders,
  SSO_TENANT_ID,
} from './connections.service.js';
import { completeSsoLogin, startSsoLogin, startSsoLoginWithTokenParams } from './flow.service.js';
import { problemOf, sendSsoProblem } from './problem-page.js';
import { errorResponses } from '../../http/error-responses.js';
import { routeOptions } from '../../http/route-options.js';

const admin = { admin: ['OWNER' as const], scope: 'identity.manage' as const };
const tags = ['sso'];
const ConnectionIdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const route = routeOptions({ tags, errors: errorResponses(), access: admin });
/** The routes of one connection, by id: it may not exist. */
const byIdRoute = routeOptions({ tags, errors: errorResponses(404), access: admin });
/** The login page's buttons and the browser's trips to and from the provider: no error answers of the API. */
const loginRoute = routeOptions({ tags, errors: {}, access: 'public' });
/** The same start asked in JSON by a login page of one's own: it answers in the API's error shape. */
const startRoute = routeOptions({ tags, errors: errorResponses(404), access: 'public' });

export function ssoRoutes(app: App): void {
  registerConnectionRoutes(app);
  registerSsoLoginRoutes(app);
}

/** The site's identity-provider connections, and the providers it can connect to. */
function registerConnectionRoutes(app: App): void {
  app.get(
    '/identity/v1/sso/connections',
    route({
      summary: 'List SSO connections (secrets are never returned)',
      response: ListIdpConnectionsResponse,
    }),
    async (req) => ({ connections: await listConnections(req.ctx) }),
  );
  app.post(
    '/identity/v1/sso/connections',
    route({
      summary: 'Connect an OIDC identity provider',
      description: 'Register `callbackUrl` of the response as a redirect URI at the provider.',
      body: CreateIdpConnectionRequest,
      response: IdpConnectionResponse,
      status: 201,
    }),
    async (req, reply) => reply.status(201).send({ connection: await createConnection(req.ctx, req.body) }),
  );
  app.delete(
    '/identity/v1/sso/connections/:id',
    byIdRoute({
      summary: 'Remove an SSO connection and its links',
      params: ConnectionIdParams,
      response: Type.Null(),
      status: 204,
    }),
    async (req, reply) => {
      await deleteConnection(req.ctx, req.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/identity/v1/sso/connections/:id/check',
    byIdRoute({
      summary:
        'Check again that the provider answers (its discovery document); a passing check puts it back on login pages',
      params: ConnectionIdParams,
      response: IdpConnectionResponse,
    }),
    async (req) => ({
      connection: await checkConnection(req.ctx, req.params.id),
    }),
  );
  app.get(
    '/identity/v1/sso/providers',
    loginRoute({
      summary: 'The "Continue with …" buttons of the login page',
      response: ListSsoProvidersResponse,
    }),
    async (req) => ({ providers: await listProviders(req.ctx) }),
  );
}

/** The login flow: off to the provider and back through the callback. */
function registerSsoLoginRoutes(app: App): void {
  app.get(
    '/identity/v1/sso/login/:tenantId/:idpConnectionId',
    loginRoute({
      summary: 'Start single sign-on: redirects to the provider with PKCE and state',
      description:
        'Pass the parameters of the authorization request to continue (client_id, redirect_uri, code_challenge, …).',
      params: Type.Object({
        tenantId: Type.String({ maxLength: 100 }),
        idpConnectionId: Type.String({ maxLength: 100 }),
      }),
      querystring: Type.Record(Type.String(), Type.String({ maxLength: 2048 })),
    }),
    async (req, reply) => {
      // Back to the login page that continues the same request, so the person can sign in another way.
      const query = new URLSearchParams(req.query).toString();
      const back = req.query.client_id && req.query.redirect_uri ? `/auth/login?${query}` : '/login';
      try {
        if (req.params.tenantId !== SSO_TENANT_ID)
          throw new AppError('NOT_FOUND', 'This sign-in option does not exist (any more)');
        const url = await startSsoLogin(req.ctx, req.params.idpConnectionId, req.query);
        return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302);
      } catch (e) {
        if (!(e instanceof AppError)) req.log.error({ err: e }, 'SSO start failed');
        return sendSsoProblem(reply, problemOf(e, back));
      }
    },
  );

  app.post(
    '/identity/v1/sso/login-with-token-params',
    startRoute({
      summary: 'Start single sign-on from token params: answers where the browser must go',
      description:
        '`tokenParams` is the OAuth authorization request the sign-in continues (PKCE S256, a registered ' +
        '`redirectUri` of `clientId`). Send the browser to `redirectUrl`; after the provider it returns to ' +
        '`/oauth2/authorize` and ends at `redirectUri` with a code. An unknown or disabled connection is a 404.',
      body: SsoLoginWithTokenParamsRequest,
      response: SsoLoginWithTokenParamsResponse,
    }),
    async (req, reply) => {
      const redirectUrl = await startSsoLoginWithTokenParams(req.ctx, req.body);
      return reply.header('cache-control', 'no-store').send({ redirectUrl });
    },
  );

  app.get(
    '/identity/v1/callback',
    loginRoute({
      summary: 'Where identity providers return; continues the OAuth flow',
      querystring: Type.Record(Type.String(), Type.String({ maxLength: 4096 })),
    }),
    async (req, reply) => {
      try {
        const next = await completeSsoLogin(req.ctx, new URL(req.url, req.ctx.config.publicUrl));
        return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(next, 302);
      } catch (e) {
        // People land here in a browser: explain on a page with a way back rather than with JSON.
        if (!(e instanceof AppError)) req.log.error({ err: e }, 'SSO callback failed');
        return sendSsoProblem(reply, problemOf(e, '/login'));
      }
    },
  );
}
