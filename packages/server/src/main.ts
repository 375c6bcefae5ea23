import os from 'node:os';
import { ConfigError, loadConfig, type Config } from './config/index.js';
import { useEmbeddedEncryptionKey } from './config/embedded-key.js';
import { DataDirLockedError } from './kernel/data-dir-lock.js';
import { webBase } from './lib/urls.js';
import { startServer } from './server.js';

/**
 * `plaza start`: validates config, starts the platform and prints where it is. SIGTERM/SIGINT drain in-flight
 * requests, then close the database.
 */
export async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  useEmbeddedEncryptionKey(config);
  let server;
  try {
    server = await startServer(config);
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${config.port} is already in use. Set PORT to another port.`);
      process.exit(1);
    }
    throw e;
  }

  // Printed last, after every start-up log line, so the owner password does not scroll away.
  console.log(banner(config, server));

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      server.app.log.error('shutdown took over 30 s; exiting');
      process.exit(1);
    }, 30_000);
    timer.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      server.app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** A LAN address of this machine, to suggest for PLAZA_PUBLIC_URL when the server listens on every interface. */
function networkAddress(): string | undefined {
  for (const addresses of Object.values(os.networkInterfaces())) {
    const found = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return undefined;
}

/** Where Plaza is, and on the first start the owner login. */
export function banner(config: Config, server: Awaited<ReturnType<typeof startServer>>): string {
  const base = config.publicUrl;
  const lines = [
    '',
    `  Plaza is running on ${server.url}`,
    `    Storefront:   ${webBase({ config })}/`,
    `    Dashboard:    ${webBase({ config })}/admin`,
    `    API docs:     ${base}/docs`,
    `    Database:     ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite at ${config.dataDir}`}`,
  ];
  const everyInterface = config.host === '0.0.0.0' || config.host === '::';
  const loopback = ['localhost', '127.0.0.1', '::1'].includes(config.host);
  const lan = (everyInterface || loopback) && base.startsWith('http://localhost') ? networkAddress() : undefined;
  if (lan) {
    const port = new URL(server.url).port;
    // Listening on the loopbacks only, other devices also need HOST.
    const hostVar = loopback ? 'HOST=0.0.0.0 and ' : '';
    lines.push(
      `    Network:      to use Plaza from other devices, set ${hostVar}PLAZA_PUBLIC_URL=http://${lan}:${port}`,
    );
  }
  if (server.seedResult.owner) {
    lines.push(
      '',
      '  Owner login (shown only this once; keep it somewhere safe):',
      `    Email:     ${server.seedResult.owner.email}`,
      `    Password:  ${server.seedResult.owner.password}`,
    );
  } else {
    lines.push('', '  Lost the owner password? Stop Plaza and run: npx plaza owner reset-password');
  }
  return lines.join('\n') + '\n';
}
