import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './format.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

// Turning a date into text anywhere else gives the browser's format ("11/27/2026") where the site says "Nov 27, 2026".
const DATE_TEXT = /toLocale(?:Date|Time)?String\(|new Intl\.DateTimeFormat\(/;
/** lib/format.ts is the one place; the time-zone picker names offsets ("GMT+1"), not dates. */
const ALLOWED = new Set(['lib/format.ts', 'admin/ui/pickers.ts']);

describe('dates: one format, from the site’s locale', () => {
  it('every screen formats dates through lib/format.ts', () => {
    const offenders = files(SRC)
      .filter((f) => !/\.test\.tsx?$/.test(f))
      .map((f) => relative(SRC, f))
      .filter((f) => !ALLOWED.has(f) && DATE_TEXT.test(readFileSync(join(SRC, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('writes the day and the time in the site’s locale and time zone', () => {
    const site = { locale: 'en-US', timeZone: 'America/New_York' };
    expect(formatDay('2026-11-27T15:00:00.000Z', site)).toBe('Nov 27, 2026');
    // Late evening in New York is already the next day in UTC: the site's time zone decides.
    expect(formatDay('2026-11-28T02:00:00.000Z', site)).toBe('Nov 27, 2026');
    expect(formatDay('2026-11-27T15:00:00.000Z', { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('27.11.2026');
    expect(formatDateTime('2026-11-27T15:04:00.000Z', site)).toMatch(/^Nov 27, 2026, 10:04\sAM$/);
    expect(formatDay('not a date', site)).toBe('not a date');
  });
});
