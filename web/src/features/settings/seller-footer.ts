/**
 * The seller's name, address and contact e-mail in the browser, read once: the server's values (the
 * owner's settings, in /runtime-env.js, which runs before the app: web/src/boot/page-scripts.ts), else the
 * placeholders the pages were prerendered with; and the footer's line from them. The VAT details are
 * read by features/settings/seller.ts (the legal pages' texts), so the shell, which needs only the
 * footer, does not carry them (the home page's JS budget is full).
 */
import { sellerContactFromEnv, sellerFooter } from '../../../../domain/settings/seller-contact';

export const SELLER = sellerContactFromEnv(typeof window === 'undefined' ? undefined : window.__SOLAS_ENV__);

export const SELLER_FOOTER = sellerFooter(SELLER);
