import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { TestServer } from '../../test/harness.js';
import { createImplementation } from './service.js';

/** What the test app got: the verified claims of Plaza's JWT. */
export interface PluginCall extends JWTPayload {
  pluginType: string;
  method: string;
  request: Record<string, unknown>;
  metadata: { requestId: string; implementationId: string };
}

export type PluginBehaviour = (call: PluginCall, res: ServerResponse) => unknown;

/**
 * A real app server on loopback, as an app developer would run: it verifies Plaza's JWT against the public keys
 * Plaza serves, then answers with whatever the test's `behaviour` does. Unverifiable requests get a 401.
 */
export async function startPluginApp(plazaUrl: string) {
  const jwks = createRemoteJWKSet(new URL(`${plazaUrl}/webhooks/v1/public-keys`));
  const received: PluginCall[] = [];
  let behaviour: PluginBehaviour = (_call, res) => res.writeHead(500).end();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      jwtVerify(body, jwks, { algorithms: ['ES256'], issuer: plazaUrl })
        .then(async ({ payload }) => {
          received.push(payload as PluginCall);
          await behaviour(payload as PluginCall, res);
        })
        .catch(() => res.writeHead(401).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/plugin`,
    received,
    answer(next: PluginBehaviour) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** A plugin app registered as the site's PAYMENT_PROVIDER: charges and refunds go to whatever it answers. */
export async function startPaymentApp(srv: TestServer, name: string, timeoutMs: number) {
  const app = await startPluginApp(srv.url);
  await createImplementation(srv.ctx(), { type: 'PAYMENT_PROVIDER', name, url: app.url, timeoutMs });
  return app;
}
