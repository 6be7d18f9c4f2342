/**
 * GET /runtime-env.js: the flag values of the server's environment (FLAG_HERO_V2=true, MOBILE_NAV=false,
 * ...) and the seller's identity the legal pages show (SELLER_NAME, ...: domain/settings/seller.ts), as a tiny
 * classic script that sets window.__SOLAS_ENV__ before the app starts. A file rather
 * than an inline script so a strict Content-Security-Policy (script-src 'self') allows it; revalidated
 * on every load so a restart with new values takes effect without a rebuild.
 */
import type { FastifyInstance } from 'fastify';
import { type MakingQueue, publishQueue } from '../../domain/making/making-queue';
import {
  type EarlyBirdTerms,
  earlyBirdNow,
  isEarlyBirdTerms,
  shownEarlyBird,
} from '../../domain/offers/early-bird';
import { type SellerIdentity, sellerToEnv } from '../../domain/settings/seller';
import type { MakingQueueState } from '../making';

export const RUNTIME_ENV_PATH = '/runtime-env.js';

/**
 * The owner's closures and working days are not here: they travel in the catalogue snapshot the pages
 * are rendered from (domain/settings/storefront-settings.ts), so a save reaches every page at once.
 */
export function runtimeEnvScript(flags: Readonly<Record<string, string>>): string {
  // JSON of flag values and the seller's public identity (server/app.ts), escaped so it can never close a tag.
  const json = JSON.stringify(flags).replace(/</g, '\\u003c');
  return `window.__SOLAS_ENV__=Object.freeze(${json});\n`;
}

/**
 * window.__SOLAS_QUEUE__: what the making queue does to the dates (domain/making/making-queue.ts publishQueue),
 * so the product page, the cart and the checkout page date an order as the payment will: the working days
 * it adds to a one-piece order and the capacity, never the pieces queued (anyone can read this script,
 * and that count over time tells the shop's sales). At most a minute old (making/making-queue-state.ts).
 * Absent when the database does not answer: the pages then show today's rule, as before the queue
 * counted.
 */
export function runtimeQueueScript(queue: MakingQueue | null): string {
  if (!queue) return '';
  return `window.__SOLAS_QUEUE__=Object.freeze(${JSON.stringify(publishQueue(queue))});\n`;
}

/**
 * window.__SOLAS_EARLY_BIRD__: the early-bird price the owner set (domain/offers/early-bird.ts), so the cart and
 * the Bespoke & Corporate page state its terms; null when there is none now (off, or its last day has
 * passed). Two numbers, the last day and its words, as old as the queue at most. Absent when the
 * database does not answer: the pages then keep their neutral words.
 */
export function runtimeEarlyBirdScript(terms: EarlyBirdTerms | null | undefined): string {
  if (terms === undefined) return '';
  if (terms === null || !isEarlyBirdTerms(terms)) return 'window.__SOLAS_EARLY_BIRD__=null;\n';
  // Whole numbers, a YYYY-MM-DD date and its words ("20 December"): nothing to escape.
  return `window.__SOLAS_EARLY_BIRD__=Object.freeze(${JSON.stringify(shownEarlyBird(terms))});\n`;
}

export async function runtimeEnvRoutes(
  app: FastifyInstance,
  opts: {
    runtimeFlags: Readonly<Record<string, string>>;
    /** The seller as this instance serves the settings now (the legal pages and the footer name her). */
    seller: () => Promise<SellerIdentity>;
    /** The making feature's queue: what it does to the dates, and the early bird shown with it. */
    queue: Pick<MakingQueueState, 'current' | 'shownSettings'>;
  },
) {
  // The script changes only with the seller: kept for the seller it was made for.
  let made: { seller: SellerIdentity; body: string } | null = null;
  const envBody = async () => {
    const seller = await opts.seller();
    if (made?.seller !== seller) {
      made = {
        seller,
        body: runtimeEnvScript({ ...opts.runtimeFlags, ...sellerToEnv(seller) }),
      };
    }
    return made.body;
  };
  app.get(RUNTIME_ENV_PATH, async (request, reply) => {
    const body = await envBody();
    // Unreadable, the dates use their own rule.
    const state = await Promise.all([opts.queue.current(), opts.queue.shownSettings()]).catch(
      (err: unknown) => {
        request.log.warn({ err }, 'runtime-env: the making queue could not be read');
        return null;
      },
    );
    const earlyBird = state ? earlyBirdNow(state[1].earlyBird, new Date()) : undefined;
    return reply
      .header('Content-Type', 'text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .send(body + runtimeQueueScript(state?.[0] ?? null) + runtimeEarlyBirdScript(earlyBird));
  });
}
