/**
 * The seller as an order's e-mails, slips and pages name her, and the VAT the order was charged with
 * (docs/product/desk.md §10.14): her name, address and e-mails are read from the owner's settings when an
 * e-mail or a slip is composed; the VAT rate and number are the order's own, stored when it was created.
 */
import type { ZoneId } from '../../domain/config';
import type { SellerSettings } from '../../domain/settings/shop-settings';
import { vatInside } from '../../domain/vat/vat-breakdown';

/** The owner's seller settings as this instance holds them now (server/settings, no query). */
export type SellerNow = () => Promise<SellerSettings>;

/** A zone's name as the owner calls it now (her shipping settings, no query): e-mails and pages say it. */
export type ZoneNameNow = (zone: ZoneId) => Promise<string>;

/** The VAT an order was charged with: the rate in percent and the seller's VAT number (null: none). */
export interface OrderVat {
  readonly vatRate: number;
  readonly vatNumber: string | null;
}

/** What the orders table keeps (basis points: 23% is 2300; the settings allow two decimals). */
export interface StoredVat {
  readonly vatRateBp: number | null;
  readonly vatNumber: string | null;
}

export function storedVat(vat: OrderVat): { vat_rate_bp: number; vat_number: string | null } {
  return { vat_rate_bp: Math.round(vat.vatRate * 100), vat_number: vat.vatNumber };
}

/**
 * The order's VAT. An order stored before the rate was kept with it (NULL) is read with `before`: the
 * first start's rate and number (VAT_RATE, SELLER_VAT_NUMBER), what the shop charged then.
 */
export function orderVatOf(stored: StoredVat, before: OrderVat): OrderVat {
  if (stored.vatRateBp === null) return { vatRate: before.vatRate, vatNumber: before.vatNumber };
  return { vatRate: stored.vatRateBp / 100, vatNumber: stored.vatNumber };
}

/**
 * The VAT inside an order: what its payment settled, the sum of its stored lines (docs/product/vat.md §20),
 * less what its credit notes gave back (`credited`, their stored lines' VAT). An order sold before the VAT
 * lines were kept has only its flat rate: the VAT inside what it kept, by the shop's one rounding rule
 * (vatInside, §20.10). Null without a VAT number. The gift cards bought carry none (gift-cards.md §19.2).
 */
export function vatInOrder(
  order: {
    readonly total: number;
    readonly giftCardsSold?: number;
    readonly vatTotal?: number | null;
    readonly refunded?: number;
  },
  vat: OrderVat,
  credited = 0,
): number | null {
  if (order.vatTotal !== undefined && order.vatTotal !== null) return Math.max(0, order.vatTotal - credited);
  if (!vat.vatNumber) return null;
  const kept = order.total - (order.refunded ?? 0) - (order.giftCardsSold ?? 0);
  return vatInside(Math.max(0, kept), Math.round(vat.vatRate * 100));
}

/** The same, from an orders row (the desk's and the exports' reads). */
export function rowVatOf(
  row: { readonly vat_rate_bp: number | null; readonly vat_number: string | null },
  before: OrderVat,
): OrderVat {
  return orderVatOf({ vatRateBp: row.vat_rate_bp ?? null, vatNumber: row.vat_number ?? null }, before);
}

/** Who sells, as the owner's settings say when an e-mail is composed, and the order's own VAT. */
export interface LegalMailFacts {
  readonly sellerName: string;
  readonly sellerAddress: string;
  /** The VAT number and rate (percent) the order was charged with. */
  readonly vatNumber: string | null;
  readonly vatRate: number;
  /** Absolute URL of the Terms & Conditions page. */
  readonly termsUrl: string;
}

/** The legal facts of an order's e-mails: the seller now, the order's own VAT. */
export function legalFacts(seller: SellerSettings, vat: OrderVat, publicUrl: string): LegalMailFacts {
  return {
    sellerName: seller.name,
    sellerAddress: seller.address,
    vatNumber: vat.vatNumber,
    vatRate: vat.vatRate,
    termsUrl: `${publicUrl}/terms-conditions`,
  };
}

/** What every order e-mail is written with: the shop's address and sender, the seller and zone names now. */
export interface OrderMailSetup {
  /** No trailing slash. */
  readonly publicUrl: string;
  readonly mailFrom: string;
  /** The owner's seller settings now: the e-mails name her, and her notices go to her order address. */
  readonly seller: SellerNow;
  /** The order's zone as the owner names it now. */
  readonly zoneName: ZoneNameNow;
  /** The VAT of orders stored before it was kept with them: the first start's. */
  readonly vatBefore: OrderVat;
}
