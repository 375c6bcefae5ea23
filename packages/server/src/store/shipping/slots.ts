import type { StoredSlot } from './tables.js';

/** `Date.getUTCDay()` order. */
const WEEKDAYS_FROM_SUNDAY = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;

/** How many concrete delivery windows an option lists, and how far ahead it looks. */
export const SLOTS_LISTED = 10;
const DAYS_AHEAD = 14;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string, at: Date) {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** How far `timeZone` is ahead of UTC at `at`, in ms. */
function offsetMs(timeZone: string, at: number): number {
  const p = partsIn(timeZone, new Date(at));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000;
}

/** The UTC instant of a wall-clock time in `timeZone` (two passes settle daylight-saving edges). */
export function zonedToUtc(timeZone: string, y: number, m: number, d: number, hour: number): Date {
  const wall = Date.UTC(y, m - 1, d, hour);
  let utc = wall - offsetMs(timeZone, wall);
  utc = wall - offsetMs(timeZone, utc);
  return new Date(utc);
}

/**
 * The next concrete windows of weekly slot rules (hours in the site's time zone), soonest first: windows that have
 * not started by `now`, within the next two weeks, at most SLOTS_LISTED.
 */
export function nextSlots(rules: StoredSlot[], now: Date, timeZone: string): Array<{ from: string; to: string }> {
  if (!rules.length) return [];
  const out: Array<{ from: Date; to: Date }> = [];
  const today = partsIn(timeZone, now);
  for (let i = 0; i < DAYS_AHEAD; i++) {
    // Noon UTC of the local calendar day i days ahead: a safe anchor for its date and weekday.
    const anchor = new Date(Date.UTC(today.year, today.month - 1, today.day + i, 12));
    const y = anchor.getUTCFullYear();
    const m = anchor.getUTCMonth() + 1;
    const d = anchor.getUTCDate();
    const weekday = WEEKDAYS_FROM_SUNDAY[anchor.getUTCDay()]!;
    for (const rule of rules) {
      if (rule.weekday !== weekday) continue;
      const from = zonedToUtc(timeZone, y, m, d, rule.fromHour);
      if (from.getTime() <= now.getTime()) continue;
      out.push({ from, to: zonedToUtc(timeZone, y, m, d, rule.toHour) });
    }
  }
  return out
    .sort((a, b) => a.from.getTime() - b.from.getTime())
    .slice(0, SLOTS_LISTED)
    .map((s) => ({ from: s.from.toISOString(), to: s.to.toISOString() }));
}

const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_MI = 1.609344;

/** Great-circle distance in km (haversine). */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (x: number) => (x * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
