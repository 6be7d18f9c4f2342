/**
 * The owner's corrections to an order before dispatch, and e-mails sent again (docs/product/orders.md §10.16).
 * A change writes, in one transaction, the order (only while it is paid or in production and not
 * dispatched: the conditional UPDATE is the lock), the history's entry with before and after, the audit
 * row (which fields, never their values) and, when the parcel or its card changes, one e-mail to the
 * shopper. A resend is a new outbox message to the order's current address: the automatic one stays the
 * once-only message it was. Both run once per Idempotency-Key.
 */
import { randomBytes } from 'node:crypto';
import { sizeByCode } from '../../domain/catalogue/sizes';
import { checkGiftMessage } from '../../domain/checkout/gift-message';
import type { SizeCode, ZoneId } from '../../domain/config';
import { ADMIN_MESSAGES, CARRIER_LABELS, type Carrier } from '../../domain/orders/admin-api';
import { ORDER_EDIT_MESSAGES, type OrderEdit, type ResendKind } from '../../domain/orders/order-edit';
import { countryName } from '../../domain/shared/countries';
import { isCustomLineId } from '../../domain/shared/custom-line';
import { type Actor, type AuditEntry, oncePerAction, type RequestClaims } from '../audit/audit-trail';
import type { NewOutboxRow } from '../db/schema';
import { refuse } from '../lib/refusal';
import type { RenderedMail } from '../mail/layout';
import { outboxRow } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import type { IssuedOrderKeys, OrderRow } from '../orders';
import {
  customerConfirmation,
  invoiceLink,
  legalFacts,
  ORDERS_MAIL_KINDS,
  type OrderStore,
  type OrderVat,
  orderVatOf,
  type SellerNow,
  type SettledOrderVat,
  type StoredAddress,
  type StoredOrder,
  storedAddress,
  toOrder,
  type ZoneNameNow,
} from '../orders';
import {
  DESK_MAIL_KINDS,
  dispatchedMail,
  expectedDelivery,
  orderChangedMail,
  refundMail,
} from './fulfilment-mail';
import type { FulfilmentService, OrderOutcome } from './fulfilment-service';
import type { FulfilmentStore } from './fulfilment-store';

export interface OrderEditServiceOptions {
  readonly desk: FulfilmentService;
  readonly deskStore: FulfilmentStore;
  readonly orders: OrderStore;
  readonly requests: RequestClaims;
  readonly mailFrom: string;
  /** No trailing slash (the confirmation's Terms link). */
  readonly publicUrl: string;
  /** The owner's seller settings now: the e-mails name her and her contact address. */
  readonly seller: SellerNow;
  /** The order's zone as the owner names it now, in the e-mails sent again. */
  readonly zoneName: ZoneNameNow;
  /** The VAT of orders stored before it was kept with them: the first start's (order-vat.ts). */
  readonly vatBefore: OrderVat;
  readonly pageUrl: (reference: string, key: string) => string;
  readonly onMailQueued: () => void;
  /**
   * The VAT the order's payment settled and its invoice (server/vat): a confirmation sent again states
   * them as the first one did. None: the flat rate's wording (orders paid before the VAT rules).
   */
  readonly settledVat?: (orderId: string, reference: string) => Promise<SettledOrderVat>;
}

const NOT_SETTLED: SettledOrderVat = { vat: null, invoiceNumber: null };

/** A resend accepted (queued, or a repeat of one that was); a refusal is thrown. */
export interface ResendOutcome {
  readonly ok: true;
  readonly kind: ResendKind;
}

const EDITABLE: readonly string[] = ['paid', 'in_production'];

function addressText(name: string | null, a: StoredAddress | null): string {
  if (!a) return 'none';
  // The country by its name ("Ireland"), as the other e-mails write it, never its code.
  const country = a.country ? countryName(a.country) : null;
  return [name, a.line1, a.line2, a.city, a.state, a.postalCode, country].filter(Boolean).join(', ');
}

