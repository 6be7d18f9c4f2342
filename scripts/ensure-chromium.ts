// Browser tests use Debian's Chromium (full, and its headless shell); test tools must never download a
// browser of their own.
import { existsSync } from 'node:fs';
import { CHROMIUM_PACKAGES } from './chromium';
import { aptInstall, fail, isRoot } from './ensure-support';

const missing = CHROMIUM_PACKAGES.filter(({ path }) => !existsSync(path));
if (missing.length > 0) {
  const packages = missing.map(({ pkg }) => pkg);
  const paths = missing.map(({ path }) => path).join(' and ');
  if (!isRoot()) {
    fail(
      `${paths} missing: run 'sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}' and retry.`,
    );
  }
  console.log(`${paths} missing: installing Debian's ${packages.join(' and ')}...`);
  aptInstall('ensure-chromium', `Debian's ${packages.join(' and ')}`, packages);
}
