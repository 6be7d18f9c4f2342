/**
 * The footer's seller line (docs/product.md: the seller's name and address on every page), from the same
 * values as features/seller.ts. Apart from it so that the shell does not carry the legal pages' texts (the
 * home page's JS budget is full).
 */
import { sellerFooter, sellerFromEnv } from '../../../domain/seller';

export const SELLER_FOOTER = sellerFooter(
  sellerFromEnv(typeof window === 'undefined' ? undefined : window.__SOLAS_ENV__),
);
