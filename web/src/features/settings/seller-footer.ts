/**
 * The seller's identity in the browser, read once: the server's values (SELLER_* in /runtime-env.js, which
 * runs before the app: web/src/boot/page-scripts.ts), else the placeholders the pages were prerendered
 * with; and the footer's line from it. Apart from features/settings/seller.ts (the legal pages' texts) so that the
 * shell, which needs only the footer's line, does not carry the rest (the home page's JS budget is full).
 */
import { sellerFooter, sellerFromEnv } from '../../../../domain/settings/seller';

export const SELLER = sellerFromEnv(typeof window === 'undefined' ? undefined : window.__SOLAS_ENV__);

export const SELLER_FOOTER = sellerFooter(SELLER);
