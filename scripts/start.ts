// `npm start`: build the shop if it has not been built yet, then serve it in this process (run with
// `node --import tsx`, like `npm run serve`), so the server receives signals and shuts down by itself.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/web/index.html')) {
  console.log('First start: building the shop (images and front end)...');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../server/main');
