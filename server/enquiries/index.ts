/** The enquiries feature's public face: corporate and bespoke enquiries, as the quotes answer them. */
import type { EnquiryService } from './enquiry-service';
import type { EnquiryStore } from './enquiry-store';

export type { EnquiryService, EnquiryStore };

export interface EnquiriesFace {
  /** Corporate and bespoke enquiries and the owner's work on them (docs/product/enquiries.md §16). */
  readonly service: EnquiryService;
  /** Every query of the enquiries; `findEnquiry` and `markQuoted` are what the quotes call. */
  readonly store: EnquiryStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    enquiries: EnquiriesFace;
  }
}

export {
  adminEnquiryOf,
  deleteEnquiries,
  enquiriesOfEmail,
  enquiriesUnchangedSince,
  enquiryClients,
} from './enquiry-store';
