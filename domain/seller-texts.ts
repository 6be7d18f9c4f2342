/**
 * The seller-dependent texts of the legal pages and the VAT rate as printed (docs/product.md: the seller's
 * identity comes from SELLER_* at run time). Apart from domain/seller.ts so that the shell, which needs only
 * the footer's line, does not carry them (the home page's JS budget is full).
 */
import { BRAND } from './config';
import { type SellerIdentity, sellerFooter } from './seller';

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
    footer: sellerFooter(seller),
  };
}
export type SellerTexts = ReturnType<typeof sellerTexts>;
