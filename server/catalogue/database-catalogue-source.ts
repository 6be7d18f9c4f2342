/**
 * The catalogue as this instance serves it (docs/decisions/0012-catalogue-in-the-database.md): the
 * snapshot is loaded at start and kept in memory, so pages and checkouts never wait for the database.
 * It is replaced when the catalogue's version moves:
 * - at once after an edit on this instance (the service calls `refresh` before answering);
 * - on PostgreSQL, when another instance's edit commits: its NOTIFY reaches a dedicated LISTEN connection
 *   (reconnected when it drops, with a refresh then, since notifications sent meanwhile are lost);
 * - and in any case by a cheap version poll every couple of seconds, so even a lost notification (or a
 *   second process on one SQLite file) leaves no instance behind by more than the poll's interval.
 */
import type pg from 'pg';
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import type { PostgresLocation } from '../db/database';
import { lazyModule } from '../lib/lazy-module';
import type { CatalogueSource } from './catalogue-source';
import { CATALOGUE_CHANNEL, type CatalogueStore } from './catalogue-store';

export interface SourceLogger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface DatabaseCatalogueSourceOptions {
  readonly store: Pick<CatalogueStore, 'snapshot' | 'version'>;
  /** PostgreSQL only: where the LISTEN connection goes. */
  readonly postgres?: PostgresLocation | null;
  /** How often the version is polled; 0 switches the poll off (tests of the notification). */
  readonly pollMs?: number;
  /** The longest wait before the LISTEN connection is tried again. */
  readonly maxReconnectMs?: number;
  readonly log?: SourceLogger;
}

export const CATALOGUE_POLL_MS = 2_000;

/** node-postgres, loaded only on PostgreSQL (lib/lazy-module.ts). */
const loadPg = lazyModule<typeof pg>('pg');

const silent: SourceLogger = { warn() {}, info() {} };

/** The smallest slice of node-postgres' Client this needs. */
interface ListenClient {
  connect(): Promise<void>;
  query(text: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
  removeAllListeners(): unknown;
}

export class DatabaseCatalogueSource implements CatalogueSource {
  private snapshot: CatalogueSnapshot;
  private readonly listeners = new Set<(snapshot: CatalogueSnapshot) => void>();
  private readonly log: SourceLogger;
  private poll: NodeJS.Timeout | null = null;
  private client: ListenClient | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectMs = 250;
  private closed = false;
  /** One refresh at a time; a request during one runs another right after it. */
  private running: Promise<void> | null = null;
  private again = false;
  private pollFailing = false;

  private constructor(
    private readonly o: DatabaseCatalogueSourceOptions,
    first: CatalogueSnapshot,
  ) {
    this.snapshot = first;
    this.log = o.log ?? silent;
  }

  /** Loads the first snapshot (the server does not start without one) and starts watching. */
  static async open(options: DatabaseCatalogueSourceOptions): Promise<DatabaseCatalogueSource> {
    const source = new DatabaseCatalogueSource(options, await options.store.snapshot());
    const pollMs = options.pollMs ?? CATALOGUE_POLL_MS;
    if (pollMs > 0) {
      source.poll = setInterval(() => void source.polled(), pollMs);
      source.poll.unref();
    }
    if (options.postgres) await source.listen(options.postgres);
    return source;
  }

  current(): CatalogueSnapshot {
    return this.snapshot;
  }

  subscribe(listener: (snapshot: CatalogueSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Loads the snapshot if the database's version differs from the one held, and tells the subscribers.
   * Rejects when the database does not answer (the poll tries again).
   */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      try {
        do {
          this.again = false;
          await this.load();
        } while (this.again && !this.closed);
      } finally {
        this.running = null;
      }
    };
    this.running = run();
    return this.running;
  }

  /** One poll; a failing database is logged once per outage, not every couple of seconds. */
  private async polled(): Promise<void> {
    try {
      await this.refresh();
      if (this.pollFailing) this.log.info({}, 'catalogue: the version poll works again');
      this.pollFailing = false;
    } catch (error) {
      if (!this.pollFailing && !this.closed) {
        this.log.warn(
          { err: (error as Error).message },
          'catalogue: the version poll failed; still serving the last catalogue',
        );
      }
      this.pollFailing = true;
    }
  }

  private async load(): Promise<void> {
    if (this.closed) return;
    const version = await this.o.store.version();
    if (version === this.snapshot.version) return;
    const next = await this.o.store.snapshot();
    // Versions only grow: an older read finishing late never replaces a newer snapshot.
    if (this.closed || Number(next.version) <= Number(this.snapshot.version)) return;
    this.snapshot = next;
    for (const listener of [...this.listeners]) {
      try {
        listener(next);
      } catch (error) {
        this.log.warn({ err: error }, 'catalogue: a subscriber failed on a new snapshot');
      }
    }
  }

  private async listen(location: PostgresLocation): Promise<void> {
    if (this.closed) return;
    const client = new (loadPg().Client)({
      connectionString: location.url,
      connectionTimeoutMillis: 5_000,
      ...(location.schema ? { options: `-c search_path=${location.schema}` } : {}),
    }) as unknown as ListenClient;
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.removeAllListeners();
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (this.closed) return;
      this.log.warn({ err: error?.message }, 'catalogue: the LISTEN connection dropped; reconnecting');
      this.scheduleReconnect(location);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) void this.refresh().catch(() => {});
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${CATALOGUE_CHANNEL}`);
      this.reconnectMs = 250;
      // Whatever was committed while no one listened.
      await this.refresh().catch(() => {});
    } catch (error) {
      lost(error as Error);
    }
  }

  private scheduleReconnect(location: PostgresLocation): void {
    if (this.reconnectTimer || this.closed) return;
    const wait = this.reconnectMs;
    this.reconnectMs = Math.min(wait * 2, this.o.maxReconnectMs ?? 10_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.listen(location);
    }, wait);
    this.reconnectTimer.unref();
  }

  /** True while the LISTEN connection is up (tests, health). */
  get listening(): boolean {
    return this.client !== null;
  }

  /** Tests: drops the LISTEN connection as a network failure would. */
  dropListenConnection(): void {
    const client = this.client as unknown as { connection?: { stream?: { destroy(): void } } } | null;
    client?.connection?.stream?.destroy();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.listeners.clear();
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
    await this.running?.catch(() => {});
  }
}
