/** The quotes feature's public face. */
import type { QuoteService } from './quote-service';
import type { QuoteStore } from './quote-store';

export type { QuoteService, QuoteStore };

export interface QuotesFace {
  /** Quotes the client pays by card (docs/product/quotes.md). */
  readonly service: QuoteService;
  readonly store: QuoteStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    quotes: QuotesFace;
  }
}

export { eraseQuotesOfEmail, eraseQuotesValidBefore, quoteClients, quotesOfEmail } from './quote-store';
