/**
 * Who sells (docs/product/order-flow.md §6.11): the trader's name, geographic address and VAT details, as the legal
 * pages, the footer and the confirmation e-mail show them. The server's SELLER_NAME, SELLER_ADDRESS,
 * SELLER_VAT_NUMBER and VAT_RATE decide them; the browser gets the same values from /runtime-env.js, and
 * the prerendered pages, built with the placeholders of domain/config.ts SELLER, have the texts below
 * replaced when the server loads them (server/pages/html-pages.ts), so hydration finds exactly what it renders.
 */
import { BRAND, SELLER, VAT_RATE_DEFAULT } from '../config';
// Types only: the VAT rules and their rates table stay out of the pages' bundle.
import type { VatMode } from '../vat/vat-breakdown';
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
  /**
   * The owner's VAT mode (docs/product/vat.md §20.1); absent: registered in Ireland with a VAT number and
   * not registered without one, as before the modes.
   */
  readonly vatMode?: VatMode;
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
  /** Set only from the desk's settings, as SELLER_EMAIL. */
  vatMode: 'SELLER_VAT_MODE',
} as const;

/** The identity the pages show, from the owner's settings (docs/product/desk.md §10.14). */
export function sellerOfSettings(
  seller: {
    readonly name: string;
    readonly address: string;
    readonly vatNumber: string | null;
    readonly vatRate: number;
    readonly email: string;
  },
  vatMode?: VatMode,
): SellerIdentity {
  return {
    legalName: seller.name,
    address: seller.address,
    vatNumber: seller.vatNumber,
    vatRate: seller.vatRate,
    email: seller.email,
    ...(vatMode ? { vatMode } : {}),
  };
}

/** What the pages say of VAT: not registered without a number, whatever mode was saved (vat.md §20.1). */
export function shownVatMode(seller: SellerIdentity): VatMode {
  return seller.vatNumber ? (seller.vatMode ?? 'ireland') : 'none';
}

export function sellerToEnv(seller: SellerIdentity): Record<string, string> {
  return {
    [SELLER_ENV.name]: seller.legalName,
    [SELLER_ENV.address]: seller.address,
    ...(seller.vatNumber ? { [SELLER_ENV.vatNumber]: seller.vatNumber } : {}),
    [SELLER_ENV.vatRate]: String(seller.vatRate),
    [SELLER_ENV.email]: seller.email,
    ...(seller.vatMode ? { [SELLER_ENV.vatMode]: seller.vatMode } : {}),
  };
}

export function sellerFromEnv(env: Readonly<Record<string, string>> | undefined): SellerIdentity {
  const rate = Number(env?.[SELLER_ENV.vatRate]);
  const given = env?.[SELLER_ENV.vatMode];
  const mode: VatMode | undefined =
    given === 'none' || given === 'ireland' || given === 'oss' ? given : undefined;
  return {
    ...sellerContactFromEnv(env),
    vatNumber: env?.[SELLER_ENV.vatNumber] || null,
    vatRate: Number.isFinite(rate) && rate >= 0 && rate <= 100 ? rate : DEFAULT_SELLER.vatRate,
    ...(mode ? { vatMode: mode } : {}),
  };
}
