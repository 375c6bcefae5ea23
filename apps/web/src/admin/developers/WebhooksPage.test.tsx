import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import type {
  ListWebhookDeliveriesResponse,
  WebhookDelivery,
  WebhookDeliveryDetails,
  WebhookSubscription,
  WebhookSubscriptionSummary,
} from '@plaza/contracts';
import { EVENT_TYPES } from '@plaza/contracts/constants';
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
import { webhookQueries } from '@plaza/react';
import { deliveryState } from './badges.js';
import { DeliveryDrawer } from './DeliveryDrawer.js';
import { EventTypePicker } from './EventTypePicker.js';
import { draftProblems, WebhookDraftForm, WebhookForm, type Draft } from './WebhookForm.js';
import { WebhookPage } from './WebhookPage.js';
import { WebhooksPage } from './WebhooksPage.js';

const uuid = uuids('a000');

function subscription(over: Partial<WebhookSubscription> = {}): WebhookSubscription {
  return {
    id: uuid(),
    name: 'Warehouse',
    url: 'https://warehouse.example/hooks',
    eventTypes: ['members.member.created'],
    entityId: null,
    enabled: true,
    status: 'ACTIVE',
    pausedReason: null,
    createdDate: '2025-03-01T10:00:00.000Z',
    updatedDate: '2025-03-01T10:00:00.000Z',
    ...over,
  };
}

function summary(s: WebhookSubscription, over: Partial<WebhookSubscriptionSummary> = {}): WebhookSubscriptionSummary {
  return { subscription: s, lastDelivery: null, counts: { pending: 0, succeeded: 0, failed: 0 }, ...over };
}

function delivery(subscriptionId: string, over: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: uuid(),
    subscriptionId,
    eventId: uuid(),
    eventType: 'members.member.created',
    entityId: 'm1',
    status: 'SUCCEEDED',
    attempts: 1,
    lastStatusCode: 200,
    nextAttemptDate: null,
    createdDate: '2025-03-01T10:00:00.000Z',
    deliveredDate: '2025-03-01T10:00:01.000Z',
    ...over,
  };
}

const owner = () => staffClient('OWNER');

