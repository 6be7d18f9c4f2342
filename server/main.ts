import module from 'node:module';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { describeOpenFailure } from './db/open-failure';
import { installShutdown } from './ops/shutdown';
import { generatedTokenNotice } from './ops/token-notice';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config }).catch((err: unknown) => {
    const line = describeOpenFailure(err, config.database);
    if (line === null) throw err;
    console.error(line);
    process.exit(1);
  });
  installShutdown(app);
  await app.listen({ port: config.port, host: config.host });
  // The modules compiled so far, for the next start (dist/server/main.mjs turned the cache on; Node 20
  // has none): written now, not at exit, which a killed process never reaches.
  module.flushCompileCache?.();
  app.log.info(`Solas shop ready at ${config.publicUrl}`);
  const notice = generatedTokenNotice(config);
  if (notice) process.stdout.write(`${notice}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
