/**
 * Installs the shop's request-level defences on the root instance, before any route is registered, so
 * they apply to every route: the route inventory (what exists) with each route's body limit from its
 * policy, the one error handler, the security headers, the request guard (rate limits, cross-site
 * refusal, content types) and the warning of a proxy that TRUST_PROXY does not name. See docs/security.md.
 */

import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { type AppConfig, isHttps } from '../config';
import { apiErrorHandler, sendNotFound } from '../lib/api-support';
import { warnForwardedWithoutTrust } from '../lib/trust-proxy';
import { zodValidatorCompiler } from '../lib/validation';
import { installSecurityHeaders } from './headers';
import { registerRateLimitPlugin } from './rate-limit';
import type { RateLimitStoreOption } from './rate-limit-store';
import { requestGuard } from './request-guard';
import { hasOwnPolicy, policyFor, type RoutePolicy } from './route-policy';

export interface InventoryRoute {
  readonly method: string;
  readonly url: string;
  /** The body limit the route runs with: its own if it set one, else its policy's. */
  readonly bodyLimit: number | undefined;
  /** Whether the route declares the schema of its answers (lib/validation.ts, the serializer). */
  readonly responseSchema: boolean;
  /** The guard policy it runs with (route-policy.ts), null for a safe method. */
  readonly policy: RoutePolicy | null;
  /** Whether that policy is the route's own (declared with it, or in the table), not a default. */
  readonly ownPolicy: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in registration order (tests and docs read it). */
    readonly routeInventory: readonly InventoryRoute[];
  }
}

export interface SecurityOptions {
  /** Where the rate limits count (default in memory); several instances share one store. */
  readonly rateLimitStore?: RateLimitStoreOption;
  /** Without the front end (API-only tests), unknown paths still get the shop's 404 answer. */
  readonly notFound: boolean;
}

export async function installSecurity(
  app: FastifyInstance,
  config: AppConfig,
  options: SecurityOptions,
): Promise<void> {
  const inventory: InventoryRoute[] = [];
  app.decorate('routeInventory', inventory);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const policy = policyFor(String(method), route.url, route.config);
      // The policy is where a state-changing route's limit is written; a route only sets its own to
      // deviate, and the route inventory test refuses one above its policy.
      if (policy && route.bodyLimit === undefined) route.bodyLimit = policy.maxBodyBytes;
      inventory.push({
        method: String(method).toUpperCase(),
        url: route.url,
        bodyLimit: route.bodyLimit,
        responseSchema: route.schema?.response !== undefined,
        policy,
        ownPolicy: hasOwnPolicy(route.config),
      });
    }
  });

  // Route schemas are zod schemas (lib/validation.ts), answered by the one error handler. A route's
  // response schema (the domain's, which the browser parses the answer with) writes its answers: a field
  // the contract does not name never leaves, and an answer that breaks the contract is a 500, not a
  // surprise in the browser.
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  apiErrorHandler(app);
  if (options.notFound) app.setNotFoundHandler(sendNotFound);
  await installSecurityHeaders(app, { https: isHttps(config), stripe: config.stripe !== null });
  warnForwardedWithoutTrust(app, config.trustProxy);
  await registerRateLimitPlugin(app, options.rateLimitStore);
  app.addHook(
    'onRequest',
    requestGuard(app, { rateLimits: config.rateLimits, allowedOrigin: new URL(config.publicUrl).origin }),
  );
}
