// `npm start`, first half: build the shop if it has not been built yet, and the server's bundle every time
// (a tenth of a second; a bundle older than the code is never served). The second half, in package.json,
// `exec`s plain `node` on the bundle: the shell gives way to the server, which receives npm's signals
// itself and shuts down by itself (scripts/build-server.ts says why the server runs from a bundle).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildServer } from './build-server';

if (!existsSync('dist/web/index.html')) {
  console.log('First start: building the shop (images and front end)...');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await buildServer();
