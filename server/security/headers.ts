/**
 * Security headers on every response (one onSend hook). A header a route set itself wins: the test
 * checkout sends its own, stricter policy and referrer rule.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NON_DOCUMENT_CSP, pagePolicy, pageScriptsOf } from './csp';

/** Browser features the shop never uses are switched off for it and for anything it frames. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self)',
  'usb=()',
].join(', ');

/** Two years, the usual HSTS lifetime; only sent when PUBLIC_URL is https. */
export const HSTS = 'max-age=63072000; includeSubDomains';

export interface SecurityHeaderOptions {
  readonly https: boolean;
  readonly stripe: boolean;
}

export function securityHeadersHook(options: SecurityHeaderOptions) {
  const fixed: [string, string][] = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', PERMISSIONS_POLICY],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  if (options.https) fixed.push(['Strict-Transport-Security', HSTS]);
  // A page's policy depends only on its script hashes, fixed per page when the pages are loaded: build
  // each string once, not on every response.
  const policies = new WeakMap<readonly string[], string>();
  const policyFor = (scriptHashes: readonly string[]): string => {
    let policy = policies.get(scriptHashes);
    if (policy === undefined) {
      policy = pagePolicy({ scriptHashes, stripe: options.stripe, https: options.https });
      policies.set(scriptHashes, policy);
    }
    return policy;
  };

  return (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, payload: unknown) => void,
  ): void => {
    reply.header('X-Request-Id', request.id);
    for (const [name, value] of fixed) if (!reply.hasHeader(name)) reply.header(name, value);
    if (!reply.hasHeader('Content-Security-Policy')) {
      const type = String(reply.getHeader('Content-Type') ?? '').toLowerCase();
      reply.header(
        'Content-Security-Policy',
        type.startsWith('text/html') ? policyFor(pageScriptsOf(reply)) : NON_DOCUMENT_CSP,
      );
    }
    done(null, payload);
  };
}
