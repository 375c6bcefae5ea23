#!/usr/bin/env node
// `npm run bench`: starts the built server on a scratch database, loads every scenario with autocannon,
// prints a table and the targets, writes bench/results/latest.json. Exit code 1 when a target fails.
//
// Environment:
//   BENCH_DURATION=10        seconds per scenario          BENCH_CONNECTIONS=10   concurrent connections
//   BENCH_WARMUP=2           unmeasured seconds before each scenario (0: none)
//   BENCH_DATABASE_URL=...   PostgreSQL server to create a scratch database on (default: embedded PGlite)
//   BENCH_SCENARIOS=a,b      only scenarios whose name contains one of these (the baseline and twins always run)
//   BENCH_CPU_PROF=dir       run the server with --cpu-prof into dir (written when it exits)
//   BENCH_SERVER_CLI=file    bench another server build than packages/server/dist/cli.js
//   BENCH_NO_FAIL=1          always exit 0 (report only)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCannon, stopRunning, summarize } from './lib/cannon.mjs';
import { createContext } from './lib/client.mjs';
import { checkTargets, formatChecks, formatTable, formatWarnings, withRatios } from './lib/report.mjs';
import { processCpuSeconds, root, startServer } from './lib/server.mjs';

function intEnv(name, fallback, min) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number >= ${min}, got "${raw}"`);
  return n;
}

const config = {
  duration: intEnv('BENCH_DURATION', 10, 1),
  connections: intEnv('BENCH_CONNECTIONS', 10, 1),
  warmup: intEnv('BENCH_WARMUP', 2, 0),
  postgresUrl: process.env.BENCH_DATABASE_URL?.trim() || undefined,
  only: (process.env.BENCH_SCENARIOS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  cpuProf: process.env.BENCH_CPU_PROF?.trim() || undefined,
  noFail: process.env.BENCH_NO_FAIL === '1',
};

/** Every module in bench/scenarios exports an array of scenarios; platform.mjs (with the baseline) comes first. */
async function loadScenarios() {
  const dir = path.join(root, 'bench/scenarios');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.mjs'))
    .sort((a, b) => (a === 'platform.mjs' ? -1 : b === 'platform.mjs' ? 1 : a.localeCompare(b)));
  /** @type {import('./lib/report.mjs').Scenario[]} */
  const all = [];
  for (const f of files) all.push(...(await import(pathToFileURL(path.join(dir, f)).href)).default);
  const chosen = all.filter((s) => s.baseline || !config.only.length || config.only.some((o) => s.name.includes(o)));
  // A scenario measured against a twin (GraphQL against REST) brings the twin along.
  const twins = new Set(chosen.map((s) => s.target?.twin?.name).filter(Boolean));
  return all.filter((s) => chosen.includes(s) || twins.has(s.name));
}

// First Ctrl-C/SIGTERM: stop the load, then stop the server and drop the scratch database. Second: exit now
// (the server child is SIGKILLed on exit).
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n${signal}: stopping (again to exit at once)`);
    stopRunning();
  });
}

