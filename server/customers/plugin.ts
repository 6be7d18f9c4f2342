/** Customers: the desk's list of the people the shop holds data about, their page, notes and privacy rights. */
import type { FastifyInstance } from 'fastify';
import { featurePlugin } from '../lib/feature-plugin';
import { customerRoutes } from './customer-routes';
import { CustomerService } from './customer-service';

async function customers(app: FastifyInstance): Promise<void> {
  const { db, audit, now } = app.platform;
  const service = new CustomerService({
    db,
    audit: (entry) => audit.audit(entry),
    ...(now ? { now } : {}),
  });
  app.decorate('customers', { service });
  // A customer's export and erasure are the privacy feature's routes (its one rule, whichever screen asks).
  await app.register(customerRoutes, { customers: service });
}

export const customersPlugin = featurePlugin('customers', [], customers);
