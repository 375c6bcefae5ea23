import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { ApiKeyStrategy, createClient } from '@plaza/sdk';
import {
  call,
  createPlazaQueryClient,
  identityMutations,
  identityQueries,
  mailboxQueries,
  mediaMutations,
  mediaQueries,
  servicePluginMutations,
  servicePluginQueries,
  settingsMutations,
  settingsQueries,
  webhookMutations,
  webhookQueries,
} from '../src/index.js';
import { sendFactorCode, verifyFactor } from '@plaza/sdk/identity';
import { listSubscriptions } from '@plaza/sdk/webhooks';

/** What the test server saw: one line per request, `METHOD path?query body`. */
const seen: string[] = [];
let answer: (req: IncomingMessage) => unknown = () => ({});

// A real HTTP peer: the factories go through the SDK client's transport, as in the browser.
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    seen.push(`${req.method} ${req.url}${body ? ` ${body}` : ''}`);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer(req)));
  });
});
let client: ReturnType<typeof createClient>;
beforeAll(async () => {
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  client = createClient({ baseUrl: `http://127.0.0.1:${port}`, auth: ApiKeyStrategy({ apiKey: 'k' }) });
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

const last = () => seen.at(-1);

describe('one key scheme: plaza/<module>/…', () => {
  it('puts every query of a module under its all() key', () => {
    const cases = [
      [identityQueries.all(), identityQueries.identities(client, { status: 'PENDING' }).queryKey],
      [identityQueries.all(), identityQueries.factors(client).queryKey],
      [identityQueries.all(), identityQueries.ssoProviders(client).queryKey],
      [identityQueries.all(), identityQueries.idpConnections(client).queryKey],
      [settingsQueries.all(), settingsQueries.apiKeys(client).queryKey],
      [settingsQueries.all(), settingsQueries.oauthClients(client).queryKey],
      [webhookQueries.all(), webhookQueries.subscriptions(client).queryKey],
      [webhookQueries.all(), webhookQueries.deliveries(client, 's1', { limit: 20 }).queryKey],
      [webhookQueries.all(), webhookQueries.delivery(client, 's1', 'd1').queryKey],
      [webhookQueries.all(), webhookQueries.publicKeys(client).queryKey],
      [webhookQueries.all(), webhookQueries.settings(client).queryKey],
      [servicePluginQueries.all(), servicePluginQueries.implementations(client).queryKey],
      [servicePluginQueries.all(), servicePluginQueries.calls(client, 'p1').queryKey],
      [mailboxQueries.all(), mailboxQueries.messages(client, { to: 'a@b.c' }).queryKey],
      [mediaQueries.all(), mediaQueries.folders(client, 'media-root').queryKey],
    ] as const;
    for (const [root, key] of cases) {
      expect(key.slice(0, root.length)).toEqual(root);
      expect(root[0]).toBe('plaza');
    }
    // Distinct modules, distinct roots: invalidating one never touches another.
    const roots = new Set(cases.map(([root]) => root.join('/')));
    expect(roots.size).toBe(6);
    expect(new Set(cases.map(([, key]) => JSON.stringify(key))).size).toBe(cases.length);
  });

  it('keys a page by its whole query, so two pages are two cache entries', () => {
    const a = webhookQueries.deliveries(client, 's1', { limit: 20 }).queryKey;
    const b = webhookQueries.deliveries(client, 's1', { limit: 20, cursor: 'c2' }).queryKey;
    expect(a).not.toEqual(b);
  });
});

describe('queries send the SDK methods through the client', () => {
  it('lists API keys, OAuth clients and SSO connections and unwraps them', async () => {
    const qc = createPlazaQueryClient();
    answer = () => ({ apiKeys: [{ id: 'k1' }] });
    await expect(qc.fetchQuery(settingsQueries.apiKeys(client))).resolves.toEqual([{ id: 'k1' }]);
    expect(last()).toBe('GET /settings/v1/api-keys');
    answer = () => ({ clients: [{ id: 'c1' }] });
    await expect(qc.fetchQuery(settingsQueries.oauthClients(client))).resolves.toEqual([{ id: 'c1' }]);
    expect(last()).toBe('GET /settings/v1/oauth-clients');
    answer = () => ({ connections: [] });
    await expect(qc.fetchQuery(identityQueries.idpConnections(client))).resolves.toEqual([]);
    expect(last()).toBe('GET /identity/v1/sso/connections');
  });

  it('sends queries as query strings (approvals, mailbox, delivery log)', async () => {
    const qc = createPlazaQueryClient();
    answer = () => ({ identities: [], metadata: { count: 0, offset: 0, total: 0 } });
    await qc.fetchQuery(identityQueries.identities(client, { status: 'PENDING', 'paging.limit': 100 }));
    expect(last()).toBe('GET /identity/v1/identities?status=PENDING&paging.limit=100');
    answer = () => ({ messages: [], metadata: { count: 0, offset: 0, total: 0 } });
    await qc.fetchQuery(mailboxQueries.messages(client, { to: 'ada@example.com', 'paging.offset': 20 }));
    expect(last()).toBe('GET /dev/v1/mailbox?to=ada%40example.com&paging.offset=20');
    answer = () => ({ deliveries: [], pagingMetadata: { count: 0, cursors: { next: null }, hasNext: false } });
    await qc.fetchQuery(webhookQueries.deliveries(client, 'a/b', { limit: 20, status: 'FAILED' }));
    expect(last()).toBe('GET /webhooks/v1/subscriptions/a%2Fb/deliveries?limit=20&status=FAILED');
  });

  it('lists a media folder, a search over the library, or the trash, by what the query asks', async () => {
    const qc = createPlazaQueryClient();
    answer = () => ({ files: [], nextCursor: null });
    const base = { folder: 'media-root', search: '', kind: 'ALL', trash: false, sort: 'createdDate:DESC' } as const;
    await qc.fetchQuery(mediaQueries.files(client, base));
    expect(last()).toBe('GET /media/v1/files?parentFolderId=media-root&sort=createdDate%3ADESC&limit=60');
    await qc.fetchQuery(mediaQueries.files(client, { ...base, search: 'mug', kind: 'IMAGE', publicOnly: true }));
    expect(last()).toBe(
      'POST /media/v1/files/search {"search":"mug","private":false,"mediaTypes":["IMAGE"],"sort":{"fieldName":"createdDate","order":"DESC"},"paging":{"limit":60}}',
    );
    await qc.fetchQuery(mediaQueries.files(client, { ...base, trash: true, cursor: 'c9' }));
    expect(last()).toBe('GET /media/v1/trash-bin/files?sort=createdDate%3ADESC&limit=60&cursor=c9');
  });

  it('sends the sign-in calls of the hosted page one by one', async () => {
    answer = () => ({ state: 'SUCCESS', sessionToken: 'st' });
    await expect(
      call(client, verifyFactor, 'TOTP', { stateToken: 's', code: '123456', rememberThisDevice: false }),
    ).resolves.toEqual({ state: 'SUCCESS', sessionToken: 'st' });
    expect(last()).toBe('POST /identity/v2/TOTP/verify {"stateToken":"s","code":"123456","rememberThisDevice":false}');
    await call(client, sendFactorCode, { stateToken: 's' });
    expect(last()).toBe('POST /identity/v1/mfa/email/send {"stateToken":"s"}');
  });

  it('call() runs any SDK method with its own request', async () => {
    answer = () => ({ subscriptions: [] });
    await expect(call(client, listSubscriptions)).resolves.toEqual({ subscriptions: [] });
    expect(last()).toBe('GET /webhooks/v1/subscriptions');
  });
});

describe('mutations invalidate their module with one call', () => {
  /** Runs a mutation factory to the end, as `useMutation` would. */
  async function run<V>(
    factory: (c: typeof client, qc: ReturnType<typeof createPlazaQueryClient>) => object,
    vars: V,
    qc = createPlazaQueryClient(),
  ) {
    const observer = new MutationObserver(qc, factory(client, qc));
    return observer.mutate(vars as never);
  }

  it('marks every query of the module stale, and no other module’s', async () => {
    const qc = createPlazaQueryClient();
    answer = () => ({ apiKeys: [] });
    await qc.fetchQuery(settingsQueries.apiKeys(client));
    answer = () => ({ clients: [] });
    await qc.fetchQuery(settingsQueries.oauthClients(client));
    answer = () => ({ subscriptions: [] });
    await qc.fetchQuery(webhookQueries.subscriptions(client));
    answer = () => ({});
    await run(settingsMutations.deleteApiKey, 'k 1', qc);
    expect(last()).toBe('DELETE /settings/v1/api-keys/k%201');
    const stale = (key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;
    expect(stale(settingsQueries.apiKeys(client).queryKey)).toBe(true);
    expect(stale(settingsQueries.oauthClients(client).queryKey)).toBe(true);
    expect(stale(webhookQueries.subscriptions(client).queryKey)).toBe(false);
  });

  it('invalidates after a refusal too, and rethrows it', async () => {
    const qc = createPlazaQueryClient();
    answer = () => ({ connections: [] });
    await qc.fetchQuery(identityQueries.idpConnections(client));
    const refusing = { fetch: () => Promise.reject(Object.assign(new Error('Conflict'), { status: 409 })) };
    const observer = new MutationObserver(qc, identityMutations.deleteIdpConnection(refusing, qc));
    await expect(observer.mutate('c1')).rejects.toThrow('Conflict');
    expect(qc.getQueryState(identityQueries.idpConnections(client).queryKey)?.isInvalidated).toBe(true);
  });

  it('refetches the queries on screen before the mutation settles', async () => {
    const qc = createPlazaQueryClient();
    let n = 0;
    answer = (req) => (req.method === 'GET' ? { implementations: [{ id: `p${++n}` }] } : {});
    const onScreen = new QueryObserver(qc, servicePluginQueries.implementations(client));
    const stop = onScreen.subscribe(() => undefined);
    await onScreen.refetch();
    await run(servicePluginMutations.deleteImplementation, 'p1', qc);
    expect(onScreen.getCurrentResult().data).toEqual([{ id: 'p2' }]);
    stop();
  });

  it('sends each change as the SDK defines it', async () => {
    answer = () => ({});
    const cases: [() => Promise<unknown>, string][] = [
      [
        () => run(identityMutations.decideIdentity, { id: 'i1', action: 'approve' }),
        'POST /identity/v1/identities/i1/approve {}',
      ],
      [
        () => run(identityMutations.decideIdentity, { id: 'i1', action: 'reject' }),
        'POST /identity/v1/identities/i1/reject {}',
      ],
      [
        () => run(identityMutations.confirmTotp, { code: '123456' }),
        'POST /identity/v1/mfa/totp/confirm {"code":"123456"}',
      ],
      [() => run(identityMutations.disableTotp, { password: 'pw' }), 'DELETE /identity/v1/mfa/totp {"password":"pw"}'],
      [
        () => run(identityMutations.regenerateRecoveryCodes, { password: 'pw' }),
        'POST /identity/v1/mfa/recovery-codes {"password":"pw"}',
      ],
      [() => run(identityMutations.checkIdpConnection, 'c1'), 'POST /identity/v1/sso/connections/c1/check {}'],
      [
        () => run(settingsMutations.updateOAuthClient, { id: 'c1', changes: { allowedOrigins: [] } }),
        'PATCH /settings/v1/oauth-clients/c1 {"allowedOrigins":[]}',
      ],
      [
        () => run(webhookMutations.updateSubscription, { subscriptionId: 's1', changes: { name: 'N' } }),
        'PATCH /webhooks/v1/subscriptions/s1 {"subscription":{"name":"N"},"fieldMask":{"paths":["name"]}}',
      ],
      [
        () => run(webhookMutations.setPaused, { subscriptionId: 's1', paused: true }),
        'POST /webhooks/v1/subscriptions/s1/pause {}',
      ],
      [
        () => run(webhookMutations.setPaused, { subscriptionId: 's1', paused: false }),
        'POST /webhooks/v1/subscriptions/s1/resume {}',
      ],
      [
        () => run(webhookMutations.redeliver, { subscriptionId: 's1', deliveryId: 'd1' }),
        'POST /webhooks/v1/subscriptions/s1/deliveries/d1/redeliver {}',
      ],
      [
        () => run(webhookMutations.updateSettings, { allowPrivateTargets: true }),
        'PATCH /webhooks/v1/settings {"settings":{"allowPrivateTargets":true}}',
      ],
      [
        () => run(mediaMutations.createFolder, { name: 'Mugs', parent: 'media-root' }),
        'POST /media/v1/folders {"displayName":"Mugs","parentFolderId":"media-root"}',
      ],
    ];
    for (const [send, wire] of cases) {
      await send();
      expect(last()).toBe(wire);
    }
  });

  it('sends the files and the folders of a selection, each list only when it has items', async () => {
    answer = () => ({});
    const before = seen.length;
    await run(mediaMutations.deleteItems, { files: ['f1'], folders: [], permanent: true });
    expect(seen.slice(before)).toEqual(['POST /media/v1/bulk/files/delete {"fileIds":["f1"],"permanent":true}']);
  });
});
