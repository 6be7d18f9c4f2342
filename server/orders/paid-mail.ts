/**
 * The e-mails of a paid order (docs/product/orders.md): the customer's confirmation and the owner's
 * notification, queued by the checkout's one paid step in the payment's own transaction. Orders owns their
 * kinds and their words; the checkout hands over what the paid participants added.
 */

import { dutyNotice } from '../../domain/customs/duty-notice';
import type { SellerSettings } from '../../domain/settings/shop-settings';
import { DEFAULT_US_DUTY_PERCENT } from '../../domain/settings/shop-settings';
import type { NewOutboxRow } from '../db/schema';
import { outboxRow } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import { ORDERS_MAIL_KINDS } from './mail-kinds';
import {
  type BoughtLine,
  customerConfirmation,
  deskOrderUrl,
  invoiceLink,
  ownerNotification,
} from './order-mail';
import type { StoredOrder } from './order-store';
import { legalFacts, type OrderMailSetup, orderVatOf } from './order-vat';
import { type PaidMail, referenceOf } from './paid-participant';

/** What the paid e-mails read of the shop: its links, its sender, the VAT before it was kept. */
export type PaidMailSetup = Pick<OrderMailSetup, 'publicUrl' | 'mailFrom' | 'vatBefore'> & {
  /** The order page's absolute link (OrderPageService.pageUrl). */
  readonly pageUrl: (reference: string, key: string) => string;
};

/** Everything the participants added, as the e-mails read it. */
export interface PaidMailParts extends PaidMail {
  readonly receiptLines: string[];
  readonly boughtLines: BoughtLine[];
  readonly ownerLines: string[];
}

function mailContext(
  setup: PaidMailSetup,
  order: StoredOrder,
  seller: SellerSettings,
  zoneName: string,
  mail: PaidMail = { invoiceNumber: null, vat: null },
) {
  const { invoiceNumber } = mail;
  const reference = referenceOf(order);
  // markPaidAndQueue gives every order its key in the same update, so every order e-mail links to its page.
  const orderPageUrl = order.orderKey ? setup.pageUrl(reference, order.orderKey) : null;
  const legal = legalFacts(seller, orderVatOf(order, setup.vatBefore), setup.publicUrl);
  const invoice =
    invoiceNumber && order.orderKey
      ? invoiceLink(setup.publicUrl, reference, invoiceNumber, order.orderKey)
      : null;
  return {
    order,
    reference,
    contactEmail: seller.email,
    legal,
    orderPageUrl,
    zoneName,
    invoice,
    vat: mail.vat,
    businessName: mail.businessName ?? null,
    // Repeats what the checkout said of charges at the door (docs/product/customs.md §21.4). An order to
    // Great Britain exists only while the shop charges UK VAT there.
    dutyNotice: dutyNotice({
      country: order.shippingDetails?.address.country,
      usDutyPercent: seller.usDutyPercent ?? DEFAULT_US_DUTY_PERCENT,
      gb: 'uk_vat',
      valueCents: order.total,
    }),
  };
}

/** The customer's confirmation alone (a manual order's, when the owner asks for it). */
export function paidCustomerMessage(
  setup: PaidMailSetup,
  order: StoredOrder,
  seller: SellerSettings,
  zoneName: string,
  mail: PaidMailParts = {
    invoiceNumber: null,
    vat: null,
    receiptLines: [],
    boughtLines: [],
    ownerLines: [],
  },
): NewOutboxRow {
  const ctx = {
    ...mailContext(setup, order, seller, zoneName, mail),
    receiptLines: mail.receiptLines,
    boughtLines: mail.boughtLines,
  };
  return outboxRow(
    {
      orderId: order.id,
      reference: ctx.reference,
      kind: ORDERS_MAIL_KINDS.customer,
      to: order.email,
      ...customerConfirmation(ctx),
    },
    senderDomain(setup.mailFrom),
    Date.now(),
  );
}

/** The customer's confirmation and the owner's notification of a paid order. */
export function paidMessages(
  setup: PaidMailSetup,
  order: StoredOrder,
  seller: SellerSettings,
  zoneName: string,
  mail: PaidMailParts,
): NewOutboxRow[] {
  const ctx = mailContext(setup, order, seller, zoneName, mail);
  const { reference } = ctx;
  const owner = ownerNotification({
    ...ctx,
    deskUrl: deskOrderUrl(setup.publicUrl, reference),
    ownerLines: mail.ownerLines,
    boughtLines: mail.boughtLines,
  });
  const domain = senderDomain(setup.mailFrom);
  const now = Date.now();
  return [
    paidCustomerMessage(setup, order, seller, zoneName, mail),
    outboxRow(
      // Her Reply answers the customer.
      {
        orderId: order.id,
        reference,
        kind: ORDERS_MAIL_KINDS.owner,
        to: seller.orderEmail,
        replyTo: order.email,
        ...owner,
      },
      domain,
      now,
    ),
  ];
}
