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
import { deskCall } from '../desk-api';

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
