/** The enquiries (filtered by status in the query) and one enquiry. Parsed and written here alone (docs/architecture.md: the desk's routes). */
import { ENQUIRY_STATUSES, type EnquiryStatus } from '../../../../domain/enquiries/enquiry-texts';
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    enquiries: { readonly id: 'enquiries'; readonly status: EnquiryStatus | null };
    enquiry: { readonly id: 'enquiry'; readonly enquiryId: string };
  }
}

export const enquiriesHref = {
  enquiries: (status: EnquiryStatus | null = null) =>
    status ? `#/enquiries?status=${status}` : '#/enquiries',
  enquiry: (id: string) => `#/enquiries/${encodeURIComponent(id)}`,
};

export const parseEnquiriesHash: DeskRouteParser = (parts, search) => {
  if (parts[0] !== 'enquiries') return null;
  if (parts[1]) return { id: 'enquiry', enquiryId: parts[1] };
  const status = new URLSearchParams(search).get('status');
  const known = (ENQUIRY_STATUSES as readonly (string | null)[]).includes(status);
  return { id: 'enquiries', status: known ? (status as EnquiryStatus) : null };
};