const quoted = (text: string | null) => (text ? `"${text}"` : 'none');
const sizeName = (code: string) => sizeByCode(code as SizeCode).name;

/** A kind of its own per message (the outbox keeps one message per order and kind). */
function uniqueKind(base: string): string {
  return `${base}:${Date.now()}-${randomBytes(3).toString('hex')}`;
}

export class OrderEditService {
  constructor(private readonly o: OrderEditServiceOptions) {}

  async edit(reference: string, patch: OrderEdit, actor: Actor): Promise<OrderOutcome> {
    if (
      patch.address === undefined &&
      patch.email === undefined &&
      patch.giftMessage === undefined &&
      (patch.lines === undefined || patch.lines.length === 0)
    )
      return refuse('invalid', ORDER_EDIT_MESSAGES.empty);
    return oncePerAction(
      this.o.requests,
      { action: 'order-edit', target: reference, actor },
      () => this.editOnce(reference, patch, actor),
      () => this.o.desk.detail(reference),
    );
  }

  private async editOnce(reference: string, patch: OrderEdit, actor: Actor): Promise<OrderOutcome> {
    const order = await this.o.deskStore.findByReference(reference);
    if (!order) return refuse('not-found', ADMIN_MESSAGES.notFound);
    const { row } = order;
    refuseEdit(row);
    const seller = await this.o.seller();

    const set: Partial<OrderRow> = {};
    const history: string[] = [];
    const shopperLines: string[] = [];
    const fields: string[] = [];

    if (patch.address) {
      const before = storedAddress(row);
      const after: StoredAddress = {
        line1: patch.address.line1,
        line2: patch.address.line2 || null,
        city: patch.address.city,
        state: patch.address.state || null,
        postalCode: patch.address.postalCode || null,
        country: patch.address.country,
      };
      if (before && before.country !== after.country) return refuse('invalid', ORDER_EDIT_MESSAGES.country);
      const name = patch.address.name;
      if (JSON.stringify(before) !== JSON.stringify(after) || name !== row.shipping_name) {
        set.shipping_name = name;
        set.shipping_address = JSON.stringify(after);
        history.push(
          `delivery address ${addressText(row.shipping_name, before)} → ${addressText(name, after)}`,
        );
        shopperLines.push(`Delivery address: ${addressText(name, after)}`);
        fields.push('address');
      }
    }
    if (patch.email !== undefined && patch.email !== row.email) {
      set.email = patch.email;
      history.push(`e-mail ${row.email} → ${patch.email}`);
      fields.push('email');
    }
    if (patch.giftMessage !== undefined) {
      const checked = checkGiftMessage(patch.giftMessage ?? '', row.gift_wrap > 0);
      if (!checked.ok)
        return refuse(
          'invalid',
          row.gift_wrap > 0 ? `giftMessage: ${checked.error}` : ORDER_EDIT_MESSAGES.giftWithoutWrap,
        );
      if (checked.message !== row.gift_message) {
        set.gift_message = checked.message;
        history.push(`gift message ${quoted(row.gift_message)} → ${quoted(checked.message)}`);
        shopperLines.push(
          checked.message
            ? `Gift message: ${checked.message}`
            : 'Gift message: none (the card is left blank)',
        );
        fields.push('giftMessage');
      }
    }
    const sizes: { position: number; size: SizeCode }[] = [];
    for (const change of patch.lines ?? []) {
      const line = order.lines.find((l) => l.position === change.lineId);
      if (!line) return refuse('invalid', ORDER_EDIT_MESSAGES.lineUnknown(change.lineId));
      if (isCustomLineId(line.product_id))
        return refuse('invalid', ORDER_EDIT_MESSAGES.lineNoSize(change.lineId));
      if (line.size === change.size || sizes.some((s) => s.position === line.position)) continue;
      sizes.push({ position: line.position, size: change.size });
      history.push(`${line.name} size ${sizeName(line.size)} → ${sizeName(change.size)}`);
      shopperLines.push(
        `${line.name}: size ${sizeName(change.size)} (${sizeByCode(change.size).lengthCm.join('-')} cm)`,
      );
    }
    if (sizes.length > 0) fields.push('lines');

    if (fields.length === 0) return this.o.desk.detail(reference);

    // A new e-mail address: the old links stop working (revokeKeys) and the new address gets the
    // confirmation as the order now is, with the one link that opens its page; it says every change too.
    const emailChanged = set.email !== undefined;
    const zoneName = emailChanged ? await this.o.zoneName(row.zone as ZoneId) : '';
    const settled = emailChanged ? await this.settledOf(row) : NOT_SETTLED;
    const changed = await this.o.deskStore.edit(row.id, {
      from: ['paid', 'in_production'],
      beforeDispatch: true,
      set,
      sizes,
      revokeKeys: emailChanged,
      event: { kind: 'changed', actor: 'owner', text: `Changed before dispatch: ${history.join('; ')}` },
      // The parcel or its card changes: the shopper hears what it now is, once.
      mails: emailChanged
        ? (updated, keys) => {
            const lines = order.lines.map((l) => {
              const size = sizes.find((s) => s.position === l.position)?.size;
              return size ? { ...l, size } : l;
            });
            return [this.confirmationMail(updated, toOrder(updated, lines), keys, seller, zoneName, settled)];
          }
        : shopperLines.length === 0
          ? undefined
          : (updated, keys) => [
              this.shopperMail(
                updated,
                uniqueKind('order-change'),
                orderChangedMail({ ...this.mailInput(updated, keys, seller), changes: shopperLines }),
              ),
            ],
      audit: audit(actor, 'order-edit', reference, fields.join(', ')),
    });
    if (!changed) {
      // Dispatched (or cancelled) between the read and the write: the guard refused.
      const now = await this.o.deskStore.findByReference(reference);
      if (now) refuseEdit(now.row);
      return refuse('conflict', ORDER_EDIT_MESSAGES.dispatched);
    }
    if (emailChanged || shopperLines.length > 0) this.o.onMailQueued();
    return { ...(await this.o.desk.detail(reference)), changed: true };
  }

