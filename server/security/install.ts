/**
 * Installs the shop's request-level defences on the root instance, before any route is registered, so
 * they apply to every route: the route inventory (what exists), the request guard (rate limits,
 * cross-site refusal, content types) and the security headers. See docs/security.md.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { securityHeadersHook } from './headers';
import { RateLimiters } from './rate-limit';
import { requestGuard } from './request-guard';
import { policyFor } from './route-policy';

export interface InventoryRoute {
  readonly method: string;
  readonly url: string;
  /** The route's own body limit, when it set one (else the app's default applies). */
  readonly bodyLimit: number | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in registration order (tests and docs read it). */
    readonly routeInventory: readonly InventoryRoute[];
  }
}

export function installSecurity(app: FastifyInstance, config: AppConfig): void {
  const inventory: InventoryRoute[] = [];
  app.decorate('routeInventory', inventory);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const policy = policyFor(String(method), route.url);
      // A route without its own limit would accept the app-wide default; give it its policy's.
      if (policy && route.bodyLimit === undefined) route.bodyLimit = policy.maxBodyBytes;
      inventory.push({ method: String(method).toUpperCase(), url: route.url, bodyLimit: route.bodyLimit });
    }
  });

  app.addHook(
    'onRequest',
    requestGuard({
      limiters: new RateLimiters(config.rateLimits),
      allowedOrigin: new URL(config.publicUrl).origin,
    }),
  );
  app.addHook(
    'onSend',
    securityHeadersHook({ https: config.publicUrl.startsWith('https:'), stripe: config.stripe !== null }),
  );
}
