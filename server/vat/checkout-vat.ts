/**
 * The checkout's VAT (docs/product/vat.md §20): where the order goes and who buys decide the VAT inside its
 * prices (server/vat `breakdown`). Before anything is stored: Great Britain is refused while the owner does
 * not sell there, then a business buyer's number is checked with VIES (invalid: refused by the field; VIES
 * silent: VAT charged, the shopper told why, the order marked for the owner). The `tax` adjustment records
 * the VAT inside each line; a valid intra-EU business is charged the net (`amountCharged`), everyone else
 * the prices as shown. At payment the VAT is settled on the day of supply to the address's country; an
 * order stored without it (the owner's own, a quote's) is priced then, by the same functions.
 */
import type { Transaction } from 'kysely';
import { CHECKOUT_VAT_ERRORS } from '../../domain/checkout/checkout';
import { type OrderVatLine, orderVatLines } from '../../domain/checkout/vat-lines';
import type { DiscountedTotals } from '../../domain/offers/discounts';
import { cents } from '../../domain/shared/money';
import { IE, isEuVatCountry } from '../../domain/vat/countries';
import {
  amountCharged,
  GB,
  NoSaleToGbError,
  refusesDestination,
  type VatBreakdown,
} from '../../domain/vat/vat-breakdown';
import { BUSINESS_VAT_MESSAGES, parseVatNumber } from '../../domain/vat/vat-number';
import { settledVat } from '../../domain/vat/vat-statement';
import type { Database } from '../db/schema';
import { refuse } from '../lib/refusal';
import type { PaidParticipant } from '../orders';
import { giftCardsAlone, type StoredOrder, settleOrderVatTotal } from '../orders';
import type { OrderVatLineRecord, OrderVatRecord } from './order-vat-store';
import type { VatFace } from './vat-face';

/** What the checkout asks of the VAT feature. */
export type CheckoutVatFace = Pick<
  VatFace,
  | 'settings'
  | 'breakdown'
  | 'checkBusiness'
  | 'recordOrderVat'
  | 'orderVatInsert'
  | 'settleOrderVat'
  | 'orderVat'
  | 'recordSale'
  | 'store'
>;

/** Where the order goes and who buys, as the checkout settled it before pricing. */
export interface VatDestination {
  readonly country: string;
  /** A business whose number VIES found valid, with its number's country; null: a consumer. */
  readonly business: { readonly country: string } | null;
}

export interface CheckoutVatPlan {
  readonly destination: VatDestination;
  /** The countries the hosted checkout accepts an address in. */
  readonly countries: readonly string[];
  /** The company as the shopper named it and its number as VIES knows it (or as typed when VIES was silent). */
  readonly company: { readonly name: string; readonly vatNumber: string } | null;
  readonly viesConsultation: string | null;
  readonly vatToRefund: boolean;
  /** Shown to the shopper: why VAT was charged after all. */
  readonly notice: string | null;
}

const field = (name: string) => ({ field: name });

/**
 * Gift cards alone: multi-purpose vouchers carry no VAT and nothing is posted (docs/product/gift-cards.md
 * §19.2), so no country is asked for, checked or refused (an OSS zone of several countries, Great Britain,
 * a business's number): the order is priced, with nothing to tax, at the shop's own country.
 */
export const CARDS_ALONE_VAT_PLAN: CheckoutVatPlan = {
  destination: { country: IE, business: null },
  countries: [],
  company: null,
  viesConsultation: null,
  vatToRefund: false,
  notice: null,
};

/**
 * The destination and the buyer, checked in the contract's order: the country (in the zone, not Great
 * Britain while the owner does not sell there), then a business buyer's number. Throws the refusal.
 * Without a country in a zone of several, the VAT must not depend on which: otherwise the country is asked
 * for; the order is then priced for the zone's first country and settled at payment on the address's.
 */
