import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import type { ServicePluginCall, ServicePluginImplementation } from '@plaza/contracts';
import { count } from '../../ui/testing.js';
import {
  queryClientWithSite,
  refusedWith,
  render,
  renderForOwner,
  seeded,
  staffClient,
  textOf,
  uuids,
  violation,
} from '../testing.js';
import { servicePluginQueries } from '@plaza/react';
import { PLUGIN_TYPES } from './badges.js';
import { PluginDrawer } from './PluginDrawer.js';
import { PluginForm, PluginFormView } from './PluginForm.js';
import { ServicePluginsPage } from './ServicePluginsPage.js';

const uuid = uuids('b000');

function implementation(over: Partial<ServicePluginImplementation> = {}): ServicePluginImplementation {
  return {
    id: uuid(),
    type: 'SHIPPING_RATES',
    name: 'Parcel rates',
    url: 'https://parcels.example/plaza',
    enabled: true,
    timeoutMs: 5000,
    circuit: 'CLOSED',
    createdDate: '2025-03-01T10:00:00.000Z',
    updatedDate: '2025-03-01T10:00:00.000Z',
    ...over,
  };
}

function call(over: Partial<ServicePluginCall> = {}): ServicePluginCall {
  return {
    id: uuid(),
    method: 'getShippingRates',
    calledDate: '2025-03-01T10:00:00.000Z',
    latencyMs: 37,
    outcome: 'OK',
    statusCode: 200,
    test: false,
    ...over,
  };
}

const owner = () => staffClient('OWNER');

describe('ServicePluginsPage', () => {
  it('lists registered apps with what they do, their state and the actions that apply', () => {
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(servicePluginQueries.implementations(seeded).queryKey, [
      implementation({ name: 'Parcel rates' }),
      implementation({ name: 'Tax bot', type: 'TAX_CALCULATION', circuit: 'OPEN', timeoutMs: 2000 }),
      implementation({ name: 'Fees', type: 'ADDITIONAL_FEES', enabled: false }),
    ]);
    const html = render(<ServicePluginsPage />, owner(), queryClient, '/admin/service-plugins');
    const text = textOf(html);
    for (const word of ['Shipping rates', 'Tax', 'Extra fees', 'Resting after failures', 'Off', '2 s'])
      expect(text).toContain(word);
    expect(html).toContain('aria-label="Test call Parcel rates"');
    expect(html).toContain('aria-label="Turn off Parcel rates"');
    expect(html).not.toContain('aria-label="Turn on Parcel rates"');
    expect(html).toContain('aria-label="Turn on Fees"');
    // Deleting is in the app's panel, after a confirmation; rows keep two actions so they stay one line high.
    expect(html).not.toContain('aria-label="Delete Fees"');
    expect(html).not.toContain('aria-disabled="true"');
  });

  it('says when no app is plugged in, and stops offering Register once every type has one', () => {
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(servicePluginQueries.implementations(seeded).queryKey, []);
    expect(textOf(render(<ServicePluginsPage />, owner(), queryClient))).toContain('No apps plugged in');

    const full = queryClientWithSite();
    full.setQueryData(
      servicePluginQueries.implementations(seeded).queryKey,
      PLUGIN_TYPES.map(({ type }) => implementation({ type, name: type })),
    );
    const html = render(<ServicePluginsPage />, owner(), full);
    expect(html).toContain('aria-disabled="true"');
    expect(textOf(html)).toContain('Every kind of plugin already has an app');
  });

  it('is the owner’s', () => {
    const text = textOf(render(<ServicePluginsPage />, staffClient('CONTRIBUTOR'), queryClientWithSite()));
    expect(text).toContain('Only the owner sets up service plugins');
  });
});

describe('PluginForm', () => {
  it('offers only the plugin types that have no app yet', () => {
    const html = renderForOwner(
      <PluginForm taken={new Set(['SHIPPING_RATES'])} onDone={() => undefined} onCancel={() => undefined} />,
    );
    expect(html).not.toContain('value="SHIPPING_RATES"');
    expect(html).toContain('value="ADDITIONAL_FEES"');
    expect(textOf(html)).toContain('5 seconds');
  });

  const view = (error: unknown) =>
    renderForOwner(
      <PluginFormView
        taken={new Set()}
        busy={false}
        error={error}
        onRegister={() => undefined}
        onCancel={() => undefined}
      />,
    );

  it("counts the name and address to the server's limits instead of cutting them", () => {
    const html = view(null);
    expect(textOf(html)).toContain('0 / 100');
    expect(textOf(html)).toContain('0 / 2,000');
    expect(html).not.toContain('maxlength');
  });

  it("puts the server's violations next to their fields in words, once, with no field path", () => {
    const refused = refusedWith('implementation.name must be at most 100 characters', [
      violation('implementation.name', 'MAX_LENGTH', 'implementation.name must be at most 100 characters'),
      violation('implementation.url', 'FORMAT', 'must not carry a user name or password'),
    ]);
    const html = view(refused);
    const words = textOf(html);
    expect(count(words, 'App name can be at most 100 characters.')).toBe(1);
    expect(count(words, 'App address must not carry a user name or password.')).toBe(1);
    expect(html).not.toMatch(/implementation\.|fieldViolations|\{"/);
    expect(html).not.toContain('role="alert"');
  });
});

describe('PluginDrawer', () => {
  /** The drawer of an app whose last calls are in the cache, after the test call `lastTest`. */
  const drawer = (calls: ServicePluginCall[], lastTest: ComponentProps<typeof PluginDrawer>['lastTest']) => {
    const i = implementation();
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(servicePluginQueries.calls(seeded, i.id).queryKey, calls);
    return render(
      <PluginDrawer
        implementation={i}
        onClose={() => undefined}
        onTest={() => undefined}
        testing={false}
        lastTest={lastTest}
        onDelete={() => undefined}
      />,
      owner(),
      queryClient,
    );
  };

  it('shows the last calls with latency and outcome, and the test call’s result', () => {
    const calls = [
      call({ latencyMs: 37 }),
      call({ outcome: 'TIMEOUT', latencyMs: 5003, statusCode: undefined as unknown as number, test: true }),
      call({ outcome: 'APP_ERROR', statusCode: 422, error: 'Destination <b>not served</b>' }),
    ];
    const lastTest = {
      call: call({ test: true, latencyMs: 12 }),
      response: { shippingRates: [{ code: 'std', title: 'Standard' }] },
    };
    const html = drawer(calls, lastTest);
    const text = textOf(html);
    expect(text).toContain('Delete app');
    for (const word of ['Answered', 'Timed out', 'App refused', '37 ms', '5003 ms', 'answered 422', 'Run a test call'])
      expect(text).toContain(word);
    expect(html).toContain('Destination &lt;b&gt;not served&lt;/b&gt;');
    expect(html).toMatch(/data-testid="plugin-test-result"[\s\S]*12 ms[\s\S]*&quot;Standard&quot;/);
  });

  it('says the app refused in words on an application error', () => {
    const lastTest = {
      call: call({ outcome: 'APP_ERROR', statusCode: 422 }),
      appError: { code: 'NO_RATES', description: 'We do not ship there', status: 422 },
    };
    const text = textOf(drawer([], lastTest));
    expect(text).toContain('The app refused with “We do not ship there” (NO_RATES, status 422)');
    expect(text).toContain('No calls yet');
  });
});
