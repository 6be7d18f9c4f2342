/** The desk's calls for an order the owner takes herself (docs/product/orders.md §10.17), checked by the shared contract. */
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/orders/admin-api';
import {
  emailLinkResponseSchema,
  MANUAL_ORDER_API,
  manualOrderCreatedSchema,
  manualOrderPreviewResponseSchema,
} from '../../../../domain/orders/manual-order';
import { deskCall } from '../desk-api';

export const manualOrdersApi = {
  /** The server's prices and totals for the form as it is; nothing is stored. */
  preview: (body: Record<string, unknown>) =>
    deskCall('POST', MANUAL_ORDER_API.preview, manualOrderPreviewResponseSchema, body).then((r) => r.preview),
  create: (body: Record<string, unknown>, submission: string) =>
    deskCall('POST', MANUAL_ORDER_API.create, manualOrderCreatedSchema, body, {
      [IDEMPOTENCY_KEY_HEADER]: submission,
    }),
  /** The unpaid order's payment link e-mailed to the customer again. */
  emailLink: (reference: string, submission: string) =>
    deskCall(
      'POST',
      MANUAL_ORDER_API.emailLink.replace(':reference', encodeURIComponent(reference)),
      emailLinkResponseSchema,
      {},
      { [IDEMPOTENCY_KEY_HEADER]: submission },
    ),
};

/**
 * The field a refusal names (`items[0].reason: say why…`) and what it says: the form shows the message
 * under that field and moves the focus there. Null for a refusal that names no field.
 */
export function refusedField(message: string): { readonly field: string; readonly text: string } | null {
  const match = /^((?:items\[\d+\]|customer|zone|giftMessage|payment|method)[\w.[\]]*): (.+)$/s.exec(message);
  if (!match?.[1] || !match[2]) return null;
  return { field: match[1], text: match[2] };
}