  async resend(reference: string, kind: ResendKind, actor: Actor): Promise<ResendOutcome> {
    const accepted: ResendOutcome = { ok: true, kind };
    return oncePerAction(
      this.o.requests,
      { action: `order-resend-${kind}`, target: reference, actor },
      () => this.resendOnce(reference, kind, actor, accepted),
      async () => accepted,
    );
  }

  private async resendOnce(
    reference: string,
    kind: ResendKind,
    actor: Actor,
    accepted: ResendOutcome,
  ): Promise<ResendOutcome> {
    const order = await this.o.deskStore.findByReference(reference);
    if (!order) return refuse('not-found', ADMIN_MESSAGES.notFound);
    const { row } = order;
    if (row.email === '') return refuse('conflict', ORDER_EDIT_MESSAGES.anonymised);
    // Sent again as it would be composed now: the seller as she is, the order's own VAT.
    const seller = await this.o.seller();
    const zoneName = await this.o.zoneName(row.zone as ZoneId);
    let build: ((row: OrderRow, keys: IssuedOrderKeys) => NewOutboxRow) | null = null;
    if (kind === 'confirmation' && row.paid_at !== null) {
      const stored = await this.o.orders.findById(row.id);
      const settled = await this.settledOf(row);
      if (stored) build = (r, keys) => this.confirmationMail(r, stored, keys, seller, zoneName, settled);
    }
    if (kind === 'dispatch' && row.dispatched_at !== null && row.tracking_number) {
      const carrier = CARRIER_LABELS[row.carrier as Carrier] ?? row.carrier ?? '';
      const trackingNumber = row.tracking_number;
      build = (r, keys) =>
        this.shopperMail(
          r,
          uniqueKind(`${DESK_MAIL_KINDS.dispatched}:resend`),
          dispatchedMail({
            ...this.mailInput(r, keys, seller),
            carrier,
            trackingNumber,
            trackingUrl: r.tracking_url,
            delivery: expectedDelivery(r.zone, new Date(r.dispatched_at ?? Date.now())),
          }),
        );
    }
    if (kind === 'refund' && row.refunded > 0) {
      build = (r, keys) =>
        this.shopperMail(
          r,
          uniqueKind('order-refund:all:resend'),
          refundMail({
            ...this.mailInput(r, keys, seller),
            amount: r.refunded,
            refundedInAll: r.refunded,
            total: r.total,
            reason: null,
          }),
        );
    }
    if (!build) return refuse('conflict', ORDER_EDIT_MESSAGES.resendNone(kind));
    const make = build;
    await this.o.deskStore.queueOrderMail(
      row,
      (r, keys) => [make(r, keys)],
      audit(actor, 'order-resend', reference, kind),
    );
    this.o.onMailQueued();
    return accepted;
  }

