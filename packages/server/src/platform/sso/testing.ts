import { expect } from 'vitest';
import type { IdpConnection } from '@plaza/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { startIdp } from '../../../test/oidc-idp.js';
import { call } from '../../../test/http.js';

export interface SsoPeers {
  srv: TestServer;
  idp: Awaited<ReturnType<typeof startIdp>>;
  /** An API key with `identity.manage`. */
  admin: string;
  /** The server's connection to the provider. */
  connection: IdpConnection;
  close(): Promise<void>;
}

/** A server and a real OpenID provider (test/oidc-idp), connected to each other. */
export async function startSsoPeers(): Promise<SsoPeers> {
  const srv = await startTestServer();
  const idp = await startIdp({
    redirectUri: `${srv.url}/identity/v1/callback`,
    clientId: 'plaza',
    clientSecret: 'idp-secret',
  });
  const admin = await srv.createApiKey(['identity.manage']);
  const created = await call<{ connection: IdpConnection }>(srv.url, 'POST', '/identity/v1/sso/connections', {
    auth: admin,
    body: { displayName: 'Test IdP', issuer: idp.issuer, clientId: 'plaza', clientSecret: 'idp-secret' },
  });
  expect(created.status).toBe(201);
  const close = async () => {
    await srv.close();
    await idp.close();
  };
  return { srv, idp, admin, connection: created.body.connection, close };
}
