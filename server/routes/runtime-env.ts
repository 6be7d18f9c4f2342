/**
 * GET /runtime-env.js: the flag values of the server's environment (FLAG_HERO_V2=true, MOBILE_NAV=false,
 * ...) and the seller's identity the legal pages show (SELLER_NAME, ...: domain/seller.ts), as a tiny
 * classic script that sets window.__SOLAS_ENV__ before the app starts. A file rather
 * than an inline script so a strict Content-Security-Policy (script-src 'self') allows it; revalidated
 * on every load so a restart with new values takes effect without a rebuild.
 */
import type { FastifyInstance } from 'fastify';

export const RUNTIME_ENV_PATH = '/runtime-env.js';

export function runtimeEnvScript(flags: Readonly<Record<string, string>>): string {
  // JSON of flag values and the seller's public identity (server/app.ts), escaped so it can never close a tag.
  const json = JSON.stringify(flags).replace(/</g, '\\u003c');
  return `window.__SOLAS_ENV__=Object.freeze(${json});\n`;
}

export async function runtimeEnvRoutes(
  app: FastifyInstance,
  opts: { runtimeFlags: Readonly<Record<string, string>> },
) {
  const body = runtimeEnvScript(opts.runtimeFlags);
  app.get(RUNTIME_ENV_PATH, async (_request, reply) =>
    reply
      .header('Content-Type', 'text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .send(body),
  );
}
