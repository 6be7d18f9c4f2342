/** Enquiries and an enquiry, with the count of new ones beside the section. */
import { type DeskScreens, OWNER } from '../desk-screens';
import { enquiriesHref, parseEnquiriesHash } from '../routes/enquiries';
import { enquiriesApi } from './enquiries-api';
import { EnquiriesPage, EnquiryPage } from './enquiries-page';

export const enquiriesScreens: DeskScreens = {
  parse: parseEnquiriesHash,
  nav: [
    { id: 'enquiries', label: 'Enquiries', href: enquiriesHref.enquiries(), count: enquiriesApi.newCount },
  ],
  routes: {
    enquiries: { section: 'enquiries', roles: OWNER },
    enquiry: { section: 'enquiries', roles: OWNER },
  },
  render(route) {
    if (route.id === 'enquiries') return <EnquiriesPage key={route.status ?? 'all'} status={route.status} />;
    if (route.id === 'enquiry') return <EnquiryPage key={route.enquiryId} enquiryId={route.enquiryId} />;
    return null;
  },
};
