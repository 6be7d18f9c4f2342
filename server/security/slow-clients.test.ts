/**
 * Slow and broken clients on a real socket: a request whose body trickles in a few bytes at a time is
 * answered 408 (the shop's JSON shape) and closed once the request timeout is over, a connection that
 * sends nothing is closed after the idle timeout, and bytes that are not HTTP get the shop's 400. Short
 * timeouts here; the defaults are in app.ts.
 */
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { buildApp, type ServerTimeouts } from '../app';
import { loadConfig } from '../config';
import { API_MESSAGES } from '../lib/api-support';

let data: ReturnType<typeof tempDataDir>;
let app: FastifyInstance | undefined;
const sockets: Socket[] = [];

beforeEach(() => {
  data = tempDataDir();
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await app?.close();
  data.remove();
});

async function listen(timeouts: ServerTimeouts): Promise<number> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join(data.dir, 'data') });
  app = await buildApp({ config, serveWeb: false, reconcile: false, timeouts });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Opens a connection; resolves with everything the server wrote and when it closed the connection. */
function open(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  socket.on('error', () => {});
  const openedAt = Date.now();
  const closed = new Promise<{ received: string; afterMs: number }>((resolve) => {
    socket.on('close', () => resolve({ received, afterMs: Date.now() - openedAt }));
  });
  return { socket, closed };
}

/** Writes `text` every 50 ms until the server closes the connection: never idle, never finished. */
function trickle(socket: Socket, text: string): void {
  const timer = setInterval(() => {
    if (socket.destroyed) clearInterval(timer);
    else socket.write(text);
  }, 50);
  socket.on('close', () => clearInterval(timer));
}

describe('slow clients', { timeout: 10_000 }, () => {
  it('a body sent three bytes at a time gets 408 and the connection closes at the request timeout', async () => {
    const port = await listen({ requestMs: 800, headersMs: 400, idleMs: 5_000, checkEveryMs: 100 });
    const { socket, closed } = open(port);
    socket.write(
      'POST /api/newsletter HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n',
    );
    trickle(socket, '{"a');
    const { received, afterMs } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(700);
    expect(afterMs).toBeLessThan(15_000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toMatch(/\r\nX-Content-Type-Options: nosniff\r\n/i);
    expect(received).toMatch(/\r\nCache-Control: no-store\r\n/i);
    expect(received.split('\r\n\r\n')[1]).toBe(JSON.stringify({ ok: false, error: API_MESSAGES.timeout }));
  });

  it('headers that never end get 408 at the header timeout', async () => {
    const port = await listen({ requestMs: 2_000, headersMs: 500, idleMs: 5_000, checkEveryMs: 100 });
    const { socket, closed } = open(port);
    socket.write('GET /api/health HTTP/1.1\r\nHost: shop.test\r\n');
    trickle(socket, 'X: y\r\n');
    const { received, afterMs } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(400);
    expect(afterMs).toBeLessThan(15_000);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a connection that sends nothing is closed after the idle timeout', async () => {
    const port = await listen({ requestMs: 5_000, headersMs: 5_000, idleMs: 300, checkEveryMs: 1_000 });
    const { closed } = open(port);
    const { received, afterMs } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(250);
    expect(afterMs).toBeLessThan(15_000);
    expect(received).toBe('');
  });

  it('bytes that are not HTTP get 400 in the shop shape, with its headers, and the connection closes', async () => {
    const port = await listen({ requestMs: 5_000, headersMs: 5_000, idleMs: 5_000, checkEveryMs: 1_000 });
    const { socket, closed } = open(port);
    socket.write('HELLO /echo-marker THERE\r\n\r\n');
    const { received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(received).toMatch(/\r\nX-Frame-Options: SAMEORIGIN\r\n/i);
    expect(received).not.toContain('echo-marker');
    expect(received.split('\r\n\r\n')[1]).toBe(JSON.stringify({ ok: false, error: API_MESSAGES.badRequest }));
  });
});
