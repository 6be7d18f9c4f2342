/**
 * A real SMTP server in the test process (smtp-server on 127.0.0.1), keeping every message it accepted,
 * parsed with mailparser. It can be stopped and started again on the same port to play a mail server
 * that is down for a while. Waits resolve on the events themselves (a message kept, a connection closed).
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly envelopeFrom: string;
  readonly envelopeTo: readonly string[];
  readonly parsed: ParsedMail;
  readonly raw: string;
}

export interface SmtpSink {
  readonly port: number;
  readonly url: string;
  readonly messages: ReceivedMail[];
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Resolves when at least `count` messages arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /**
   * Resolves once no message is on its way in, on any connection (rejects after `timeoutMs`): a
   * transaction runs from MAIL FROM to the end of its data or of its connection. With the outbox's rows
   * all marked sent this means no sender is still in the middle of a send: a message sent twice would
   * have arrived by then. (The shop's transport keeps its connection open between messages.)
   */
  idle(timeoutMs?: number): Promise<void>;
}

/**
 * `changed` is called when a message was kept and when a connection has closed. `inFlight` holds the
 * sessions between their MAIL FROM and the end of that message.
 */
function createServer(messages: ReceivedMail[], inFlight: Set<string>, changed: () => void): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A stop closes the connections a client keeps open between messages (after a 421) at once, as a
    // mail server going down does, instead of waiting 30 s for the client to leave.
    closeTimeout: 10,
    onMailFrom(_address, session, callback) {
      inFlight.add(session.id);
      callback();
    },
    // Called once the connection has left `server.connections`.
    onClose(session) {
      inFlight.delete(session.id);
      changed();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const from = session.envelope.mailFrom;
            messages.push({
              envelopeFrom: from ? from.address : '',
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              parsed,
              raw: raw.toString('utf8'),
            });
            inFlight.delete(session.id);
            changed();
            callback();
          })
          .catch((err: Error) => {
            inFlight.delete(session.id);
            callback(err);
          });
      });
    },
  });
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.server.address() as AddressInfo;
      resolve(address.port);
    });
  });
}

function close(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const check of [...waiters]) check();
  };
  /** Resolves once `done()` holds, checked now and at every event; rejects with `why()` after `timeoutMs`. */
  const until = (done: () => boolean, timeoutMs: number, why: () => string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!done()) return;
        finish();
        resolve();
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(why()));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  const inFlight = new Set<string>();
  const serve = () => createServer(messages, inFlight, changed);
  let server: SMTPServer | null = serve();
  const port = await listen(server, 0);
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async stop() {
      if (server) await close(server);
      server = null;
      changed();
    },
    async start() {
      if (server) return;
      server = serve();
      await listen(server, port);
    },
    async waitFor(count, timeoutMs = 10_000) {
      await until(
        () => messages.length >= count,
        timeoutMs,
        () => `Expected ${count} e-mails, got ${messages.length} after ${timeoutMs} ms`,
      );
      return messages;
    },
    idle(timeoutMs = 15_000) {
      return until(
        () => inFlight.size === 0,
        timeoutMs,
        () => `${inFlight.size} SMTP transaction(s) still under way after ${timeoutMs} ms`,
      );
    },
  };
}
