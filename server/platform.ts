/**
 * The platform every feature builds on, as one Fastify plugin registered before the features: the
 * database (migrations run here, at start), the mail transport (SMTP with SMTP_URL, else .eml files) and
 * the outbox that sends through it, the audit trail, the shared counters, the shop's events, the clock and
 * the configuration. It decorates `app.platform`; it knows no feature. The outbox starts when the app is
 * ready; on close, after every feature has closed what it holds, the outbox finishes its current message
 * and the database closes.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, Migration, Transaction } from 'kysely';
import { AuditTrail } from './audit/audit-trail';
import { type AppConfig, isHttps } from './config';
import { type OpenDatabase, openDatabase } from './db/database';
import { declareMigrations } from './db/migrations';
import type { DatabaseProbe } from './db/probe';
import type { Database } from './db/schema';
import { SchemaRecovery } from './db/schema-recovery';
import { ShopEventBus } from './lib/events';
import type { FaultHit } from './lib/fault-spec';
import { isSchemaMissing } from './lib/unavailable';
import { declareMailKinds } from './mail/mail-kinds';
import { OutboxSender, type OutboxTimings, outboxBacklog } from './mail/outbox';
import { createFileTransport, createSmtpTransport, type MailTransport } from './mail/transport';
import { faultTrigger } from './ops/faults';
import { AdminSessionStore, SignInThrottle } from './security/admin-sessions';
import { installOwnerAuth } from './security/owner-auth';
import { PeopleStore } from './security/people-store';
import { clockOf } from './security/rate-limit-store';
import { type SharedCounters, sharedCounters } from './security/shared-counters';

/** The default transport's folder under DATA_DIR: the retention pass and erasure delete its files too. */
export const OUTBOX_DIR = 'outbox';

/** Each table and the one file that queries it (server/db/stores.test.ts holds it): a table to its store. */
export type TableOwners = Readonly<Partial<Record<keyof Database, string>>>;

/**
 * The platform's own tables and their stores, from `server/`: the features declare theirs (`tables`).
 * Every table the migrations make has one owner, here or in one feature's declaration.
 */
export const PLATFORM_TABLES: TableOwners = {
  outbox: 'mail/outbox.ts',
  admin_audit: 'audit/audit-trail.ts',
  desk_requests: 'audit/audit-trail.ts',
  admin_sessions: 'security/admin-sessions.ts',
  rate_limits: 'security/rate-limit-store.ts',
  people: 'security/people-store.ts',
  passkeys: 'security/people-store.ts',
  person_invitations: 'security/people-store.ts',
  recovery_codes: 'security/people-store.ts',
  webauthn_challenges: 'security/people-store.ts',
};

/**
 * What a feature declares for the platform to compose, so adding a feature touches its own folder and
 * app.ts's list, not the platform: its migrations (run with the platform's, in one order by name), its
 * tables' stores, its e-mail kinds and its personal data.
 */
export interface FeatureDeclaration {
  /** The feature's one name (its folder). */
  readonly name: string;
  /** Named '0001-...' like the platform's; the Migrator runs all of them in the order of their names. */
  readonly migrations?: Readonly<Record<string, Migration>>;
  /** The tables it owns, each with the one file of its folder that queries it (`{ orders: 'order-store.ts' }`). */
  readonly tables?: TableOwners;
  /**
   * The outbox kinds of its e-mails (mail/mail-kinds.ts): no other feature may use one. A kind the desk's
   * e-mail log names in words carries its label (an order's e-mails, fulfilment's `mailLabel`); the
   * others show as "E-mail (kind)".
   */
  readonly mailKinds?: Readonly<Record<string, string | LabelledMailKind>>;
  /** Its tables' part of the privacy export, of erasure and of the retention pass (server/privacy). */
  readonly personalData?: PersonalDataPart;
}

/** An e-mail kind with the words the desk's e-mail log names it by ("Order confirmation e-mail to the shopper"). */
export interface LabelledMailKind {
  readonly kind: string;
  readonly label: string;
}

/** The person an export or erasure is about: the address lower-cased, and the ids of its orders. */
export interface DataSubject {
  readonly email: string;
  readonly orderIds: readonly string[];
}

/**
 * A feature's personal data, as the privacy feature composes it (docs/product/privacy.md §12): every table that
 * holds personal data has its export, erasure and retention rule here, in the feature that owns it.
 */
export interface PersonalDataPart {
  /**
   * References of the orderless e-mails about the person that this feature sends (an enquiry's id): the
   * export lists those e-mails, and erasure erases them.
   */
  readonly mailReferences?: (db: Kysely<Database>, email: string) => Promise<readonly string[]>;
  /** Its fields of the export of an address. */
  readonly exportOf?: (db: Kysely<Database>, who: DataSubject) => Promise<Readonly<Record<string, unknown>>>;
  /**
   * Erases what it holds about the person, inside the erasure's one transaction, before the person's
   * orders are anonymised; the counts go into the erasure's answer.
   */
  readonly erase?: (
    trx: Transaction<Database>,
    who: DataSubject,
    nowIso: string,
  ) => Promise<Readonly<Record<string, number>>>;
  /** What goes with orders that lose their personal data (erasure and the retention pass alike). */
  readonly eraseWithOrders?: (
    db: Kysely<Database> | Transaction<Database>,
    orderIds: readonly string[],
    nowIso: string,
  ) => Promise<void>;
  /** Its tables' retention rules at `now`, run by the daily pass; the counts go into its log line. */
  readonly applyRetention?: (db: Kysely<Database>, now: Date) => Promise<Readonly<Record<string, number>>>;
}

