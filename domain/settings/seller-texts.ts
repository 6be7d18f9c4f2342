/**
 * The seller-dependent texts of the legal pages and the VAT rate as printed (docs/product/order-flow.md §6.11: the seller's
 * identity comes from SELLER_* at run time). Apart from domain/settings/seller.ts so that the shell, which needs only
 * the footer's line, does not carry them (the home page's JS budget is full).
 */
import { BRAND } from '../config';
import { type SellerIdentity, sellerFooter, shownVatMode } from './seller';

export function formatVatRate(rate: number): string {
  return `${Number.isInteger(rate) ? rate : rate.toFixed(1).replace(/\.0$/, '')}%`;
}

/**
 * Every seller-dependent text of the pages, each rendered as one text node, so that the server can swap
 * the placeholder version for the configured one in prerendered HTML.
 */
export function sellerTexts(seller: SellerIdentity) {
  const mode = shownVatMode(seller);
  return {
    legalName: seller.legalName,
    address: seller.address,
    /** After "Postal address: ". */
    addressAndVat: `${seller.address}.${mode !== 'none' ? ` VAT number: ${seller.vatNumber}.` : ''}`,
    /** After "All prices are in euro (EUR) and include VAT where applicable." */
    vatPrices:
      mode === 'none'
        ? ` ${BRAND.name} is not currently registered for VAT, so no VAT is added to the prices shown.`
        : mode === 'oss'
          ? ` VAT is included at the rate of the EU country the order is delivered to (${formatVatRate(seller.vatRate)} in Ireland); the prices are the same everywhere.`
          : ` VAT is included at ${formatVatRate(seller.vatRate)}.`,
    footer: sellerFooter(seller),
    /** The contact e-mail: every link to it and every mention of it. */
    email: seller.email,
  };
}
export type SellerTexts = ReturnType<typeof sellerTexts>;
