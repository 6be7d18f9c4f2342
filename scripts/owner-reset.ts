// `npm run owner:reset -- --email owner@example.ie [--name Aoife]`: prints a one-time setup link, valid one
// hour, with which a locked-out owner registers a new passkey (server/people/owner-reset.ts). The database
// is the shop's: PostgreSQL with DATABASE_URL, else SQLite in DATA_DIR; PUBLIC_URL makes the link.
import { parseArgs } from 'node:util';
import { declareShop } from '../server/app';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { ownerReset } from '../server/people/owner-reset';
import { PeopleStore } from '../server/security/people-store';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
// The features' migrations with the platform's: the schema the app runs on.
declareShop();
try {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const outcome = await ownerReset(
      new PeopleStore(database.db),
      config.publicUrl,
      values.email ?? '',
      values.name,
    );
    if (!outcome.ok) {
      console.error(`owner:reset: ${outcome.error}`);
      process.exitCode = 1;
    } else {
      console.log(
        `Open this link within an hour to register a new passkey (it works once):\n${outcome.link}`,
      );
    }
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `owner:reset failed: ${String(err)}`);
  process.exit(1);
}
