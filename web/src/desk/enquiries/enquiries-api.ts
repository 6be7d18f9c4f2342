/** The desk's calls for the Enquiries section (docs/product/enquiries.md §16), checked by the shared contract. */

import {
  type EnquiryPatch,
  enquiriesResponseSchema,
  enquiryPatchResponseSchema,
  enquiryResponseSchema,
} from '../../../../domain/enquiries/enquiries';
import {
  adminEnquiryPath,
  ENQUIRY_API,
  type EnquiryStatus,
} from '../../../../domain/enquiries/enquiry-texts';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/orders/admin-api';
import { irishDate } from '../../../../domain/shared/calendar-date';
import { deskCall } from '../desk-api';
import { formatDay } from '../ui/desk-format';

export const enquiriesApi = {
  list: (status: EnquiryStatus | null) =>
    deskCall(
      'GET',
      status ? `${ENQUIRY_API.admin}?status=${status}` : ENQUIRY_API.admin,
      enquiriesResponseSchema,
    ),
  newCount: () =>
    deskCall('GET', `${ENQUIRY_API.admin}?status=new`, enquiriesResponseSchema).then((r) => r.counts.new),
  get: (id: string) => deskCall('GET', adminEnquiryPath(id), enquiryResponseSchema).then((r) => r.enquiry),
  update: (id: string, body: EnquiryPatch, submission: string) =>
    deskCall('PATCH', adminEnquiryPath(id), enquiryPatchResponseSchema, body, {
      [IDEMPOTENCY_KEY_HEADER]: submission,
    }).then((r) => r.enquiry),
};

/**
 * An enquiry as the desk names it: its company (or, without one, the sender's name) and the day it came,
 * "Acme Ltd, 20 Nov 2026". Never its id, which means nothing to a person.
 */
export function enquiryLabel(enquiry: {
  readonly name: string;
  readonly company: string | null;
  readonly createdAt: string;
}): string {
  const at = new Date(enquiry.createdAt);
  const day = Number.isNaN(at.getTime()) ? enquiry.createdAt : irishDate(at);
  return `${enquiry.company ?? enquiry.name}, ${formatDay(day)}`;
}