export async function planCheckoutVat(
  vat: CheckoutVatFace,
  input: {
    readonly country?: string | null;
    readonly business?: { readonly name: string; readonly vatNumber: string } | null;
  },
  zoneCountries: readonly string[],
): Promise<CheckoutVatPlan> {
  const settings = await vat.settings();
  const given = input.country ?? null;
  if (given !== null && refusesDestination(settings.gb, given))
    refuse('invalid', CHECKOUT_VAT_ERRORS.noSaleToGb, field('country'));
  if (given !== null && !zoneCountries.includes(given))
    refuse('invalid', CHECKOUT_VAT_ERRORS.countryNotInZone, field('country'));
  const selling = zoneCountries.filter((c) => !refusesDestination(settings.gb, c));
  let country = given ?? (selling.length === 1 ? (selling[0] ?? null) : null);
  let business: VatDestination['business'] = null;
  let company: CheckoutVatPlan['company'] = null;
  let viesConsultation: string | null = null;
  let vatToRefund = false;
  let notice: string | null = null;
  if (input.business) {
    const answer = await vat.checkBusiness(input.business.vatNumber);
    if (answer.status === 'invalid')
      refuse(
        'invalid',
        answer.reason === 'format' ? BUSINESS_VAT_MESSAGES.format : BUSINESS_VAT_MESSAGES.invalid,
        field('business.vatNumber'),
      );
    const numberCountry =
      answer.status === 'valid'
        ? answer.country
        : (parseVatNumber(input.business.vatNumber)?.country ?? null);
    if (answer.status === 'valid') {
      business = { country: answer.country };
      company = { name: input.business.name, vatNumber: answer.vatNumber };
      viesConsultation = answer.consultation;
    } else {
      // VIES silent: VAT is charged as to a consumer; the owner refunds it once VIES confirms the number.
      const parsed = parseVatNumber(input.business.vatNumber);
      company = { name: input.business.name, vatNumber: parsed ? `${parsed.prefix}${parsed.number}` : '' };
      vatToRefund = true;
      notice = BUSINESS_VAT_MESSAGES.unavailable;
    }
    // A business's goods go, unless the shopper said otherwise, to its own country.
    if (country === null && numberCountry !== null && selling.includes(numberCountry))
      country = numberCountry;
  }
  if (country === null) {
    const dependsOnCountry =
      business !== null ||
      (settings.mode === 'oss' && selling.some((c) => c !== IE && isEuVatCountry(c))) ||
      (settings.gb === 'uk_vat' && selling.includes(GB));
    if (dependsOnCountry || selling.length === 0)
      refuse('invalid', CHECKOUT_VAT_ERRORS.country, field('country'));
  }
  const resolved = country ?? selling[0] ?? '';
  return {
    destination: { country: resolved, business },
    countries: country !== null ? [country] : selling,
    company,
    viesConsultation,
    vatToRefund,
    notice,
  };
}

/** The VAT of a priced order for a destination: its lines and the breakdown. */
export async function priceOrderVat(
  vat: Pick<CheckoutVatFace, 'breakdown'>,
  destination: VatDestination,
  totals: Pick<DiscountedTotals, 'lines' | 'shipping' | 'giftWrap' | 'discount'>,
  at: Date,
  /** At payment: its transaction (the threshold is counted in it). */
  trx?: Transaction<Database>,
): Promise<{ readonly lines: readonly OrderVatLine[]; readonly breakdown: VatBreakdown }> {
  const lines = orderVatLines(totals);
  const breakdown = await vat.breakdown({
    country: destination.country,
    business: destination.business,
    at,
    lines: lines.map((l) => ({ gross: l.gross })),
    ...(trx ? { trx } : {}),
  });
  return { lines, breakdown };
}

/** The breakdown's lines with what each is (the invoice's descriptions and quantities). */
export function vatLineRecords(
  lines: readonly OrderVatLine[],
  breakdown: VatBreakdown,
): OrderVatLineRecord[] {
  return lines.map((l, i) => {
    const v = breakdown.lines[i] ?? { rate: 0, net: l.gross, vat: 0 };
    return { kind: l.kind, description: l.description, quantity: l.quantity, gross: l.gross, ...v };
  });
}

/** Stored lines with a new breakdown's rate, net and VAT (the same lines, in the same order). */
function relined(lines: readonly OrderVatLineRecord[], breakdown: VatBreakdown): OrderVatLineRecord[] {
  return lines.map((l, i) => ({ ...l, ...(breakdown.lines[i] ?? { rate: l.rate, net: l.net, vat: l.vat }) }));
}

/**
 * The paid participant: the order's VAT settled on the day of supply (the payment's Irish day) to the
 * country of the address it goes to, then its invoice issued (registered modes), in the payment's
 * transaction. The amount charged never changes at payment: a different answer keeps the checkout's.
 */