/** Hands the features' declarations to the platform; before the database opens. Declaring again is a no-op. */
export function declareFeatures(features: readonly FeatureDeclaration[]): void {
  for (const feature of features) {
    if (feature.migrations) declareMigrations(feature.migrations);
    if (feature.mailKinds) {
      const kinds = Object.entries(feature.mailKinds).map(([name, kind]) => [name, kindOf(kind)]);
      declareMailKinds(feature.name, Object.fromEntries(kinds));
    }
  }
}

/** Each labelled e-mail kind the features declared, with its label. */
export function mailKindLabels(features: readonly FeatureDeclaration[]): ReadonlyMap<string, string> {
  return new Map(
    features.flatMap(({ mailKinds = {} }) =>
      Object.values(mailKinds).flatMap((kind) =>
        typeof kind === 'string' ? [] : [[kind.kind, kind.label] as const],
      ),
    ),
  );
}

function kindOf(kind: string | LabelledMailKind): string {
  return typeof kind === 'string' ? kind : kind.kind;
}

/**
 * Test tuning only: production runs every default. The platform's knobs are here; a feature adds its own
 * to this interface from its folder (TypeScript's module augmentation of `ShopTuning`, beside the plugin
 * that reads it), so its tests reach them through `buildApp({ tuning })`.
 */
export interface ShopTuning {
  /** Faster retries for tests. */
  readonly outboxTimings?: Partial<OutboxTimings>;
  /** A fixed clock for the withdrawal window, the dispatch dates and the shared counters' windows. */
  readonly now?: () => Date;
  /** How a wrong sign-in's answer waits out its delay (a timer unless given). */
  readonly signInHold?: (ms: number) => Promise<void>;
}

export interface Platform {
  readonly config: AppConfig;
  readonly db: Kysely<Database>;
  readonly database: OpenDatabase;
  readonly transport: MailTransport;
  readonly outbox: OutboxSender;
  /** The .eml folder of the default transport; null with SMTP. */
  readonly mailDir: string | null;
  /** Sends what was just queued now rather than at the outbox's next poll. */
  readonly wakeOutbox: () => void;
  readonly audit: AuditTrail;
  /** Failed sign-ins and lookups, counted where every instance sees them. */
  readonly counters: SharedCounters;
  readonly events: ShopEventBus;
  /** Migrates again a database that came back empty (db/schema-recovery.ts). */
  readonly schemaRecovery: SchemaRecovery;
  /** The health check's own connection to the database, beside the pool (ops/health.ts). */
  readonly databaseProbe: DatabaseProbe;
  /** Owner sessions (security/admin-sessions.ts) and the failed sign-ins' throttle. */
  readonly sessions: AdminSessionStore;
  /** The people who sign in to the desk, their passkeys, links and codes (security/people-store.ts). */
  readonly people: PeopleStore;
  readonly signIns: SignInThrottle;
  /** FAULT_INJECT's trigger (NODE_ENV=test only), or null. */
  readonly fault: FaultHit | null;
  readonly tuning: ShopTuning;
  /** What the features declared (app.ts), for the features that compose them (privacy). */
  readonly features: readonly FeatureDeclaration[];
  /** The tests' fixed clock, or undefined for the real one. */
  readonly now: (() => Date) | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

async function platform(
  app: FastifyInstance,
  {
    config,
    tuning,
    features = [],
  }: { config: AppConfig; tuning: ShopTuning; features?: readonly FeatureDeclaration[] },
): Promise<void> {
  declareFeatures(features);
  const database = await openDatabase(config.database, undefined, app.log);
  const { db } = database;
  const now = tuning.now;
  // The outbox and the pool are read at each /metrics scrape (ops/metrics.ts).
  app.metrics.readFrom({
    outboxBacklog: () => outboxBacklog(db, 0),
    poolCounts: database.poolCounts,
    now: now ? () => now().getTime() : undefined,
  });

  const mailDir = config.smtpUrl ? null : path.join(config.dataDir, OUTBOX_DIR);
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createFileTransport(mailDir ?? '');
  const fault = faultTrigger(app, config.faultInject, transport);
  const outbox = new OutboxSender({
    db,
    transport,
    from: config.mailFrom,
    log: app.log,
    timings: tuning.outboxTimings,
    onAttempt: (result) => app.metrics.mailAttempt(result),
  });
  const counters = sharedCounters(app, config, () => db, clockOf(now));
  const schemaRecovery = new SchemaRecovery(db, app.log);
  // The request that finds the database empty gets its 503 (lib/api-support.ts); the next ones are served.
  app.addHook('onError', async (_request, _reply, error) => {
    if (isSchemaMissing(error)) void schemaRecovery.recover();
  });
  const sessions = new AdminSessionStore(db);
  const people = new PeopleStore(db, now ? () => now().getTime() : Date.now);
  const signIns = new SignInThrottle(counters, tuning.signInHold);
  // Every /api/admin/ route, the image editor's included: one hook on the root, after the request guard.
  await installOwnerAuth(app, {
    token: config.admin.token,
    secure: isHttps(config),
    sessions,
    people,
    signIns,
  });

  app.decorate('platform', {
    config,
    db,
    database,
    transport,
    outbox,
    mailDir,
    wakeOutbox: () => outbox.wake(),
    audit: new AuditTrail(db),
    counters,
    events: new ShopEventBus(app.log),
    schemaRecovery,
    databaseProbe: database.probe,
    sessions,
    people,
    signIns,
    fault,
    tuning,
    features,
    now,
  });
  app.addHook('onReady', async () => {
    app.log.info(
      { mail: transport.description, database: database.description },
      'platform: database and mail ready',
    );
    outbox.start();
  });
  // Registered first, so closed last (Fastify closes plugins in reverse): the features are closed by then.
  app.addHook('onClose', async () => {
    await outbox.stop();
    transport.close();
    await database.close();
  });
}

export const platformPlugin = fp(platform, { name: 'platform' });
