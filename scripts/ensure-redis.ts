// The unit tests count rate limits in Redis too (server/security/rate-limit-store.test.ts), and they never
// skip it: make sure a Redis answers at TEST_REDIS_URL before they start. As root (CI, a container)
// install and start Debian's redis-server when nothing answers, as ensure-postgres.ts does for
// PostgreSQL; otherwise say in one line what to run.
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { aptInstall, fail, isRoot, run } from './ensure-support';

const url = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379/15';
const START_TIMEOUT_MS = 15_000;

async function answers(): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

if (!(await answers())) {
  if (!isRoot()) {
    fail(
      `No Redis answers at ${url}: run 'sudo apt-get install -y redis-server && sudo redis-server --daemonize yes --bind 127.0.0.1' (or set TEST_REDIS_URL) and retry.`,
    );
  }
  if (!existsSync('/usr/bin/redis-server')) {
    console.log(`ensure-redis: nothing answers at ${url}: installing Debian's redis-server package...`);
    aptInstall('ensure-redis', 'Redis', ['redis-server']);
  }
  const { hostname, port } = new URL(url);
  console.log('ensure-redis: starting redis-server...');
  run('ensure-redis', 'Redis', '/usr/bin/redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    hostname || '127.0.0.1',
    '--port',
    port || '6379',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers())) {
    if (Date.now() > deadline) fail(`ensure-redis: redis-server was started but nothing answers at ${url}.`);
    await sleep(250);
  }
}
