import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, TEST_EVENT_TYPE } from '@plaza/contracts/constants';
import { areaOf, eventAreas, eventLabel, eventName, eventsSummary } from './eventTypes.js';

describe('event type names', () => {
  it('gives every catalogued event a name in words, never its technical name', () => {
    for (const type of EVENT_TYPES) {
      expect(eventName(type)).not.toContain('.');
      expect(eventName(type)).not.toContain('_');
    }
    expect(eventLabel('members.member.joined_community')).toBe('Members → Member joined the community');
    expect(eventLabel(TEST_EVENT_TYPE)).toBe('Test message');
  });

  it('reads a type added later from its technical name until it gets a label', () => {
    expect(eventName('stores.order.payment_status_updated')).toBe('Order payment status updated');
    expect(areaOf('stores.order.created')).toBe('Stores');
  });

  it('groups the catalogue by area in its order, each type once', () => {
    const areas = eventAreas();
    expect(areas.map((a) => a.area).slice(0, 4)).toEqual(['Members', 'Reviews', 'Sign-in pages', 'Accounts']);
    expect(new Set(areas.map((a) => a.area)).size).toBe(areas.length);
    expect(areas.flatMap((a) => a.types).sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('sums up a subscription’s events', () => {
    expect(eventsSummary([...EVENT_TYPES])).toBe(`All ${EVENT_TYPES.length} events`);
    expect(eventsSummary(['reviews.review.created'])).toBe('Reviews → Review written');
    expect(eventsSummary(['reviews.review.created', 'members.member.created'])).toBe('2 events');
  });
});
