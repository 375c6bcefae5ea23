import { describe, expect, it } from 'vitest';
import { distanceKm, KM_PER_MI, nextSlots, zonedToUtc } from './slots.js';

describe('delivery time slots', () => {
  it('turns weekly hours in the site time zone into the next concrete windows, across a DST change', () => {
    // Saturday 7 March 2026, 07:00 in New York (EST); clocks go forward on Sunday 8 March at 02:00.
    const now = new Date('2026-03-07T12:00:00Z');
    const slots = nextSlots(
      [
        { weekday: 'SAT', fromHour: 9, toHour: 12 },
        { weekday: 'SAT', fromHour: 6, toHour: 8 },
        { weekday: 'SUN', fromHour: 1, toHour: 4 },
      ],
      now,
      'America/New_York',
    );
    expect(slots).toEqual([
      { from: '2026-03-07T14:00:00.000Z', to: '2026-03-07T17:00:00.000Z' },
      // 01:00 EST to 04:00 EDT: two hours that night.
      { from: '2026-03-08T06:00:00.000Z', to: '2026-03-08T08:00:00.000Z' },
      { from: '2026-03-14T10:00:00.000Z', to: '2026-03-14T12:00:00.000Z' },
      { from: '2026-03-14T13:00:00.000Z', to: '2026-03-14T16:00:00.000Z' },
      { from: '2026-03-15T05:00:00.000Z', to: '2026-03-15T08:00:00.000Z' },
    ]);
  });

  it('a slot that has started is not listed; toHour 24 ends at midnight; no rules, no slots', () => {
    const now = new Date('2026-06-01T10:30:00Z'); // Monday
    const slots = nextSlots([{ weekday: 'MON', fromHour: 10, toHour: 24 }], now, 'UTC');
    expect(slots[0]).toEqual({ from: '2026-06-08T10:00:00.000Z', to: '2026-06-09T00:00:00.000Z' });
    expect(slots).toHaveLength(1);
    expect(nextSlots([], now, 'UTC')).toEqual([]);
  });

  it('zonedToUtc handles zones ahead of UTC', () => {
    expect(zonedToUtc('Asia/Tokyo', 2026, 1, 1, 9).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(zonedToUtc('Asia/Kolkata', 2026, 1, 1, 0).toISOString()).toBe('2025-12-31T18:30:00.000Z');
  });
});

describe('haversine distance', () => {
  it('one degree of longitude on the equator is about 111.2 km; a mile is 1.609344 km', () => {
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111.195, 2);
    expect(distanceKm({ latitude: 51.5, longitude: -0.12 }, { latitude: 51.5, longitude: -0.12 })).toBe(0);
    expect(KM_PER_MI).toBe(1.609344);
  });
});
