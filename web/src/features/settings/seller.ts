/** The legal pages' seller texts, from the identity the owner's settings give (/runtime-env.js). */
import { sellerFromEnv } from '../../../../domain/settings/seller';
import { sellerTexts } from '../../../../domain/settings/seller-texts';

export const SELLER_TEXTS = sellerTexts(
  sellerFromEnv(typeof window === 'undefined' ? undefined : window.__SOLAS_ENV__),
);
