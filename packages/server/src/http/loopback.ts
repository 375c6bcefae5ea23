import net from 'node:net';
import type { App } from './types.js';

/**
 * `HOST=localhost` (the default with the embedded database) is both loopbacks, whatever the machine's hosts file maps
 * `localhost` to: Fastify listens on 127.0.0.1 and this takes ::1 on the same port, handing each connection to the
 * same HTTP server, so it is served, counted and drained with the others. Call `close()` before closing the app.
 */
export async function listenOnIpv6Loopback(app: App, port: number): Promise<{ close(): void }> {
  const forwarder = net.createServer((socket) => app.server.emit('connection', socket));
  const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    forwarder.once('error', resolve);
    forwarder.listen({ port, host: '::1', ipv6Only: true }, () => resolve(undefined));
  });
  // A machine without IPv6 has no ::1: 127.0.0.1 alone is its loopback.
  if (error && error.code !== 'EADDRNOTAVAIL' && error.code !== 'EAFNOSUPPORT') {
    app.log.warn({ code: error.code }, `not listening on [::1]:${port}; 127.0.0.1 only`);
  }
  return {
    close: () => {
      if (error === undefined) forwarder.close();
    },
  };
}
