/**
 * The customers feature's public face: the desk's Customers (one row per e-mail address), and the owner's
 * notes about them, which the privacy erasure and retention delete through the functions below.
 */
import type { CustomerService } from './customer-service';

export type { CustomerService } from './customer-service';

export interface CustomersFace {
  readonly service: CustomerService;
}

declare module 'fastify' {
  interface FastifyInstance {
    customers: CustomersFace;
  }
}

export { customerNoteOf, deleteCustomerNote, deleteCustomerNotesUnchangedSince } from './customer-store';
