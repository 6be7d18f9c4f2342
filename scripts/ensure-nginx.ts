// The multi-instance journey and `npm run soak -- --instances=2` put two shop instances behind nginx
// (deploy/nginx/). Make sure Debian's nginx is there before the journeys start: installed when missing
// and the user is root (CI, a container), as ensure-chromium.ts does for the browser; otherwise say in
// one line what to run. Only the binary is needed: the tests start nginx themselves, on a free port.
import { existsSync } from 'node:fs';
import { NGINX_BIN } from '../tests/support/cluster';
import { aptInstall, fail, isRoot } from './ensure-support';

if (!existsSync(NGINX_BIN)) {
  if (!isRoot())
    fail(`No nginx at ${NGINX_BIN}: run 'sudo apt-get install -y nginx' (or set NGINX_BIN) and retry.`);
  console.log(`ensure-nginx: no nginx at ${NGINX_BIN}: installing Debian's nginx package...`);
  aptInstall('ensure-nginx', 'nginx', ['nginx']);
  if (!existsSync(NGINX_BIN))
    fail(`ensure-nginx: nginx was installed but is not at ${NGINX_BIN}; set NGINX_BIN.`);
}
