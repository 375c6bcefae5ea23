import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/test/child-server.js';

// The files docs/deploy.md tells an operator to copy are checked by the tools that will read them: the nginx site
// with `nginx -t` (a throwaway certificate and a minimal nginx.conf around it), the unit with `systemd-analyze`.

const site = path.join(repoRoot, 'deploy/nginx/plaza.conf');
const unit = path.join(repoRoot, 'deploy/systemd/plaza.service');
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const nginx = ['nginx', '/usr/sbin/nginx'].find((n) => spawnSync(n, ['-v']).status === 0);
let dir: string;
if (!nginx) console.warn('deploy.test.ts: nginx is not installed, so `nginx -t` on deploy/nginx/plaza.conf is skipped');

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-deploy-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('deploy/', () => {
  it.skipIf(!nginx)('nginx -t accepts the site', () => {
    const openssl = spawnSync('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=shop.example'],
      ...['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
    ]);
    expect(openssl.status, String(openssl.stderr)).toBe(0);

    // The site as shipped, with the throwaway certificate in place of the operator's.
    const text = fs
      .readFileSync(site, 'utf8')
      .replace(/ssl_certificate \S+;/, `ssl_certificate ${path.join(dir, 'cert.pem')};`)
      .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${path.join(dir, 'key.pem')};`);
    expect(text).toContain(path.join(dir, 'key.pem'));
    fs.writeFileSync(path.join(dir, 'plaza.conf'), text);
    // Everything nginx would write goes to the temp dir, so the check needs no root.
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (t) => `  ${t}_temp_path ${path.join(dir, t)};`,
    );
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        `pid ${path.join(dir, 'nginx.pid')};`,
        `error_log ${path.join(dir, 'error.log')};`,
        'events {}',
        'http {',
        `  access_log ${path.join(dir, 'access.log')};`,
        ...temp,
        `  include ${path.join(dir, 'plaza.conf')};`,
        '}',
      ].join('\n'),
    );

    const check = spawnSync(nginx!, ['-t', '-p', dir, '-e', path.join(dir, 'error.log'), '-c', 'nginx.conf'], {
      encoding: 'utf8',
    });
    expect(check.stderr).toContain('test is successful');
    expect(check.status).toBe(0);
    // Plaza compresses its answers: nginx must not do it a second time.
    expect(text).toMatch(/^\s*gzip off;/m);
  });

  it('docs/deploy.md shows both files as they are', () => {
    const doc = fs.readFileSync(path.join(repoRoot, 'docs/deploy.md'), 'utf8');
    expect(doc).toContain(`\`\`\`nginx\n${fs.readFileSync(site, 'utf8')}\`\`\``);
    expect(doc).toContain(`\`\`\`ini\n${fs.readFileSync(unit, 'utf8')}\`\`\``);
  });

  it.skipIf(!has('systemd-analyze'))('systemd-analyze verifies the unit without a warning', () => {
    const check = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
    expect(check.stderr.trim()).toBe('');
    expect(check.status).toBe(0);
  });
});
