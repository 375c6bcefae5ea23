#!/usr/bin/env node
// Cycles between the server's module folders (platform/<name>, store/<name>, kernel, http, lib, db): two modules that
// reach each other, directly or around a circle, cannot be understood, tested or moved alone. `npm run lint` fails
// on any such cycle.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NOT_PRODUCTION = /\.test\.ts$|[/-]testing\.ts$|^packages\/server\/src\/test\//;

/** The folder a server file belongs to: `store/orders`, `platform/identity`, `kernel`, …; a top-level file alone. */
function folderOf(file) {
  const rest = file.slice('packages/server/src/'.length).split('/');
  if (rest[0] === 'platform' || rest[0] === 'store') return `${rest[0]}/${rest[1]}`;
  return rest.length > 1 ? rest[0] : rest[0].replace(/\.ts$/, '.ts');
}

async function folderEdges() {
  process.chdir(root);
  const { output } = await cruise(['packages/server/src'], {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/' },
  });
  const edges = new Map();
  for (const m of output.modules) {
    if (!m.source.startsWith('packages/server/src/') || NOT_PRODUCTION.test(m.source)) continue;
    const from = folderOf(m.source);
    for (const d of m.dependencies) {
      if (!d.resolved.startsWith('packages/server/src/')) continue;
      const to = folderOf(d.resolved);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  return edges;
}

/** Tarjan's strongly connected components with more than one folder: the cycles. */
function cycles(edges) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), idx.get(w)));
      }
    }
    if (low.get(v) !== idx.get(v)) return;
    const scc = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1) out.push(scc.sort());
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return out;
}

const edges = await folderEdges();
const found = cycles(edges);
const inCycles = found
  .flatMap((scc) => {
    const members = new Set(scc);
    return scc.flatMap((from) =>
      [...(edges.get(from) ?? [])].filter((to) => members.has(to)).map((to) => `${from} -> ${to}`),
    );
  })
  .sort();

if (inCycles.length) {
  console.error(`Import cycle between module folders, through:\n  ${inCycles.join('\n  ')}`);
  console.error('Reach the other module through an event or a registered handler instead (docs/architecture.md).');
  process.exit(1);
}
console.log(`Module cycles: none (${edges.size} folders import others)`);
