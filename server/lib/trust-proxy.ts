/**
 * TRUST_PROXY: whether the client address comes from X-Forwarded-For. Off by default: the shop then
 * sees the socket's address, which nobody can forge. Behind a reverse proxy (nginx, Caddy, a load
 * balancer) every request would otherwise come from the proxy, and the per-client rate limits would
 * throttle all shoppers together. Values: unset/`false`; a hop count (`1` = one proxy in front); or a
 * comma-separated list of proxy addresses/CIDRs (`127.0.0.1,10.0.0.0/8`). `true` (trust any sender's
 * header) is refused: it would let anyone choose their own address and escape the rate limits.
 */
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';

export type TrustProxy = false | number | readonly string[];

export function parseTrustProxy(raw: string): TrustProxy | { readonly error: string } {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    return {
      error:
        'true would trust X-Forwarded-For from anyone; give the number of proxies (e.g. 1) or their addresses',
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : { error: 'a hop count must be at most 10' };
  }
  const entries = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const ok = isIP(address) !== 0 && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= 128));
    if (!ok) return { error: `"${entry}" is not an IP address or CIDR (e.g. 10.0.0.0/8)` };
  }
  return entries;
}

/** The warning below, once per process. */
export const FORWARDED_WITHOUT_TRUST =
  'requests arrive with X-Forwarded-For but TRUST_PROXY is unset: behind a proxy every client shares its address, so one client can use up the rate limits and the failed sign-ins of all; set TRUST_PROXY to the proxies in front (README)';

/**
 * Without TRUST_PROXY, warns once (at the first request that carries X-Forwarded-For) that the shop seems
 * to sit behind a proxy it does not trust: every shopper then has the proxy's address, and a stranger's
 * wrong tokens count against the owner's. Nothing is logged of the header's value (addresses are personal
 * data). With TRUST_PROXY set, nothing is installed.
 */
export function warnForwardedWithoutTrust(app: FastifyInstance, trust: TrustProxy): void {
  if (trust !== false) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    app.log.warn({ trustProxy: false }, FORWARDED_WITHOUT_TRUST);
  });
}
