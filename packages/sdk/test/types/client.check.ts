// Compile-time checks of the public types; test/types.test.ts runs tsc on this file. Every @ts-expect-error must hold.
import type { GetSiteResponse } from '@plaza/contracts';
import { ApiKeyStrategy, createClient, defineMethod, OAuthStrategy, type Tokens } from '@plaza/sdk';
import { site } from '@plaza/sdk/site';

const client = createClient({ baseUrl: '', auth: OAuthStrategy({ clientId: 'web' }), modules: { site } });
export const read: Promise<GetSiteResponse> = client.site.getSite();
export const write: Promise<GetSiteResponse> = client.site.updateSite({ name: 'Shop' }, ['name']);
export const tokens: Tokens = client.auth.getTokens();
// @ts-expect-error name must be a string
void client.site.updateSite({ name: 1 }, ['name']);
// @ts-expect-error the field mask is required
void client.site.updateSite({ name: 'Shop' });
// @ts-expect-error modules not passed are not on the client
void client.members;

const admin = createClient({ baseUrl: 'https://x', auth: ApiKeyStrategy({ apiKey: 'k' }) });
export const raw: Promise<{ n: number }> = admin.fetch<{ n: number }>('/p', { method: 'POST', body: { a: 1 } });
// @ts-expect-error an API key strategy has no tokens
admin.auth.getTokens();

export const m = defineMethod<[id: string], { ok: true }>({
  // @ts-expect-error one name per argument
  argumentNames: ['id', 'extra'],
  request: (id) => ({ method: 'GET', path: `/x/${id}` }),
});
