/**
 * Builds the Fastify app without listening, so tests can use `app.inject` or listen on port 0.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { healthRoutes } from './routes/health';
import { webRoutes } from './routes/web';

export interface BuildOptions {
  readonly config: AppConfig;
  /** Serve the built front end (off in API-only tests). */
  readonly serveWeb?: boolean;
}

export async function buildApp({ config, serveWeb = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 64 * 1024,
    trustProxy: false,
  });
  await app.register(healthRoutes);
  if (serveWeb) await app.register(webRoutes, { webDistDir: config.webDistDir });
  return app;
}
