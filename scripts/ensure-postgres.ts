// The unit tests run every store on PostgreSQL too (tests/support/test-database.ts), and they never
// skip it: make sure a server answers at TEST_DATABASE_URL before they start. As root (CI, a container)
// install and start Debian's postgresql when nothing answers, as ensure-chromium.ts does for the browser;
// otherwise say in one line what to run. A missing database (e.g. `test`) is created.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { aptInstall, fail, isRoot, run as runCommand } from './ensure-support';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
const START_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 3_000;

/** PostgreSQL's "database does not exist". */
const UNDEFINED_DATABASE = '3D000';

type Probe = 'ok' | 'no-database' | 'no-server';

async function probe(connectionString: string): Promise<Probe> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('select 1');
    return 'ok';
  } catch (err) {
    if ((err as { code?: string }).code === UNDEFINED_DATABASE) return 'no-database';
    return 'no-server';
  } finally {
    await client.end().catch(() => {});
  }
}

async function createDatabase(): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`create database ${pg.escapeIdentifier(name)}`);
    console.log(`ensure-postgres: created database ${name}`);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[]): void {
  runCommand('ensure-postgres', 'PostgreSQL', command, args);
}

/**
 * A fresh Debian cluster asks for a password on TCP; the test URL has none. Only a cluster this script
 * just installed is opened to trusted local TCP connections (it is a test machine's own database).
 */
function trustLocalTcp(version: string): void {
  const hba = `/etc/postgresql/${version}/main/pg_hba.conf`;
  const rules =
    '# Added by scripts/ensure-postgres.ts for the tests\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n';
  writeFileSync(hba, rules + readFileSync(hba, 'utf8'));
}

async function waitForServer(): Promise<Probe> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const state = await probe(url);
    if (state !== 'no-server' || Date.now() > deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

let state = await probe(url);
if (state === 'no-server') {
  if (!isRoot()) {
    fail(
      `No PostgreSQL answers at ${url}: run 'sudo apt-get install -y postgresql && sudo pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start' (trust or a password in TEST_DATABASE_URL) and retry.`,
    );
  }
  const installed = existsSync('/etc/postgresql') && readdirSync('/etc/postgresql').length > 0;
  if (!installed) {
    console.log(`ensure-postgres: nothing answers at ${url}: installing Debian's postgresql package...`);
    aptInstall('ensure-postgres', 'PostgreSQL', ['postgresql']);
  }
  for (const version of readdirSync('/etc/postgresql')) {
    if (!installed) trustLocalTcp(version);
    console.log(`ensure-postgres: starting PostgreSQL ${version}...`);
    run('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start']);
  }
  state = await waitForServer();
  if (state === 'no-server') fail(`ensure-postgres: PostgreSQL was started but nothing answers at ${url}.`);
}
if (state === 'no-database') await createDatabase();
