/**
 * Changing an order before dispatch, and sending one of its e-mails again (docs/product/orders.md §10.16): the
 * paths, wording and zod/mini schemas shared by the server and the desk. Items and amounts are never
 * edited (that is a refund or a new order): a line's size only, the same product at the same price.
 */
import * as z from 'zod/mini';
import { checkEmail } from '../shared/email';
import { singleLine } from '../shared/input-text-checks';
import { adminOrderPath } from './admin-api';

export const orderEditPath = (reference: string) => adminOrderPath(reference);
export const orderResendPath = (reference: string) => `${adminOrderPath(reference)}/resend`;

export const RESEND_KINDS = ['confirmation', 'dispatch', 'refund'] as const;
export type ResendKind = (typeof RESEND_KINDS)[number];

export const RESEND_LABELS: Readonly<Record<ResendKind, string>> = {
  confirmation: 'Resend confirmation',
  dispatch: 'Resend dispatch e-mail',
  refund: 'Resend refund e-mail',
};

export const ORDER_EDIT_MESSAGES = {
  empty: 'Nothing to change: send address, email, giftMessage or lines',
  address:
    'address must be { name, line1, line2?, city, state?, postalCode?, country } with name, line1 and city filled in',
  email: 'email must be a valid e-mail address',
  giftMessage: 'giftMessage must be text of at most 200 characters, or null to remove it',
  giftWithoutWrap: 'giftMessage: this order has no gift wrap, so it carries no message',
  lines: 'lines must be [{ lineId, size }] with size "S", "M" or "L"',
  lineUnknown: (lineId: number) => `lines: this order has no line ${lineId}`,
  lineNoSize: (lineId: number) => `lines: line ${lineId} has no bracelet size`,
  country: 'address.country cannot change: the delivery was paid for its zone (refund and make a new order)',
  dispatched: 'A dispatched order cannot be changed',
  notPaid: 'Only a paid order can be changed',
  resendKind: 'kind must be "confirmation", "dispatch" or "refund"',
  resendNone: (kind: ResendKind) =>
    kind === 'dispatch'
      ? 'This order has not been dispatched: there is no dispatch e-mail to send again'
      : kind === 'refund'
        ? 'This order has no refund: there is no refund e-mail to send again'
        : 'This order is not paid: there is no confirmation to send again',
  anonymised: 'This order has no shopper any more (erased): there is nobody to write to',
} as const;

const text = (max: number, message: string, min = 0) =>
  z.string({ error: message }).check(
    z.trim(),
    z.refine((t) => [...t].length >= min && [...t].length <= max, { error: message }),
    singleLine(),
  );
const optionalText = (max: number, message: string) =>
  z.optional(
    z.nullable(
      z.string({ error: message }).check(
        z.trim(),
        z.refine((t) => [...t].length <= max, { error: message }),
        singleLine(),
      ),
    ),
  );

export const orderAddressEditSchema = z.strictObject({
  name: text(200, ORDER_EDIT_MESSAGES.address, 1),
  line1: text(200, ORDER_EDIT_MESSAGES.address, 1),
  line2: optionalText(200, ORDER_EDIT_MESSAGES.address),
  city: text(100, ORDER_EDIT_MESSAGES.address, 1),
  state: optionalText(100, ORDER_EDIT_MESSAGES.address),
  postalCode: optionalText(20, ORDER_EDIT_MESSAGES.address),
  country: z
    .string({ error: ORDER_EDIT_MESSAGES.address })
    .check(z.regex(/^[A-Z]{2}$/, { error: ORDER_EDIT_MESSAGES.address })),
});
export type OrderAddressEdit = z.infer<typeof orderAddressEditSchema>;

export const orderEditSchema = z.strictObject({
  address: z.optional(orderAddressEditSchema),
  email: z.optional(
    z.string({ error: ORDER_EDIT_MESSAGES.email }).check(
      z.maxLength(1000, { error: ORDER_EDIT_MESSAGES.email }),
      z.trim(),
      z.refine((t) => checkEmail(t).ok, { error: ORDER_EDIT_MESSAGES.email }),
    ),
  ),
  // Checked as the checkout checks it (domain/checkout/gift-message.ts: line breaks kept, 200 characters).
  giftMessage: z.optional(
    z.nullable(
      z
        .string({ error: ORDER_EDIT_MESSAGES.giftMessage })
        .check(z.maxLength(4000, { error: ORDER_EDIT_MESSAGES.giftMessage })),
    ),
  ),
  lines: z.optional(
    z
      .array(
        z.strictObject({
          lineId: z
            .number({ error: ORDER_EDIT_MESSAGES.lines })
            .check(
              z.int({ error: ORDER_EDIT_MESSAGES.lines }),
              z.gte(0, { error: ORDER_EDIT_MESSAGES.lines }),
            ),
          size: z.enum(['S', 'M', 'L'], { error: ORDER_EDIT_MESSAGES.lines }),
        }),
        { error: ORDER_EDIT_MESSAGES.lines },
      )
      .check(z.maxLength(50, { error: ORDER_EDIT_MESSAGES.lines })),
  ),
});
export type OrderEdit = z.infer<typeof orderEditSchema>;

export const resendRequestSchema = z.strictObject({
  kind: z.enum(RESEND_KINDS, { error: ORDER_EDIT_MESSAGES.resendKind }),
});

export const resendResponseSchema = z.object({ ok: z.literal(true), kind: z.enum(RESEND_KINDS) });
