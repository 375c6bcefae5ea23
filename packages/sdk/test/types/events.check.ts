// Compile-time checks of @plaza/sdk/events; test/types.test.ts runs tsc on this file.
import type { Member, Review } from '@plaza/contracts';
import { createServicePlugins, createWebhooks, ServicePluginError } from '@plaza/sdk/events';

const webhooks = createWebhooks();
webhooks.on('members.member.created', (event) => {
  const member: Member = event.createdEvent.entity;
  return member;
});
webhooks.on('reviews.review.updated', (event) => {
  const review: Review = event.updatedEvent.currentEntity;
  const paths: string[] = event.updatedEvent.modifiedFields;
  return [review, paths];
});
// @ts-expect-error: not an event type of the catalogue
webhooks.on('members.member.exploded', () => {});
webhooks.on('members.member.created', (event) => {
  // @ts-expect-error: a created event has no updatedEvent
  return event.updatedEvent;
});

const plugins = createServicePlugins();
plugins.define('SHIPPING_RATES', {
  getShippingRates: (request) => ({
    shippingRates: [
      {
        code: 'std',
        title: request.shippingDestination.country ?? 'Standard',
        logistics: {},
        cost: { price: '1.00', currency: request.currency },
      },
    ],
  }),
});
plugins.define('TAX_CALCULATION', {
  // @ts-expect-error: the answer must fit the method's response schema
  calculateTax: () => ({ taxes: [] }),
});
plugins.define('CUSTOM_TRIGGERS', {
  listTriggers: () => ({ customTriggers: [{ id: 'vip', name: 'VIP' }] }),
  // @ts-expect-error: not a method of CUSTOM_TRIGGERS
  getShippingRates: () => ({ shippingRates: [] }),
});
export const error: Error = new ServicePluginError('CODE', 409, 'words');
