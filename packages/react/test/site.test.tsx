import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { Site } from '@plaza/contracts';
import {
  createPlazaQueryClient,
  PlazaProvider,
  siteQueries,
  shouldRetry,
  useSite,
  type SiteClient,
} from '../src/index.js';

const site: Site = {
  name: 'Corner Shop',
  currency: 'EUR',
  locale: 'de-DE',
  timeZone: 'Europe/Berlin',
  signInPolicy: {
    emailVerificationRequired: true,
    ownerApprovalRequired: false,
    captchaMode: 'NEVER',
    captchaAfterFailures: 5,
  },
  communityPolicy: { defaultPrivacyStatus: 'PUBLIC', reviewModeration: 'MANUAL' },
  createdDate: '2025-01-01T00:00:00.000Z',
  updatedDate: '2025-01-02T00:00:00.000Z',
};

// A stand-in for an SDK client built with modules: { site }; only the shape matters to the bindings.
function fakeClient(): SiteClient & { getSite: ReturnType<typeof vi.fn> } {
  const getSite = vi.fn(async () => ({ site }));
  return { site: { getSite }, getSite };
}

describe('siteQueries', () => {
  it('keys the site under plaza/site', () => {
    expect(siteQueries.site(fakeClient()).queryKey).toEqual(['plaza', 'site']);
    expect(siteQueries.all()).toEqual(['plaza', 'site']);
  });

  it('fetches through the client and unwraps { site }', async () => {
    const client = fakeClient();
    const queryClient = createPlazaQueryClient();
    await expect(queryClient.fetchQuery(siteQueries.site(client))).resolves.toEqual(site);
    expect(client.getSite).toHaveBeenCalledTimes(1);
    // A second read within staleTime comes from the cache.
    await queryClient.fetchQuery(siteQueries.site(client));
    expect(client.getSite).toHaveBeenCalledTimes(1);
  });

  it('names the missing module instead of a TypeError', async () => {
    const queryClient = createPlazaQueryClient();
    const bare = {} as SiteClient;
    await expect(queryClient.fetchQuery({ ...siteQueries.site(bare), retry: false })).rejects.toThrow(/no site module/);
  });
});

describe('useSite', () => {
  function SiteName() {
    const { data, status } = useSite();
    return <h1>{status === 'success' ? data.name : status}</h1>;
  }

  it('renders the cached site inside the provider', async () => {
    const client = fakeClient();
    const queryClient = createPlazaQueryClient();
    await queryClient.prefetchQuery(siteQueries.site(client));
    const html = renderToString(
      <PlazaProvider client={client} queryClient={queryClient}>
        <SiteName />
      </PlazaProvider>,
    );
    expect(html).toBe('<h1>Corner Shop</h1>');
  });

  it('is pending before the first fetch', () => {
    const html = renderToString(
      <PlazaProvider client={fakeClient()}>
        <SiteName />
      </PlazaProvider>,
    );
    expect(html).toBe('<h1>pending</h1>');
  });
});

describe('shouldRetry', () => {
  it('does not retry 4xx, retries transient failures twice', () => {
    expect(shouldRetry(0, { status: 404 })).toBe(false);
    expect(shouldRetry(0, { status: 503 })).toBe(true);
    expect(shouldRetry(1, new TypeError('fetch failed'))).toBe(true);
    expect(shouldRetry(2, new TypeError('fetch failed'))).toBe(false);
  });
});
