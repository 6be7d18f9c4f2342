/** Newsletter sign-ups, one row per address (case-insensitive), with the first time and place it signed up. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export class NewsletterStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** True when the address is new; an address already on the list is left as it was. */
  async subscribe(email: string, source: string): Promise<boolean> {
    const result = await this.db
      .insertInto('newsletter_signups')
      .values({ email, email_key: email.toLowerCase(), source, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('email_key').doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }
}
