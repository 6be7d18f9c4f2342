/**
 * Who sells (docs/product/order-flow.md §6.11): the trader's name, geographic address and VAT details, as the legal
 * pages, the footer and the confirmation e-mail show them. The server's SELLER_NAME, SELLER_ADDRESS,
 * SELLER_VAT_NUMBER and VAT_RATE decide them; the browser gets the same values from /runtime-env.js, and
 * the prerendered pages, built with the placeholders of domain/config.ts SELLER, have the texts below
 * replaced when the server loads them (server/pages/html-pages.ts), so hydration finds exactly what it renders.
 */
import { BRAND, SELLER, VAT_RATE_DEFAULT } from '../config';
import { sellerContactFromEnv } from './seller-contact';

export { type SellerContact, sellerContactFromEnv, sellerFooter } from './seller-contact';

export interface SellerIdentity {
  readonly legalName: string;
  readonly address: string;
  readonly vatNumber: string | null;
  /** Percent. */
  readonly vatRate: number;
  /** The contact e-mail shown to shoppers (the settings' `seller.email`). */
  readonly email: string;
}

export const DEFAULT_SELLER: SellerIdentity = {
  legalName: SELLER.legalName,
  address: SELLER.address,
  vatNumber: SELLER.vatNumber,
  vatRate: VAT_RATE_DEFAULT,
  email: BRAND.contactEmail,
};

/**
 * The runtime environment's names: the server's environment variables of the first start, and
 * SELLER_EMAIL, the contact e-mail, which only the desk's settings set.
 */
export const SELLER_ENV = {
  name: 'SELLER_NAME',
  address: 'SELLER_ADDRESS',
  vatNumber: 'SELLER_VAT_NUMBER',
  vatRate: 'VAT_RATE',
  email: 'SELLER_EMAIL',
} as const;

/** The identity the pages show, from the owner's settings (docs/product/desk.md §10.14). */
export function sellerOfSettings(seller: {
  readonly name: string;
  readonly address: string;
  readonly vatNumber: string | null;
  readonly vatRate: number;
  readonly email: string;
}): SellerIdentity {
  return {
    legalName: seller.name,
    address: seller.address,
    vatNumber: seller.vatNumber,
    vatRate: seller.vatRate,
    email: seller.email,
  };
}

export function sellerToEnv(seller: SellerIdentity): Record<string, string> {
  return {
    [SELLER_ENV.name]: seller.legalName,
    [SELLER_ENV.address]: seller.address,
    ...(seller.vatNumber ? { [SELLER_ENV.vatNumber]: seller.vatNumber } : {}),
    [SELLER_ENV.vatRate]: String(seller.vatRate),
    [SELLER_ENV.email]: seller.email,
  };
}

export function sellerFromEnv(env: Readonly<Record<string, string>> | undefined): SellerIdentity {
  const rate = Number(env?.[SELLER_ENV.vatRate]);
  return {
    ...sellerContactFromEnv(env),
    vatNumber: env?.[SELLER_ENV.vatNumber] || null,
    vatRate: Number.isFinite(rate) && rate >= 0 && rate <= 100 ? rate : DEFAULT_SELLER.vatRate,
  };
}
