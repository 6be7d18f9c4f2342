/**
 * Who sells (docs/product.md §6.11): the trader's name, geographic address and VAT details, as the legal
 * pages, the footer and the confirmation e-mail show them. The server's SELLER_NAME, SELLER_ADDRESS,
 * SELLER_VAT_NUMBER and VAT_RATE decide them; the browser gets the same values from /runtime-env.js, and
 * the prerendered pages, built with the placeholders of domain/config.ts SELLER, have the texts below
 * replaced when the server loads them (server/html-pages.ts), so hydration finds exactly what it renders.
 */
import { BRAND, SELLER, VAT_RATE_DEFAULT } from './config';

export interface SellerIdentity {
  readonly legalName: string;
  readonly address: string;
  readonly vatNumber: string | null;
  /** Percent. */
  readonly vatRate: number;
}

export const DEFAULT_SELLER: SellerIdentity = {
  legalName: SELLER.legalName,
  address: SELLER.address,
  vatNumber: SELLER.vatNumber,
  vatRate: VAT_RATE_DEFAULT,
};

/** The runtime environment's names (also the server's environment variables). */
export const SELLER_ENV = {
  name: 'SELLER_NAME',
  address: 'SELLER_ADDRESS',
  vatNumber: 'SELLER_VAT_NUMBER',
  vatRate: 'VAT_RATE',
} as const;

export function sellerToEnv(seller: SellerIdentity): Record<string, string> {
  return {
    [SELLER_ENV.name]: seller.legalName,
    [SELLER_ENV.address]: seller.address,
    ...(seller.vatNumber ? { [SELLER_ENV.vatNumber]: seller.vatNumber } : {}),
    [SELLER_ENV.vatRate]: String(seller.vatRate),
  };
}

export function sellerFromEnv(env: Readonly<Record<string, string>> | undefined): SellerIdentity {
  const rate = Number(env?.[SELLER_ENV.vatRate]);
  return {
    legalName: env?.[SELLER_ENV.name] || DEFAULT_SELLER.legalName,
    address: env?.[SELLER_ENV.address] || DEFAULT_SELLER.address,
    vatNumber: env?.[SELLER_ENV.vatNumber] || null,
    vatRate: Number.isFinite(rate) && rate >= 0 && rate <= 100 ? rate : DEFAULT_SELLER.vatRate,
  };
}

export function formatVatRate(rate: number): string {
  return `${Number.isInteger(rate) ? rate : rate.toFixed(1).replace(/\.0$/, '')}%`;
}

/**
 * Every seller-dependent text of the pages, each rendered as one text node, so that the server can swap
 * the placeholder version for the configured one in prerendered HTML.
 */
export function sellerTexts(seller: SellerIdentity) {
  return {
    legalName: seller.legalName,
    address: seller.address,
    /** After "Postal address: ". */
    addressAndVat: `${seller.address}.${seller.vatNumber ? ` VAT number: ${seller.vatNumber}.` : ''}`,
    /** After "All prices are in euro (EUR) and include VAT where applicable." */
    vatPrices: seller.vatNumber
      ? ` VAT is included at ${formatVatRate(seller.vatRate)}.`
      : ` ${BRAND.name} is not currently registered for VAT, so no VAT is added to the prices shown.`,
    footer: `${seller.legalName}, ${seller.address}`,
  };
}
export type SellerTexts = ReturnType<typeof sellerTexts>;