export function vatAtPayment(vat: CheckoutVatFace, now: () => Date): PaidParticipant {
  return {
    name: 'vat',
    async onPaid(trx, order, mail) {
      if (order.reference === null) return;
      const at = now();
      const checkedOut = await vat.orderVat(order.id, trx);
      // An order stored without its VAT is priced now, on the day of supply: nothing to settle again.
      const stored = checkedOut ?? (await pricedAtPayment(vat, trx, order, at));
      if (!stored) return;
      let record: OrderVatRecord = stored;
      const country = order.shippingDetails?.address.country ?? stored.breakdown.country;
      const confirmed = stored.business !== null && !stored.vatToRefund;
      const numberCountry = confirmed ? parseVatNumber(stored.business?.vatNumber ?? '')?.country : undefined;
      if (checkedOut)
        try {
          const breakdown = await vat.breakdown({
            country,
            business: numberCountry ? { country: numberCountry } : null,
            at,
            lines: stored.lines.map((l) => ({ gross: l.gross })),
            trx,
          });
          // The amount charged never changes at payment (the provider took it): a different answer keeps
          // the checkout's (an address outside the countries it was priced for cannot be given).
          if (amountCharged(breakdown) === amountCharged(stored.breakdown)) {
            record = { ...stored, breakdown, lines: relined(stored.lines, breakdown) };
            await vat.settleOrderVat(trx, record);
          }
        } catch (err) {
          if (!(err instanceof NoSaleToGbError)) throw err;
        }
      const buyerName = order.shippingDetails?.name ?? '';
      const address = order.shippingDetails?.address;
      const buyerAddress = address
        ? [address.line1, address.line2, address.city, address.state, address.postalCode, address.country]
            .filter((part) => part)
            .join(', ')
        : '';
      // The order's row states the same VAT as its invoice (the desk, its page, the CSV, a resent e-mail).
      if (record.breakdown.scheme !== 'none')
        await settleOrderVatTotal(trx, order.id, {
          totalVat: record.breakdown.totalVat,
          rateBp: record.breakdown.lines.find((l) => l.vat > 0)?.rate ?? 0,
        });
      mail.vat = settledVat(record.breakdown);
      mail.businessName = record.business?.name ?? null;
      // Selling a multi-purpose voucher is no supply (Directive 2006/112/EC art. 30b(1)): an order of gift
      // cards alone gets no invoice; the goods a card later pays for get theirs (docs/product/vat.md §20.6).
      if (giftCardsAlone(order)) return;
      mail.invoiceNumber = await vat.recordSale(trx, {
        orderReference: order.reference,
        issuedAt: at,
        vat: record.breakdown,
        lines: record.lines.map((l) => ({ description: l.description, quantity: l.quantity })),
        buyer: {
          name: record.business?.name ?? buyerName,
          address: buyerAddress,
          vatNumber: confirmed ? (record.business?.vatNumber ?? null) : null,
        },
        viesConsultation: record.viesConsultation,
      });
    },
  };
}

/**
 * The VAT of an order stored without it: the owner's own orders (docs/product/orders.md §10.17) and quotes
 * (docs/product/quotes.md), priced at payment with the checkout's own lines and breakdown (priceOrderVat),
 * as sold to a consumer (they take no business number), in the country of the address it goes to; an
 * order handed over on the spot is supplied where it is handed over, in Ireland (Directive 2006/112/EC
 * art. 31). A consumer pays the prices as shown, so nothing charged changes. Stored in the payment's
 * transaction like a checkout's, then settled and invoiced by the same steps. Great Britain while the
 * owner does not sell there has no VAT to price (the desk and the hosted checkout refuse it first): null.
 */
async function pricedAtPayment(
  vat: CheckoutVatFace,
  trx: Transaction<Database>,
  order: StoredOrder,
  at: Date,
): Promise<OrderVatRecord | null> {
  const destination: VatDestination = {
    country: order.shippingDetails?.address.country ?? IE,
    business: null,
  };
  const totals = {
    lines: order.lines.map((l) => ({ ...l, unitPrice: cents(l.unitPrice), lineTotal: cents(l.lineTotal) })),
    shipping: cents(order.shipping),
    giftWrap: cents(order.giftWrap),
    discount: cents(order.discount),
  };
  try {
    const { lines, breakdown } = await priceOrderVat(vat, destination, totals, at, trx);
    const record: OrderVatRecord = {
      orderId: order.id,
      breakdown,
      lines: vatLineRecords(lines, breakdown),
      business: null,
      viesConsultation: null,
      vatToRefund: false,
    };
    await vat.recordOrderVat(trx, record);
    return record;
  } catch (err) {
    if (err instanceof NoSaleToGbError) return null;
    throw err;
  }
}
