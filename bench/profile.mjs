#!/usr/bin/env node
// Summarizes a server CPU profile per scenario: where the server spent its CPU while each load ran.
//   BENCH_CPU_PROF=/tmp/prof npm run bench        (the server writes /tmp/prof/*.cpuprofile when it stops)
//   node bench/profile.mjs /tmp/prof/CPU.*.cpuprofile [bench/results/latest.json] [--top 15]
// Scenario windows come from latest.json (monotonic clock, the one --cpu-prof uses on Linux).
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib/server.mjs';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 15;
const [profileFile, resultsFile = path.join(root, 'bench/results/latest.json')] = args;
if (!profileFile) {
  console.error('Usage: node bench/profile.mjs <file.cpuprofile> [results.json] [--top N]');
  process.exit(2);
}

const profile = JSON.parse(fs.readFileSync(profileFile, 'utf8'));
const results = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : { scenarios: [] };

/** @type {Map<number, any>} */
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** Where a function comes from: an npm package, the server bundle, Node itself or V8. */
function origin(url) {
  if (!url) return '(native/V8)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes('packages/server/dist')) return 'server bundle';
  if (url.startsWith('wasm://')) return 'PGlite wasm (postgres)';
  if (url.startsWith('node:')) return url;
  return path.basename(url);
}

function label(cf) {
  const fn = cf.functionName || '(anonymous)';
  if (!cf.url) return fn;
  return `${fn} ${origin(cf.url) === 'server bundle' ? 'cli.js' : origin(cf.url)}:${cf.lineNumber + 1}`;
}

/** Self and inclusive sample time (µs) per function and per origin, for samples in [start, end]. */
function aggregate(start, end) {
  const self = new Map();
  const incl = new Map();
  const byOrigin = new Map();
  let total = 0;
  let idle = 0;
  let t = profile.startTime;
  const add = (m, k, v) => m.set(k, (m.get(k) ?? 0) + v);
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    if (t < start || t > end) continue;
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const node = nodes.get(profile.samples[i]);
    const name = node.callFrame.functionName;
    total += dt;
    if (name === '(idle)' || name === '(program)') {
      if (name === '(idle)') idle += dt;
      add(self, name, dt);
      continue;
    }
    add(self, label(node.callFrame), dt);
    add(byOrigin, name === '(garbage collector)' ? '(garbage collector)' : origin(node.callFrame.url), dt);
    const seen = new Set();
    for (let id = node.id; id != null; id = parent.get(id)) {
      const key = label(nodes.get(id).callFrame);
      if (seen.has(key)) continue; // recursion: count a function once per sample
      add(incl, key, dt);
      seen.add(key);
    }
  }
  return { self, incl, byOrigin, total, idle };
}

function print(title, a) {
  const busy = a.total - a.idle;
  const pct = (v) => `${((100 * v) / Math.max(busy, 1)).toFixed(1).padStart(5)}%`;
  const list = (m, n) =>
    [...m]
      .filter(([k]) => k !== '(idle)')
      .sort((x, y) => y[1] - x[1])
      .slice(0, n)
      .map(([k, v]) => `    ${pct(v)}  ${k}`)
      .join('\n');
  console.log(
    `\n=== ${title}: ${(a.total / 1e6).toFixed(1)} s sampled, busy ${((100 * busy) / Math.max(a.total, 1)).toFixed(0)}%`,
  );
  console.log(`  by origin (self time, % of busy):\n${list(a.byOrigin, 12)}`);
  console.log(`  top self:\n${list(a.self, top)}`);
  console.log(`  top inclusive:\n${list(a.incl, top)}`);
}

const windows = results.scenarios.filter((s) => s.window);
const inside = windows.filter((s) => s.window.startUs >= profile.startTime && s.window.endUs <= profile.endTime);
if (!inside.length) {
  if (windows.length) console.log('(scenario windows are outside this profile: whole profile shown)');
  print(path.basename(profileFile), aggregate(profile.startTime, profile.endTime));
}
for (const s of inside)
  print(`${s.name} (${s.reqPerSec.toFixed(0)} req/s)`, aggregate(s.window.startUs, s.window.endUs));
