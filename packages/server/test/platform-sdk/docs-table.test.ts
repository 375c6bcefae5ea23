import fs from 'node:fs';
import { expect, it } from 'vitest';

// docs/platform-sdk.md's table of calls is generated from the suites (journey.test.ts here, and the browser's
// e2e/platform-sdk.e2e.ts): `it` works, `it.fails` still fails (for the reason in its title), `it.todo` is not
// covered yet. Run with UPDATE_PLATFORM_SDK_TABLE=1 to rewrite it.

const SUITES = [
  new URL('./journey.test.ts', import.meta.url),
  new URL('../../../../e2e/platform-sdk.e2e.ts', import.meta.url),
];
const DOC = new URL('../../../../docs/platform-sdk.md', import.meta.url);
const START = '<!-- calls:start (generated from packages/server/test/platform-sdk/ and e2e/platform-sdk.e2e.ts) -->';
const END = '<!-- calls:end -->';
const STATE = { it: 'works', 'it.fails': 'fails', 'it.todo': 'not covered yet' } as const;

/** The table rows: one per test whose title starts with an SDK call (`module.method`). */
function callTable(source: string): string {
  const rows = ['| Call | State | Note |', '| --- | --- | --- |'];
  const tests = /\b(it|it\.fails|it\.todo)\(\s*(['"])((?:(?!\2).)*)\2/g;
  for (const [, kind, , title] of source.matchAll(tests)) {
    if (!/^\w+\.\w+/.test(title!)) continue;
    const [calls, note = ''] = title!.split(/: (.*)/s);
    const code = calls!.replace(/\b(\w+\.\w+)\b/g, '`$1`');
    rows.push(`| ${code} | ${STATE[kind as keyof typeof STATE]} | ${note.replace(/\|/g, '\\|')} |`);
  }
  return rows.join('\n');
}

/** A Markdown table's text without its column padding (prettier pads the doc's copy). */
const unpadded = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split('|')
            .map((cell) => cell.trim().replace(/^-+$/, '-'))
            .join('|')
        : line,
    )
    .join('\n');

it('docs/platform-sdk.md lists every call of the suite with its state', () => {
  const doc = fs.readFileSync(DOC, 'utf8');
  const table = callTable(SUITES.map((suite) => fs.readFileSync(suite, 'utf8')).join('\n'));
  const [before, rest = ''] = doc.split(START);
  const after = rest.split(END)[1] ?? '';
  const fresh = `${before}${START}\n\n${table}\n\n${END}${after}`;
  if (process.env.UPDATE_PLATFORM_SDK_TABLE === '1') return fs.writeFileSync(DOC, fresh);
  expect(doc.includes(START) && doc.includes(END), 'the markers of the table').toBe(true);
  expect(unpadded(doc)).toBe(unpadded(fresh));
});
