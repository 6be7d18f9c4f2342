// What the ensure-* scripts share: they make sure a service the tests need is there (PostgreSQL, Redis,
// nginx, Chromium), installing Debian's package when the user is root (CI, a container) and saying in one line
// what to run otherwise.
import { spawnSync } from 'node:child_process';

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Runs a command with the terminal's output; on failure says what to do and exits. */
export function run(script: string, what: string, command: string, args: readonly string[]): void {
  const r = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0)
    fail(`${script}: '${command} ${args.join(' ')}' failed: install and start ${what}, then retry.`);
}

/**
 * Two test commands run at once on one machine (the unit tests in one terminal, the journeys in another)
 * may both install what is missing, and dpkg refuses a second apt-get while one runs: each apt-get waits
 * its turn on one lock file (util-linux's flock, on every Debian).
 */
const APT_LOCK = '/tmp/solas-apt.lock';

/** apt-get update, then installs the packages without their recommendations. */
export function aptInstall(script: string, what: string, packages: readonly string[]): void {
  run(script, what, 'flock', [APT_LOCK, 'apt-get', 'update']);
  run(script, what, 'flock', [APT_LOCK, 'apt-get', 'install', '-y', '--no-install-recommends', ...packages]);
}