async function main() {
  const scenarios = await loadScenarios();
  const cpus = os.cpus();
  const machine = {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: os.loadavg()[0], // > 0.5 on an idle box means something else competes for the CPUs
  };
  console.log(
    `Plaza bench: ${scenarios.length} scenarios, ${config.duration} s each (+${config.warmup} s warm-up), ` +
      `${config.connections} connections, ${config.postgresUrl ? 'PostgreSQL' : 'PGlite'}, ${machine.cpus} CPUs, Node ${machine.node}, load ${machine.loadAverageAtStart.toFixed(2)}`,
  );

  const nodeArgs = config.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(config.cpuProf)}`] : [];
  // Data some scenarios need loaded first (each distinct command once), such as 100,000 members.
  const prepare = [...new Map(scenarios.flatMap((s) => s.prepare ?? []).map((a) => [a.join(' '), a])).values()];
  if (prepare.length) console.log(`Preparing the database: ${prepare.map((a) => `plaza ${a.join(' ')}`).join('; ')}`);
  const server = await startServer({ postgresUrl: config.postgresUrl, nodeArgs, prepare });
  const results = [];
  /** @type {import('./lib/report.mjs').Check[]} */
  const measured = [];
  const extras = [];
  let exitCode = null;
  try {
    console.log(`Server ${server.url} (pid ${server.pid}, ${server.database})\n`);
    const ctx = createContext({
      url: server.url,
      connections: config.connections,
      duration: config.duration,
      serverLog: server.log,
      prepared: server.prepared,
    });
    for (const scenario of scenarios) {
      if (interrupted) throw new Error('interrupted');
      // A measured scenario times something autocannon can't (one big upload) and reports its own checks.
      if (scenario.measure) {
        const m = await scenario.measure(ctx, server);
        measured.push(...m.checks);
        extras.push({ name: scenario.name, ...m.data });
        for (const line of m.lines) console.log(`  ${scenario.name}: ${line}`);
        continue;
      }
      const extra = scenario.setup ? await scenario.setup(ctx) : {};
      // autocannon takes the path as part of `url` (or per entry of `requests`).
      const { path: urlPath = '', ...load } = { ...scenario.request, ...extra };
      const opts = { connections: config.connections, ...load, url: server.url + urlPath };
      // Scenarios that consume a pool of one-time fixtures (codes) run without the warm-up that would spend them.
      if (config.warmup && !scenario.noWarmup) await runCannon({ ...opts, duration: config.warmup });
      const cpu0 = { server: server.cpuSeconds(), client: processCpuSeconds(process.pid) };
      const startUs = Number(process.hrtime.bigint() / 1000n); // same clock as --cpu-prof timestamps (Linux)
      const result = await runCannon({ ...opts, duration: config.duration });
      const window = { startUs, endUs: Number(process.hrtime.bigint() / 1000n) };
      const cpu = {
        server: cpu0.server == null ? null : (server.cpuSeconds() - cpu0.server) / result.duration,
        client: cpu0.client == null ? null : (processCpuSeconds(process.pid) - cpu0.client) / result.duration,
      };
      if (interrupted) throw new Error('interrupted');
      const row = {
        name: scenario.name,
        baseline: !!scenario.baseline,
        target: scenario.target,
        ...summarize(result),
        cpu,
        window,
      };
      results.push(row);
      const cores = (n) => (n == null ? '?' : n.toFixed(2));
      console.log(
        `  ${row.name}: ${row.reqPerSec.toFixed(0)} req/s, p99 ${row.p99} ms, ${row.errors} errors ` +
          `(CPU cores used: server ${cores(cpu.server)}, bench client ${cores(cpu.client)})`,
      );
    }
  } finally {
    exitCode = await server.stop();
  }

  const rows = withRatios(results);
  const checks = [...checkTargets(rows), ...measured];
  const logRecords = server.logRecords();
  console.log(`\n${formatTable(rows)}\n\n${formatChecks(checks)}`);
  const warnings = formatWarnings(rows);
  if (warnings) console.log(`\n${warnings}`);
  if (exitCode !== 0) console.log(`\nWARN  the server exited with ${exitCode} after SIGTERM (expected 0)`);
  if (logRecords.length) {
    console.log(
      `\nThe server logged ${logRecords.length} warnings/errors; the first ones:\n${logRecords.slice(0, 5).join('\n')}`,
    );
  }

  const out = path.join(root, 'bench/results/latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const pass = checks.every((c) => c.ok);
  const { postgresUrl: _url, ...shown } = config; // the URL may hold a password
  const report = {
    date: new Date().toISOString(),
    machine,
    config: { ...shown, database: server.database },
    scenarios: rows,
    measured: extras,
    checks,
    serverExitCode: exitCode,
    serverLogRecords: logRecords.length,
    pass,
  };
  fs.writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  console.log(`\n${pass ? 'All targets met' : 'Some targets failed'}. Results: ${path.relative(process.cwd(), out)}`);
  return pass || config.noFail ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (interrupted && err?.message === 'interrupted') {
      console.error('Interrupted; the server was stopped.');
      process.exit(130);
    }
    console.error(err);
    process.exit(1);
  },
);
