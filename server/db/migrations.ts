/**
 * Versioned schema migrations, applied in order at start and recorded in `schema_migrations`. A migration
 * is never edited once released: change the schema with a new version. Written with Kysely's schema
 * builder so that a PostgreSQL dialect can reuse most of them.
 */
import { type Kysely, sql } from 'kysely';

export interface Migration {
  readonly version: number;
  readonly name: string;
  // biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as typed today.
  readonly up: (db: Kysely<any>) => Promise<void>;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'orders, order lines, outbox, newsletter, test checkout sessions',
    async up(db) {
      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.unique())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('pending', 'paid', 'failed', 'expired')`),
        )
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('zone', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('subtotal', 'integer', (c) => c.notNull().check(sql`subtotal >= 0`))
        .addColumn('shipping', 'integer', (c) => c.notNull().check(sql`shipping >= 0`))
        .addColumn('gift_wrap', 'integer', (c) => c.notNull().check(sql`gift_wrap >= 0`))
        .addColumn('total', 'integer', (c) => c.notNull().check(sql`total = subtotal + shipping + gift_wrap`))
        .addColumn('item_count', 'integer', (c) => c.notNull().check(sql`item_count > 0`))
        .addColumn('shipping_name', 'text')
        .addColumn('shipping_address', 'text')
        .addColumn('failure_reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('paid_at', 'text')
        .execute();
      await db.schema
        .createIndex('orders_status_created')
        .on('orders')
        .columns(['status', 'created_at'])
        .execute();

      await db.schema
        .createTable('order_lines')
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('unit_price', 'integer', (c) => c.notNull().check(sql`unit_price >= 0`))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('line_total', 'integer', (c) => c.notNull().check(sql`line_total = unit_price * quantity`))
        .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'position'])
        .execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('message_id', 'text', (c) => c.notNull().unique())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sent', 'failed')`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_ms', 'integer', (c) => c.notNull())
        .addColumn('locked_until_ms', 'integer')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        // The database itself refuses a second confirmation or notification for the same order.
        .addUniqueConstraint('outbox_one_per_kind', ['order_id', 'kind'])
        .execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_ms']).execute();

      await db.schema
        .createTable('newsletter_signups')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull().unique())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('test_checkout_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'complete', 'expired')`))
        .addColumn('payment_status', 'text', (c) =>
          c.notNull().check(sql`payment_status in ('unpaid', 'paid')`),
        )
        .addColumn('customer_email', 'text', (c) => c.notNull())
        .addColumn('zone', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_total', 'integer', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('success_url', 'text', (c) => c.notNull())
        .addColumn('cancel_url', 'text', (c) => c.notNull())
        .addColumn('shipping_name', 'text')
        .addColumn('shipping_address', 'text')
        .addColumn('declines', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at_ms', 'integer', (c) => c.notNull())
        .addColumn('completed_at', 'text')
        .execute();
    },
  },
];
