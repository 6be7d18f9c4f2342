// Browser tests use Debian's Chromium; test tools must never download a browser of their own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium';

if (!existsSync(CHROMIUM_PATH)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `${CHROMIUM_PATH} is missing: run 'sudo apt-get update && sudo apt-get install -y chromium' and retry.`,
    );
    process.exit(1);
  }
  console.log(`${CHROMIUM_PATH} is missing: installing Debian's chromium package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed: install Debian's chromium package and retry.`);
      process.exit(1);
    }
  }
}
