/**
 * The seller's identity in the browser: the server's values (SELLER_* in /runtime-env.js, which runs before
 * the app: web/src/boot/page-scripts.ts), else the placeholders the pages were prerendered with.
 */
import { sellerFromEnv } from '../../../domain/seller';
import { sellerTexts } from '../../../domain/seller-texts';

export const SELLER_TEXTS = sellerTexts(
  sellerFromEnv(typeof window === 'undefined' ? undefined : window.__SOLAS_ENV__),
);
