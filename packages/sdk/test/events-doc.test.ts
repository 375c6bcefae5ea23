import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, SERVICE_PLUGIN_METHODS } from '@plaza/contracts';
import { EVENTS_DOC_PATH, renderEventsDoc } from '../../../scripts/events-doc.js';

describe('docs/events.md', () => {
  it('is what scripts/events-doc.ts renders from the contracts (run `npx tsx scripts/events-doc.ts` after a change)', async () => {
    const rendered = await renderEventsDoc();
    for (const type of EVENT_TYPES) expect(rendered).toContain(`\`${type}\``);
    for (const method of Object.keys(SERVICE_PLUGIN_METHODS)) expect(rendered).toContain(`### \`${method}\``);
    expect(readFileSync(EVENTS_DOC_PATH, 'utf8')).toBe(rendered);
  });
});
