// Runs one autocannon load and reduces its result to the numbers the report shows.
import autocannon from 'autocannon';

const running = new Set();
let stopped = false;

/**
 * @param {import('autocannon').Options} opts
 * @returns {Promise<import('autocannon').Result>}
 */
export function runCannon(opts) {
  return new Promise((resolve, reject) => {
    if (stopped) return reject(new Error('interrupted'));
    const instance = autocannon(opts, (err, result) => {
      running.delete(instance);
      if (err) reject(err);
      else resolve(result);
    });
    running.add(instance);
  });
}

/** Ends the loads in progress early (Ctrl-C) and refuses new ones: runCannon then rejects with "interrupted". */
export function stopRunning() {
  stopped = true;
  for (const instance of running) instance.stop();
}

/**
 * @typedef {object} Summary
 * @property {number} reqPerSec   mean requests per second over the run
 * @property {number} p50         latency in ms
 * @property {number} p99         latency in ms
 * @property {number} p97_5       latency in ms (autocannon has no p95: this is its closest upper bound)
 * @property {number} requests    responses counted
 * @property {number} errors      non2xx + errors + timeouts (+ body mismatches)
 * @property {{ non2xx: number, errors: number, timeouts: number, mismatches: number }} breakdown
 * @property {Record<string, number>} statusCodes
 */

/**
 * @param {import('autocannon').Result} r
 * @returns {Summary}
 */
export function summarize(r) {
  const breakdown = { non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, mismatches: r.mismatches ?? 0 };
  const statusCodes = {};
  for (const [k, v] of Object.entries(r.statusCodeStats ?? {})) statusCodes[k] = v.count;
  return {
    reqPerSec: r.requests.mean,
    p50: r.latency.p50,
    p99: r.latency.p99,
    p97_5: r.latency.p97_5,
    requests: r.requests.total,
    errors: breakdown.non2xx + breakdown.errors + breakdown.timeouts + breakdown.mismatches,
    breakdown,
    statusCodes,
  };
}