describe('WebhooksPage', () => {
  it('lists webhooks with their status, last message and the actions that apply', () => {
    const queryClient = queryClientWithSite();
    const active = subscription({ name: 'Warehouse', eventTypes: [...EVENT_TYPES] });
    const paused = subscription({ name: '', url: 'https://crm.example/in', status: 'PAUSED', pausedReason: 'FAILING' });
    queryClient.setQueryData(webhookQueries.subscriptions(seeded).queryKey, [
      summary(active, {
        lastDelivery: { status: 'SUCCEEDED', statusCode: 200, date: '2025-03-01T10:00:00.000Z' },
        counts: { pending: 0, succeeded: 4, failed: 0 },
      }),
      summary(paused, {
        lastDelivery: { status: 'FAILED', statusCode: 500, date: '2025-03-01T10:00:00.000Z' },
        counts: { pending: 2, succeeded: 0, failed: 3 },
      }),
    ]);
    const html = render(<WebhooksPage />, owner(), queryClient, '/admin/webhooks');
    const text = textOf(html);
    expect(text).toContain('Webhooks send your other systems a message when something happens in your store');
    expect(text).toContain('Warehouse');
    expect(text).toContain(`All ${EVENT_TYPES.length} events`);
    // A webhook without a name goes by its address's host.
    expect(text).toContain('crm.example');
    expect(text).toContain('Paused after failures');
    expect(text).toContain('Delivered');
    expect(text).toContain('Failed');
    // Pause only for the active one, Resume only for the paused one.
    expect(html).toContain('aria-label="Pause Warehouse"');
    expect(html).not.toContain('aria-label="Resume Warehouse"');
    expect(html).toContain('aria-label="Resume crm.example"');
    expect(html).not.toContain('aria-label="Pause crm.example"');
    expect(html).toContain(`href="/admin/webhooks/${active.id}"`);
    // Deleting is on the webhook's page, after a confirmation; rows keep two actions so they stay one line high.
    expect(html).not.toContain('aria-label="Delete Warehouse"');
    // The keys to verify messages sit under the list.
    expect(text).toContain('Checking that a message came from your store');
  });

  it('says when there is no webhook yet, and shows a skeleton while loading', () => {
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(webhookQueries.subscriptions(seeded).queryKey, []);
    expect(textOf(render(<WebhooksPage />, owner(), queryClient))).toContain('No webhooks yet');
    expect(render(<WebhooksPage />, owner(), queryClientWithSite())).toContain('aria-label="Loading webhooks"');
  });

  it('is the owner’s: a contributor reads why instead of a refusal', () => {
    const text = textOf(render(<WebhooksPage />, staffClient('CONTRIBUTOR'), queryClientWithSite()));
    expect(text).toContain('Only the owner sets up webhooks');
    expect(text).not.toContain('Add webhook');
  });

  it('shows the public keys as a copyable key set', () => {
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(webhookQueries.subscriptions(seeded).queryKey, []);
    const jwks = { keys: [{ kty: 'EC', crv: 'P-256', x: 'xx', y: 'yy', kid: 'key-1', alg: 'ES256', use: 'sig' }] };
    queryClient.setQueryData(webhookQueries.publicKeys(seeded).queryKey, jwks);
    const html = render(<WebhooksPage />, owner(), queryClient, '/admin/webhooks');
    expect(html).toMatch(/data-testid="public-keys"[^>]*>\{\s*&quot;keys&quot;/);
    expect(textOf(html)).toContain('"kid": "key-1"');
    expect(textOf(html)).toContain('Copy key');
    expect(textOf(html)).toContain('/webhooks/v1/public-keys');
  });

  it('says whether webhooks may reach the server’s own network, and offers the other choice', () => {
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(webhookQueries.subscriptions(seeded).queryKey, []);
    queryClient.setQueryData(webhookQueries.settings(seeded).queryKey, { allowPrivateTargets: false });
    const blocked = textOf(render(<WebhooksPage />, owner(), queryClient));
    expect(blocked).toContain('Blocked: webhooks and apps can only reach addresses on the internet.');
    expect(blocked).toContain('Allow my network…');
    queryClient.setQueryData(webhookQueries.settings(seeded).queryKey, { allowPrivateTargets: true });
    const allowed = textOf(render(<WebhooksPage />, owner(), queryClient));
    expect(allowed).toContain('Allowed: webhooks and apps may use addresses inside your network.');
    expect(allowed).toContain('Block my network again');
  });
});

describe('WebhookPage', () => {
  function page(
    s: WebhookSubscription,
    deliveries: WebhookDelivery[],
    counts = { pending: 0, succeeded: 0, failed: 0 },
  ) {
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(webhookQueries.subscriptions(seeded).queryKey, [summary(s, { counts })]);
    const log: ListWebhookDeliveriesResponse = {
      deliveries,
      pagingMetadata: { count: deliveries.length, cursors: { next: null }, hasNext: false },
    };
    queryClient.setQueryData(webhookQueries.deliveries(seeded, s.id, { limit: 20 }).queryKey, log);
    return render(
      <Routes>
        <Route path="/admin/webhooks/:subscriptionId" element={<WebhookPage />} />
      </Routes>,
      owner(),
      queryClient,
      `/admin/webhooks/${s.id}`,
    );
  }

  it('shows the delivery log with status badges, and offers Send again only for finished deliveries', () => {
    const s = subscription({ name: 'Warehouse' });
    const html = page(
      s,
      [
        delivery(s.id, { status: 'SUCCEEDED' }),
        delivery(s.id, { status: 'PENDING', attempts: 2, lastStatusCode: 500, eventType: 'reviews.review.created' }),
        delivery(s.id, { status: 'FAILED', attempts: 9, lastStatusCode: null, eventType: 'members.member.deleted' }),
      ],
      { pending: 1, succeeded: 1, failed: 1 },
    );
    const text = textOf(html);
    for (const word of ['Delivered', 'Retrying', 'Failed', 'Members → Member created', 'Reviews → Review written'])
      expect(text).toContain(word);
    expect(text).toContain('Send test message');
    expect(text).toContain('Pause');
    expect(text).toContain('Delete');
    // Two finished deliveries, one still retrying: two "Send again" row actions.
    expect(html.match(/aria-label="Send again /g)).toHaveLength(2 * 2); // table and phone cards
    expect(text).toContain('Send all failed again');
  });

  it('says a paused webhook holds its messages, and hides Send all failed again when none failed', () => {
    const s = subscription({ status: 'PAUSED', pausedReason: 'BY_OWNER' });
    const text = textOf(page(s, [delivery(s.id, { status: 'PENDING', attempts: 0, lastStatusCode: null })]));
    expect(text).toContain('Resume');
    expect(text).toContain('Messages wait and go out when you resume');
    expect(text).toContain('Paused');
    expect(text).not.toContain('Send all failed again');
  });

  it('says when nothing was sent yet, and when the webhook is gone', () => {
    const s = subscription();
    expect(textOf(page(s, []))).toContain('Nothing sent yet');
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(webhookQueries.subscriptions(seeded).queryKey, []);
    const html = render(
      <Routes>
        <Route path="/admin/webhooks/:subscriptionId" element={<WebhookPage />} />
      </Routes>,
      owner(),
      queryClient,
      `/admin/webhooks/${uuid()}`,
    );
    expect(textOf(html)).toContain('Webhook not found');
  });
});

describe('DeliveryDrawer', () => {
  it('lists attempts newest first with answer, latency and the escaped reply', () => {
    const s = subscription();
    const d = delivery(s.id, { status: 'FAILED', attempts: 2, lastStatusCode: 500 });
    const details: WebhookDeliveryDetails = {
      delivery: d,
      event: {
        id: d.eventId,
        eventType: d.eventType,
        entityFqdn: 'plaza.members.v1.member',
        slug: 'created',
        entityId: 'm1',
        eventTime: '2025-03-01T10:00:00.000Z',
        triggeredByAnonymizeRequest: false,
        originatedFrom: 'plaza',
        identity: { identityType: 'MEMBER', memberId: 'm1' },
      },
      attempts: [
        {
          attempt: 1,
          date: '2025-03-01T10:00:00.000Z',
          statusCode: null,
          latencyMs: 10000,
          responseExcerpt: '',
          error: 'No answer within 10 seconds',
        },
        {
          attempt: 2,
          date: '2025-03-01T10:01:00.000Z',
          statusCode: 500,
          latencyMs: 42,
          responseExcerpt: '<script>alert(1)</script>',
          error: null,
        },
      ],
    };
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(webhookQueries.delivery(seeded, s.id, d.id).queryKey, details);
    const html = render(
      <DeliveryDrawer
        subscription={s}
        deliveryId={d.id}
        onClose={() => undefined}
        onRedeliver={() => undefined}
        redelivering={false}
      />,
      owner(),
      queryClient,
    );
    const text = textOf(html);
    expect(text.indexOf('Attempt 2')).toBeLessThan(text.indexOf('Attempt 1'));
    expect(text).toContain('Answered 500');
    expect(text).toContain('42 ms');
    expect(text).toContain('No answer within 10 seconds');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).toContain('Send again');
    expect(text).toContain(d.eventId);
  });
});

describe('webhook form', () => {
  it('groups every event type by area with its name in words and the technical name beneath', () => {
    const html = renderForOwner(
      <EventTypePicker value={new Set(['members.member.created'])} onChange={() => undefined} />,
    );
    const text = textOf(html);
    for (const area of ['Members', 'Reviews', 'Accounts', 'Sign-in pages']) expect(text).toContain(area);
    for (const type of EVENT_TYPES) expect(html).toContain(`>${type}<`);
    expect(text).toContain('Member created');
    expect(text).toContain('1 of 7');
    expect(html).toContain('aria-label="Every Members event"');
  });

  it('checks the address and the events before sending', () => {
    expect(draftProblems({ url: '', eventTypes: new Set() })).toEqual({
      url: 'Enter the address that should receive the messages.',
      eventTypes: 'Choose at least one event.',
    });
    expect(draftProblems({ url: 'ftp://x.example', eventTypes: new Set(['members.member.created']) }).url).toMatch(
      /starts with https:\/\//,
    );
    expect(draftProblems({ url: 'https://x.example/h', eventTypes: new Set(['members.member.created']) })).toEqual({});
  });

  it('fills the form with the webhook being edited', () => {
    const s = subscription({ name: 'CRM', url: 'https://crm.example/in', entityId: 'member-1' });
    const html = renderForOwner(<WebhookForm subscription={s} onDone={() => undefined} onCancel={() => undefined} />);
    expect(html).toContain('value="CRM"');
    expect(html).toContain('value="https://crm.example/in"');
    expect(html).toContain('value="member-1"');
    expect(textOf(html)).toContain('Save webhook');
  });
});

describe('deliveryState', () => {
  it('names each state the way the owner reads it', () => {
    const active = { status: 'ACTIVE' as const };
    const paused = { status: 'PAUSED' as const };
    expect(deliveryState({ status: 'SUCCEEDED', attempts: 1 }, paused).label).toBe('Delivered');
    expect(deliveryState({ status: 'FAILED', attempts: 9 }, active).label).toBe('Failed');
    expect(deliveryState({ status: 'PENDING', attempts: 3 }, active).label).toBe('Retrying');
    expect(deliveryState({ status: 'PENDING', attempts: 3 }, paused).label).toBe('Paused');
    expect(deliveryState({ status: 'PENDING', attempts: 0 }, active).label).toBe('Sending');
  });
});

describe('WebhookDraftForm', () => {
  const draft = (over: Partial<Draft> = {}): Draft => ({
    name: '',
    url: 'https://crm.example/in',
    eventTypes: new Set(['members.member.created']),
    entityId: '',
    ...over,
  });
  const form = (d: Draft, error: unknown = null) =>
    renderForOwner(
      <WebhookDraftForm
        draft={d}
        onDraft={() => undefined}
        editing={false}
        saving={false}
        error={error}
        onSave={() => undefined}
        onCancel={() => undefined}
      />,
    );

  it("counts the name and address to the server's limits instead of cutting them", () => {
    const html = form(draft({ name: 'CRM' }));
    expect(textOf(html)).toContain('3 / 100');
    expect(textOf(html)).toContain('22 / 2,000');
    expect(html).not.toContain('maxlength');
  });

  it('says a name over the limit is too long, once', () => {
    const words = textOf(form(draft({ name: 'x'.repeat(101) })));
    expect(count(words, 'Name can be at most 100 characters (now 101).')).toBe(1);
  });

  it("puts the server's violations next to their fields in words, once, with no field path", () => {
    const refused = refusedWith('subscription.name must be at most 100 characters', [
      violation('subscription.name', 'MAX_LENGTH', 'subscription.name must be at most 100 characters'),
      violation(
        'subscription.url',
        'FORMAT',
        'subscription.url must not point at a private or loopback address (10.0.0.1 is private)',
      ),
    ]);
    const html = form(draft(), refused);
    const words = textOf(html);
    expect(count(words, 'Name can be at most 100 characters.')).toBe(1);
    expect(count(words, 'The address must not point at a private or loopback address (10.0.0.1 is private).')).toBe(1);
    expect(html).not.toMatch(/subscription\.|fieldViolations|\{"/);
    expect(html).not.toContain('role="alert"');
  });
});
