// Browser tests use Debian's Chromium (full, and its headless shell); test tools must never download a
// browser of their own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PACKAGES } from './chromium';

const missing = CHROMIUM_PACKAGES.filter(({ path }) => !existsSync(path));
if (missing.length > 0) {
  const packages = missing.map(({ pkg }) => pkg);
  const paths = missing.map(({ path }) => path).join(' and ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `${paths} missing: run 'sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}' and retry.`,
    );
    process.exit(1);
  }
  console.log(`${paths} missing: installing Debian's ${packages.join(' and ')}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(
        `apt-get ${args.join(' ')} failed: install Debian's ${packages.join(' and ')} and retry.`,
      );
      process.exit(1);
    }
  }
}
