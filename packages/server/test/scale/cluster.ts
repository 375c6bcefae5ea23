import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, repoRoot, startChildServer, type ChildServer } from '../../src/test/child-server.js';

// The parts of the scale test that are not Plaza: a database of its own on the test PostgreSQL, nginx from Debian in
// the foreground with a site generated from deploy/nginx/plaza.conf, and Plaza nodes as real child processes.

export const nginxBinary = ['nginx', '/usr/sbin/nginx'].find((n) => spawnSync(n, ['-v']).status === 0);

/** An empty database next to the one TEST_DATABASE_URL names: the first node to start migrates and seeds it. */
export async function createDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `plaza_scale_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(statement).finally(() => c.end());
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * The shipped site's proxy settings in front of `ports`: its upstream with one server line per node, and its HTTPS
 * server block without TLS, listening on a loopback port over plain HTTP. TLS ends at nginx and changes nothing on the
 * upstream side (which node answers, what is retried, what Plaza sees), so the test leaves certificates out.
 * Each answer names its node in `X-Plaza-Upstream`, so the test can see that requests were spread.
 */
export function nginxSite(shipped: string, listenPort: number, ports: number[]): string {
  const upstream = /^upstream plaza \{[\s\S]*?^\}/m.exec(shipped)?.[0];
  const servers = [...shipped.matchAll(/^server \{[\s\S]*?^\}/gm)].map((m) => m[0]);
  const tls = servers.find((s) => /listen 443 ssl/.test(s));
  if (!upstream || !tls) throw new Error('deploy/nginx/plaza.conf: no `upstream plaza` or HTTPS server block');
  const nodes = ports.map((p) => `    server 127.0.0.1:${p};`).join('\n');
  const site = tls
    .split('\n')
    .filter((line) => !/^\s*(listen|ssl_|server_name|#)/.test(line))
    .join('\n')
    .replace(
      'server {',
      `server {\n    listen 127.0.0.1:${listenPort};\n    add_header X-Plaza-Upstream $upstream_addr always;`,
    );
  return `${upstream.replace(/^\s*server 127\.0\.0\.1:3000;$/m, nodes)}\n\n${site}\n`;
}

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** nginx in the foreground with its own prefix: every file it writes is in a temp dir, removed on stop. */
export async function startNginx(listenPort: number, ports: number[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-scale-nginx-'));
  const shipped = fs.readFileSync(path.join(repoRoot, 'deploy/nginx/plaza.conf'), 'utf8');
  fs.writeFileSync(path.join(dir, 'plaza.conf'), nginxSite(shipped, listenPort, ports));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`);
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      // Root runs the workers as `nobody`, who could not enter the temp dir: run them as whoever runs the test.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log off;`,
      ...temp,
      `  include ${dir}/plaza.conf;`,
      '}',
    ].join('\n'),
  );
  const check = spawnSync(nginxBinary!, ['-t', '-p', dir, '-e', `${dir}/error.log`, '-c', 'nginx.conf'], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx -t refused the generated site:\n${check.stderr}`);
  const child = spawn(
    nginxBinary!,
    ['-p', dir, '-e', `${dir}/error.log`, '-c', 'nginx.conf', '-g', 'daemon off; master_process on;'],
    { stdio: 'ignore' },
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await waitForPort(listenPort, 10_000);
  return {
    url: `http://127.0.0.1:${listenPort}`,
    stop: async () => {
      // SIGQUIT: nginx's graceful stop; its workers end with the master.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect({ host: '127.0.0.1', port });
      s.once('connect', () => resolve(s.destroy() && true));
      s.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Plaza nodes on one database, each a `plaza start` child process on its own loopback port. */
export class Cluster {
  readonly nodes: Array<ChildServer | undefined> = [];
  readonly media = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-scale-media-'));
  private readonly key = randomBytes(32).toString('base64');

  private constructor(
    readonly ports: number[],
    private readonly dbUrl: string,
    private readonly publicUrl: string,
  ) {}

  static async create(count: number, dbUrl: string, publicUrl: string): Promise<Cluster> {
    const ports: number[] = [];
    while (ports.length < count) {
      const p = await freePort();
      if (!ports.includes(p)) ports.push(p);
    }
    return new Cluster(ports, dbUrl, publicUrl);
  }

  url(i: number): string {
    return `http://127.0.0.1:${this.ports[i]}`;
  }

  /** What every node shares: the database, the media directory (NFS or S3 in production), keys and the public URL. */
  private env(): Record<string, string> {
    return {
      PLAZA_PUBLIC_URL: this.publicUrl,
      PLAZA_TRUST_PROXY: '127.0.0.1',
      PLAZA_ENCRYPTION_KEY: this.key,
      // Short timings, so work a killed node held is taken over within the test's minute.
      PLAZA_JOB_POLL_MS: '100',
      PLAZA_WEBHOOK_TIMEOUT_MS: '2000',
      PLAZA_WEBHOOK_LEASE_MS: '3000',
      PLAZA_WEBHOOK_RETRY_BASE_MS: '200',
      PLAZA_WEBHOOK_RETRY_MAX_DELAY_MS: '1000',
      // A captcha the test solves in milliseconds; the protocol is the same.
      PLAZA_CAPTCHA_COMPLEXITY: '4',
    };
  }

  async start(i: number): Promise<void> {
    this.nodes[i] = await startChildServer({
      port: this.ports[i]!,
      dbUrl: this.dbUrl,
      media: this.media,
      env: this.env(),
    });
  }

  /** kill -9: the node's open transactions and requests die with it. */
  async kill(i: number): Promise<void> {
    const node = this.nodes[i];
    node?.child.kill('SIGKILL');
    await node?.exited;
    this.nodes[i] = undefined;
  }

  /** SIGTERM: the node drains its requests, then exits; resolves with its exit code. */
  async stop(i: number): Promise<unknown> {
    const node = this.nodes[i];
    node?.child.kill('SIGTERM');
    const code = await node?.exited;
    this.nodes[i] = undefined;
    return code;
  }

  /** A CLI command on the cluster's database (`owner reset-password`): its standard output. */
  cli(args: string[]): string {
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'packages/server/dist/cli.js'), ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, DATABASE_URL: this.dbUrl, PLAZA_PUBLIC_URL: this.publicUrl, LOG_LEVEL: 'warn' },
    });
    if (r.status !== 0) throw new Error(`plaza ${args.join(' ')}: ${r.stderr}`);
    return r.stdout;
  }

  async close(): Promise<void> {
    const running = this.nodes.filter((n): n is ChildServer => !!n);
    for (const n of running) n.child.kill('SIGKILL');
    await Promise.all(running.map((n) => n.exited));
    fs.rmSync(this.media, { recursive: true, force: true });
  }
}
