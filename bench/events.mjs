#!/usr/bin/env node
// `node bench/events.mjs`: the two budgets of events and webhooks (docs/benchmarks.md).
//   1. member PATCH with events (PLAZA_EVENTS=on) against the same PATCH without (off), one run each, same load:
//      events may cost at most 15 % of the req/s.
//   2. delivery throughput: 1,000 queued events delivered to a receiver on 127.0.0.1 in at most 10 s.
// BENCH_DATABASE_URL=postgres://… runs both on PostgreSQL (the throughput budget is defined there); BENCH_DURATION sets
// the seconds of each PATCH run (default 10). Build first: node scripts/build.mjs --server.
import http from 'node:http';
import { runCannon, summarize } from './lib/cannon.mjs';
import { startServer } from './lib/server.mjs';

const postgresUrl = process.env.BENCH_DATABASE_URL?.trim() || undefined;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const API_KEY = ['api-key', 'create', '--name', 'bench', '--scopes', 'members,webhooks'];

async function api(url, key, method, path, body) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: key, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

async function withServer(env, fn) {
  const server = await startServer({ postgresUrl, env, prepare: [API_KEY] });
  const key = server.prepared
    .find((p) => p.args[0] === 'api-key')
    .output.trim()
    .split('\n')
    .at(-1);
  try {
    return await fn(server.url, key);
  } finally {
    await server.stop();
  }
}

async function createMembers(url, key, n, prefix) {
  const ids = [];
  for (let i = 0; i < n; i++) {
    const { member } = await api(url, key, 'POST', '/members/v1/members', {
      member: { loginEmail: `${prefix}${i}@bench.example`, profile: { nickname: `${prefix} ${i}` } },
    });
    ids.push(member.id);
  }
  return ids;
}

/** A server (events on or off) with 50 members, and the autocannon options that PATCH them in turn. */
async function patchTarget(events) {
  const server = await startServer({ postgresUrl, env: { PLAZA_EVENTS: events }, prepare: [API_KEY] });
  const key = server.prepared
    .find((p) => p.args[0] === 'api-key')
    .output.trim()
    .split('\n')
    .at(-1);
  const ids = await createMembers(server.url, key, 50, `patch-${events}`);
  let n = 0;
  const options = (seconds) => ({
    url: server.url,
    connections: 4,
    duration: seconds,
    requests: [
      {
        method: 'PATCH',
        setupRequest: (req) => {
          const id = ids[n++ % ids.length];
          return {
            ...req,
            path: `/members/v1/members/${id}`,
            headers: { authorization: key, 'content-type': 'application/json' },
            body: JSON.stringify({
              member: { profile: { nickname: `Name ${n}` } },
              fieldMask: { paths: ['profile.nickname'] },
            }),
          };
        },
      },
    ],
  });
  return { server, options };
}

/**
 * Both servers run side by side and take turns (off, on, off, on, …: ROUNDS short runs each), so a machine that
 * gets busier or quieter during the bench weighs on both alike. Returns the summed requests and latencies.
 */
async function patchComparison() {
  const ROUNDS = 5;
  const targets = { off: await patchTarget('off'), on: await patchTarget('on') };
  const totals = {
    off: { requests: 0, seconds: 0, p50: [], p99: [], errors: 0 },
    on: { requests: 0, seconds: 0, p50: [], p99: [], errors: 0 },
  };
  try {
    for (const t of Object.values(targets)) await runCannon(t.options(2)); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of ['off', 'on']) {
        const seconds = Math.max(1, Math.round(duration / ROUNDS));
        const r = summarize(await runCannon(targets[mode].options(seconds)));
        const tot = totals[mode];
        tot.requests += r.requests;
        tot.seconds += seconds;
        tot.p50.push(r.p50);
        tot.p99.push(r.p99);
        tot.errors += r.errors;
      }
    }
  } finally {
    await Promise.all(Object.values(targets).map((t) => t.server.stop()));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const out = {};
  for (const [mode, t] of Object.entries(totals)) {
    out[mode] = { reqPerSec: t.requests / t.seconds, p50: median(t.p50), p99: median(t.p99), errors: t.errors };
  }
  return out;
}

/** 1,000 events queued while the subscription is paused; then resumed and timed until the receiver has them all. */
async function deliveryRun() {
  // Development mode: the receiver is on 127.0.0.1, which production refuses unless the owner allows it.
  return withServer({ NODE_ENV: 'development', PLAZA_JOB_POLL_MS: '50' }, async (url, key) => {
    const seen = new Set();
    let done;
    const all = new Promise((resolve) => (done = resolve));
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const payload = JSON.parse(Buffer.from(body.split('.')[1], 'base64url').toString());
        seen.add(payload.id);
        res.end('ok');
        if (seen.size >= 1000) done();
      });
    });
    await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { subscription } = await api(url, key, 'POST', '/webhooks/v1/subscriptions', {
        subscription: {
          url: `http://127.0.0.1:${receiver.address().port}/hook`,
          eventTypes: ['members.member.updated'],
        },
      });
      await api(url, key, 'POST', `/webhooks/v1/subscriptions/${subscription.id}/pause`);
      const ids = await createMembers(url, key, 200, 'deliver');
      for (let i = 0; i < 1000; i++) {
        await api(url, key, 'PATCH', `/members/v1/members/${ids[i % ids.length]}`, {
          member: { profile: { nickname: `Delivery ${i}` } },
          fieldMask: { paths: ['profile.nickname'] },
        });
      }
      const started = performance.now();
      await api(url, key, 'POST', `/webhooks/v1/subscriptions/${subscription.id}/resume`);
      await Promise.race([
        all,
        new Promise((_, reject) => setTimeout(() => reject(new Error('not all delivered in 60 s')), 60_000)),
      ]);
      return (performance.now() - started) / 1000;
    } finally {
      receiver.closeAllConnections();
      receiver.close();
    }
  });
}

const db = postgresUrl ? 'PostgreSQL' : 'PGlite';
const { off, on } = await patchComparison();
const cost = 1 - on.reqPerSec / off.reqPerSec;
console.log(`member PATCH on ${db}, 4 connections, ${duration} s each in 5 alternating turns:`);
console.log(
  `  without events: ${off.reqPerSec.toFixed(0)} req/s, p50 ${off.p50} ms, p99 ${off.p99} ms, errors ${off.errors}`,
);
console.log(
  `  with events:    ${on.reqPerSec.toFixed(0)} req/s, p50 ${on.p50} ms, p99 ${on.p99} ms, errors ${on.errors}`,
);
console.log(
  `  events cost ${(cost * 100).toFixed(1)} % of the throughput (budget ≤ 15 %): ${cost <= 0.15 ? 'ok' : 'OVER BUDGET'}`,
);
const seconds = await deliveryRun();
console.log(
  `delivery on ${db}: 1,000 queued events delivered in ${seconds.toFixed(2)} s (budget ≤ 10 s): ${seconds <= 10 ? 'ok' : 'OVER BUDGET'}`,
);
process.exitCode = cost <= 0.15 && seconds <= 10 ? 0 : 1;
