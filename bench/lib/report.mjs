// The results table and the target checks.

/**
 * @typedef {object} Scenario
 * @property {string} name
 * @property {boolean} [baseline]  ratios are measured against this scenario's req/s
 * @property {Partial<import('autocannon').Options>} [request]
 * @property {(ctx: import('./client.mjs').BenchContext) => Promise<Partial<import('autocannon').Options>>} [setup]
 * @property {{ minRatio?: number, maxP99Ms?: number, maxP95Ms?: number, twin?: { name: string, minRatio: number } }} [target]
 *   maxP95Ms is checked against p97.5; `twin`: req/s ≥ minRatio × the named scenario's req/s in the same run (that
 *   scenario runs too, whatever BENCH_SCENARIOS says)
 * @property {string[][]} [prepare]  CLI commands (`plaza <args>`) run on the scratch database before the server starts
 * @property {boolean} [noWarmup]  skip the warm-up run (scenarios that spend a pool of one-time fixtures)
 * @property {(ctx: import('./client.mjs').BenchContext, server: any) => Promise<{ checks: Check[], lines: string[], data: object }>} [measure]
 *   instead of a load: times something itself (one 100 MB upload) and returns its own checks
 *
 * @typedef {import('./cannon.mjs').Summary & {
 *   name: string, baseline?: boolean, ratio: number | null, cpuRatio?: number | null, target?: Scenario['target'],
 *   cpu?: { server: number | null, client: number | null }
 * }} Row
 * @typedef {{ name: string, ok: boolean, detail: string }} Check
 */

const fmt = (n, digits = 0) => (n == null || Number.isNaN(n) ? '-' : n.toFixed(digits));

/**
 * Adds each row's ratio to the baseline's req/s.
 * @param {Array<Omit<Row, 'ratio'> & { baseline?: boolean }>} results
 * @returns {Row[]}
 */
export function withRatios(results) {
  const base = results.find((r) => r.baseline);
  const perReq = (r) => (r?.cpu?.server ? r.cpu.server / r.reqPerSec : null);
  return results.map((r) => ({
    ...r,
    ratio: base && base.reqPerSec > 0 ? r.reqPerSec / base.reqPerSec : null,
    // The same comparison by server CPU per request: steadier when other processes compete for the CPUs.
    cpuRatio: perReq(base) && perReq(r) ? perReq(base) / perReq(r) : null,
  }));
}

/** @param {string[][]} rows first row is the header; first column left-aligned, the others right-aligned */
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** @param {Row[]} rows */
export function formatTable(rows) {
  return table([
    ['scenario', 'req/s', 'p50 ms', 'p97.5 ms', 'p99 ms', 'errors', 'vs /health', 'server CPU'],
    ...rows.map((r) => [
      r.name,
      fmt(r.reqPerSec),
      fmt(r.p50),
      fmt(r.p97_5),
      fmt(r.p99),
      String(r.errors),
      r.ratio == null ? '-' : `${fmt(r.ratio * 100)}%`,
      r.cpu?.server == null ? '-' : `${fmt(r.cpu.server, 2)} cores, ${fmt((r.cpu.server / r.reqPerSec) * 1e6)} µs/req`,
    ]),
  ]);
}

/**
 * One check per scenario target, plus "no errors" over every scenario.
 * @param {Row[]} rows
 * @returns {Check[]}
 */
export function checkTargets(rows) {
  /** @type {Check[]} */
  const checks = [];
  for (const r of rows) {
    const maxP99 = r.target?.maxP99Ms;
    if (maxP99 != null) {
      checks.push({ name: `${r.name} p99 < ${maxP99} ms`, ok: r.p99 < maxP99, detail: `p99 ${fmt(r.p99)} ms` });
    }
    const maxP95 = r.target?.maxP95Ms;
    if (maxP95 != null) {
      // autocannon reports p97.5, not p95; p95 <= p97.5, so passing on p97.5 is the stricter check.
      checks.push({ name: `${r.name} p95 <= ${maxP95} ms`, ok: r.p97_5 <= maxP95, detail: `p97.5 ${fmt(r.p97_5)} ms` });
    }
    const twin = r.target?.twin;
    if (twin) checks.push(twinCheck(r, twin, rows));
    const min = r.target?.minRatio;
    if (min == null) continue;
    const ok = r.ratio != null && r.ratio >= min;
    checks.push({
      name: `${r.name} >= ${fmt(min * 100)}% of /health`,
      ok,
      detail:
        r.ratio == null
          ? 'no baseline'
          : `${fmt(r.ratio * 100, 1)}% (${fmt(r.reqPerSec)} vs ${fmt(r.reqPerSec / r.ratio)} req/s)`,
    });
  }
  const failing = rows.filter((r) => r.errors > 0);
  checks.push({
    name: 'no errors in any scenario',
    ok: failing.length === 0,
    detail: failing.length
      ? failing
          .map((r) => `${r.name}: ${JSON.stringify(r.breakdown)} status ${JSON.stringify(r.statusCodes)}`)
          .join('; ')
      : `${rows.reduce((n, r) => n + r.requests, 0)} requests, 0 errors`,
  });
  return checks;
}

/**
 * The scenario's req/s against another scenario's of the same run (GraphQL against its REST twin); the CPU per
 * request comparison is given too, as it stays meaningful on a busy machine.
 * @param {Row} r
 * @param {{ name: string, minRatio: number }} twin
 * @param {Row[]} rows
 * @returns {Check}
 */
function twinCheck(r, twin, rows) {
  const name = `${r.name} >= ${fmt(twin.minRatio * 100)}% of ${twin.name}`;
  const other = rows.find((o) => o.name === twin.name);
  if (!other || !(other.reqPerSec > 0)) return { name, ok: false, detail: 'the other scenario was not measured' };
  const ratio = r.reqPerSec / other.reqPerSec;
  const perReq = (x) => (x.cpu?.server ? x.cpu.server / x.reqPerSec : null);
  const cpu =
    perReq(r) && perReq(other) ? `; by server CPU per request ${fmt((perReq(other) / perReq(r)) * 100, 1)}%` : '';
  return {
    name,
    ok: ratio >= twin.minRatio,
    detail: `${fmt(ratio * 100, 1)}% (${fmt(r.reqPerSec)} vs ${fmt(other.reqPerSec)} req/s${cpu})`,
  };
}

/**
 * Scenarios where the server did not get its core: something else on the machine competed for the CPUs, so their
 * req/s (and ratios) understate the server. CPU µs per request is still meaningful there.
 * @param {Row[]} rows
 */
export function formatWarnings(rows) {
  return rows
    .filter((r) => r.cpu?.server != null && r.cpu.server < 0.8)
    .map((r) => {
      const why = r.baseline
        ? 'every ratio of this run is off'
        : `by CPU per request it is ${fmt((r.cpuRatio ?? NaN) * 100)}% of /health`;
      return `WARN  ${r.name}: the server got only ${fmt(r.cpu.server, 2)} cores (the machine is busy); ${why}`;
    })
    .join('\n');
}

/** @param {Check[]} checks */
export function formatChecks(checks) {
  return checks.map((c) => `${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`).join('\n');
}
