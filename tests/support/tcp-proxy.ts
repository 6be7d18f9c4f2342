/**
 * A TCP proxy in front of a server (PostgreSQL) that a test cuts and restores: every connection dropped
 * and new ones refused, as when the server or the network goes, then accepted again on the same port.
 */
import net, { type AddressInfo } from 'node:net';

export interface CuttableProxy {
  readonly port: number;
  /** Drops every connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startProxy(host: string, port: number): Promise<CuttableProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let listenPort = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(port, host);
        sockets.add(client);
        sockets.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          socket.on('error', end);
          socket.on('close', end);
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      s.once('error', reject);
      s.listen(listenPort, '127.0.0.1', () => {
        listenPort = (s.address() as AddressInfo).port;
        server = s;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      if (!s) return resolve();
      s.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  await listen();
  return {
    get port() {
      return listenPort;
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
