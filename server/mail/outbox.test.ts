/**
 * The outbox when the database fails between a send and its mark: the message the transport accepted is
 * marked sent once the database answers again, and never sent a second time when its lease runs out.
 * PostgreSQL is stopped for real (a TCP proxy in front of it cut, as when the server goes); SQLite fails
 * the mark because another connection holds the file's write lock for longer than busy_timeout.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { storeSuite } from '../../tests/support/store-suite';
import { type CuttableProxy, startProxy } from '../../tests/support/tcp-proxy';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { DATABASE_FILE, type DatabaseLocation, type OpenDatabase, openDatabase } from '../db/database';
import { enqueueMail, OutboxSender, outboxRow } from './outbox';
import type { MailTransport, OutgoingMail } from './transport';

const silentLog = { info() {}, warn() {}, error() {} };

/** A transport that records what it accepted and runs `onSend` (the outage) before it answers. */
function transport(onSend: (mail: OutgoingMail) => Promise<void> = async () => {}) {
  const sent: OutgoingMail[] = [];
  const t: MailTransport & { sent: OutgoingMail[] } = {
    description: 'memory',
    sent,
    async send(mail) {
      sent.push(mail);
      await onSend(mail);
      return 'accepted';
    },
    close() {},
  };
  return t;
}

describe.each(TEST_DIALECTS)('the outbox on %s', (dialect) => {
  const suite = storeSuite(dialect);
  const cleanups: (() => Promise<void> | void)[] = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The sending instance's own database, and how the test stops and restores it. */
  async function outageDatabase(): Promise<{
    open: OpenDatabase;
    stop: () => Promise<void>;
    restore: () => Promise<void>;
  }> {
    const { location } = suite.target;
    if (typeof location === 'string' || location.dialect === 'sqlite') {
      const open = await openDatabase(location);
      cleanups.push(() => open.close());
      // Another process takes the write lock and keeps it past busy_timeout: every write fails.
      let holder: DatabaseSync | null = null;
      const release = () => {
        holder?.exec('rollback');
        holder?.close();
        holder = null;
      };
      cleanups.push(release);
      return {
        open,
        stop: async () => {
          holder = new DatabaseSync(path.join(suite.data.dir, DATABASE_FILE));
          holder.exec('begin exclusive');
        },
        restore: async () => release(),
      };
    }
    const url = new URL(location.url);
    const proxy: CuttableProxy = await startProxy(url.hostname, Number(url.port || 5432));
    cleanups.push(() => proxy.close());
    url.port = String(proxy.port);
    const proxied: DatabaseLocation = { ...location, url: url.toString() };
    const open = await openDatabase(proxied);
    cleanups.push(() => open.close());
    return { open, stop: () => proxy.cut(), restore: () => proxy.restore() };
  }

  it('a message sent as the database stops is marked sent when it answers again, and sent once', async () => {
    await enqueueMail(
      suite.database.db,
      ['first', 'second'].map((kind) =>
        outboxRow(
          {
            orderId: null,
            reference: '',
            kind,
            to: 'shopper@example.ie',
            subject: 's',
            text: 't',
            html: 'h',
          },
          'solas.test',
        ),
      ),
    );
    const outage = await outageDatabase();
    // The database stops right after the transport accepted the first message, before it is marked.
    let stopped = false;
    const first = transport(async () => {
      if (stopped) return;
      stopped = true;
      await outage.stop();
    });
    // SQLite's failed mark blocks for busy_timeout (5 s): the lease outlasts it, as 2 minutes outlast a stop.
    const leaseMs = dialect === 'sqlite' ? 8_000 : 1_500;
    let failures = 0;
    const holder = new OutboxSender({
      db: outage.open.db,
      transport: first,
      from: 'orders@solas.test',
      log: { ...silentLog, error: () => (failures += 1) },
      timings: { retryBaseMs: 20, retryMaxMs: 50, pollMs: 50, leaseMs },
    });
    cleanups.push(() => holder.stop());
    holder.start();
    // Marking it sent failed (the sender says the database did not answer): the database comes back.
    await expect.poll(() => failures, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(first.sent.map((m) => m.kind)).toEqual(['first']);
    await outage.restore();

    // A second instance drains the same queue from now on: it must never get the first message again.
    const other = transport();
    const second = new OutboxSender({
      db: suite.database.db,
      transport: other,
      from: 'orders@solas.test',
      log: silentLog,
      timings: { retryBaseMs: 20, retryMaxMs: 50, pollMs: 50, leaseMs },
    });
    cleanups.push(() => second.stop());
    second.start();
    const unsent = () =>
      suite.database.db.selectFrom('outbox').select('id').where('status', '!=', 'sent').execute();
    await expect.poll(unsent, { timeout: 30_000 }).toEqual([]);

    const deliveries = [...first.sent, ...other.sent].map((m) => m.kind).sort();
    expect(deliveries).toEqual(['first', 'second']);
    const rows = await suite.database.db
      .selectFrom('outbox')
      .select(['kind', 'status', 'attempts', 'locked_until_ms'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'first', status: 'sent', attempts: 1, locked_until_ms: null },
      { kind: 'second', status: 'sent', attempts: 1, locked_until_ms: null },
    ]);
  });
});
