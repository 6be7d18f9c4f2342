/**
 * A DATABASE_URL that points at nothing stops the start with one line naming the host, port and
 * database and the cause, never the password and never a stack trace, and a non-zero exit. The server is
 * started as production starts it (the bundle, by plain node).
 */
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServerProcess, tinyWebDist } from '../../tests/support/server-process';
import { tempDataDir } from '../../tests/support/test-app';
import { TEST_DATABASE_URL } from '../../tests/support/test-database';
import { describeOpenFailure } from './open-failure';

const PASSWORD = 'pw-never-printed-7Q';

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts the server on `url` and returns what it printed once it exited, and its exit code. */
async function failedStart(url: string): Promise<{ code: number | null; lines: string[] }> {
  const data = tempDataDir();
  try {
    const start = startServerProcess(
      { DATA_DIR: data.dir, WEB_DIST_DIR: tinyWebDist(`${data.dir}/web`), DATABASE_URL: url },
      { timeoutMs: 30_000 },
    );
    const error = await start.then(
      () => {
        throw new Error('the server started on a database that is not there');
      },
      (err: unknown) => err as Error,
    );
    const match = /^server exited \(code (\d+|null), signal \w+\) before listening:\n([\s\S]*)$/.exec(
      error.message,
    );
    if (!match) throw error;
    const code = match[1] === 'null' ? null : Number(match[1]);
    return { code, lines: (match[2] ?? '').split('\n').filter((line) => line.trim() !== '') };
  } finally {
    data.remove();
  }
}

function failureLines(lines: readonly string[]): string[] {
  return lines.filter((line) => /database/i.test(line) && !line.startsWith('{'));
}

describe('a DATABASE_URL that points at nothing', () => {
  it('nothing listens at the port: one line with host, port, database and cause; exit 1', async () => {
    const port = await closedPort();
    const { code, lines } = await failedStart(`postgres://solas:${PASSWORD}@127.0.0.1:${port}/shopdb`);
    expect(code).toBe(1);
    const printed = lines.join('\n');
    expect(printed).not.toContain(PASSWORD);
    expect(printed).not.toMatch(/^\s+at /m);
    expect(failureLines(lines)).toEqual([
      `Cannot open the database: PostgreSQL at host 127.0.0.1, port ${port}, database shopdb: connection refused (ECONNREFUSED)`,
    ]);
  }, 60_000);

  it('the server answers but has no such database: the same line, with its cause', async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = '/no_such_database_here';
    url.password = PASSWORD;
    const { code, lines } = await failedStart(url.toString());
    expect(code).toBe(1);
    const printed = lines.join('\n');
    expect(printed).not.toContain(PASSWORD);
    expect(printed).not.toMatch(/^\s+at /m);
    expect(failureLines(lines)).toEqual([
      `Cannot open the database: PostgreSQL at host ${url.hostname}, port ${url.port || 5432}, database no_such_database_here: database "no_such_database_here" does not exist (3D000)`,
    ]);
  }, 60_000);
});

describe('describeOpenFailure', () => {
  const location = {
    dialect: 'postgres',
    url: `postgresql://u:${PASSWORD}@db.example.ie/orders`,
    poolMax: 1,
  } as const;

  it('names the default port, and the first cause of an error with several (each address tried)', () => {
    const refused = Object.assign(
      new AggregateError([
        Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
      ]),
      { code: 'ECONNREFUSED' },
    );
    expect(describeOpenFailure(refused, location)).toBe(
      'Cannot open the database: PostgreSQL at host db.example.ie, port 5432, database orders: connection refused (ECONNREFUSED)',
    );
  });

  it('is null for what is not about reaching the database (a bug keeps its stack trace), and on SQLite', () => {
    expect(describeOpenFailure(new TypeError('x is undefined'), location)).toBeNull();
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(describeOpenFailure(refused, { dialect: 'sqlite', dataDir: '/tmp/x' })).toBeNull();
  });
});