  private async settledOf(row: OrderRow): Promise<SettledOrderVat> {
    return row.reference && this.o.settledVat ? this.o.settledVat(row.id, row.reference) : NOT_SETTLED;
  }

  /**
   * The order's confirmation sent again (a resend, a new address), with a new key to its page: its VAT in
   * the first confirmation's words (the export's, the reverse charge's, not registered) and its invoice.
   */
  private confirmationMail(
    row: OrderRow,
    stored: StoredOrder,
    keys: IssuedOrderKeys,
    seller: Awaited<ReturnType<SellerNow>>,
    zoneName: string,
    settled: SettledOrderVat,
  ): NewOutboxRow {
    const reference = row.reference ?? '';
    const key = keys.issue(row.id);
    const mail = customerConfirmation({
      order: stored,
      reference,
      contactEmail: seller.email,
      legal: legalFacts(seller, orderVatOf(stored, this.o.vatBefore), this.o.publicUrl),
      orderPageUrl: this.o.pageUrl(reference, key),
      zoneName,
      vat: settled.vat,
      businessName: settled.businessName ?? null,
      invoice: settled.invoiceNumber
        ? invoiceLink(this.o.publicUrl, reference, settled.invoiceNumber, key)
        : null,
    });
    return this.shopperMail(row, uniqueKind(`${ORDERS_MAIL_KINDS.customer}:resend`), mail);
  }

  private mailInput(row: OrderRow, keys: IssuedOrderKeys, seller: { readonly email: string }) {
    const reference = row.reference ?? '';
    return {
      reference,
      name: row.shipping_name,
      contactEmail: seller.email,
      orderPageUrl: row.reference ? this.o.pageUrl(row.reference, keys.issue(row.id)) : null,
      testOrder: row.provider === 'test-checkout',
    };
  }

  private shopperMail(row: OrderRow, kind: string, mail: RenderedMail): NewOutboxRow {
    return outboxRow(
      { orderId: row.id, reference: row.reference ?? '', kind, to: row.email, ...mail },
      senderDomain(this.o.mailFrom),
    );
  }
}

/** Refuses a change of this order now, saying why (dispatched, not paid, anonymised). */
function refuseEdit(row: OrderRow): void {
  if (row.dispatched_at !== null) refuse('conflict', ORDER_EDIT_MESSAGES.dispatched);
  if (row.paid_at === null || !EDITABLE.includes(row.desk_status))
    refuse('conflict', ORDER_EDIT_MESSAGES.notPaid);
  if (row.email === '') refuse('conflict', ORDER_EDIT_MESSAGES.anonymised);
}

function audit(actor: Actor, action: string, target: string, detail: string | null): AuditEntry {
  return { session: actor.session, address: actor.address, name: actor.name, action, target, detail };
}
