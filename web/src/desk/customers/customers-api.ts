/** The desk's calls for the Customers section (docs/product/desk.md §10.15), checked by the shared contract. */
import {
  adminCustomerPath,
  CUSTOMER_API,
  customerDetailSchema,
  customerNoteResponseSchema,
  customersResponseSchema,
  erasureResponseSchema,
} from '../../../../domain/customers/customers';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/orders/admin-api';
import { deskCall } from '../desk-api';

export const customersApi = {
  list: (q: string) =>
    deskCall(
      'GET',
      q ? `${CUSTOMER_API.list}?${new URLSearchParams({ q }).toString()}` : CUSTOMER_API.list,
      customersResponseSchema,
    ).then((r) => r.customers),
  get: (email: string) => deskCall('GET', adminCustomerPath(email), customerDetailSchema),
  saveNote: (email: string, note: string, submission: string) =>
    deskCall(
      'PUT',
      adminCustomerPath(email, 'note'),
      customerNoteResponseSchema,
      { note },
      {
        [IDEMPOTENCY_KEY_HEADER]: submission,
      },
    ),
  erase: (email: string, submission: string) =>
    deskCall('DELETE', adminCustomerPath(email), erasureResponseSchema, undefined, {
      [IDEMPOTENCY_KEY_HEADER]: submission,
    }),
  /** The privacy export as a download (the browser sends the session cookie; the server audits it). */
  exportUrl: (email: string) => adminCustomerPath(email, 'export'),
  /** The same as a readable summary (plain text) to read or send beside it. */
  summaryUrl: (email: string) => `${adminCustomerPath(email, 'export')}?as=summary`,
};
