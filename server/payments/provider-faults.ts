/**
 * FAULT_INJECT's points on the payment path (ops/faults.ts says how a point kills the process): the
 * provider is shared with the routes and the order service, so patching it in place arms every caller.
 */
import type { FaultHit } from '../lib/fault-spec';
import type { PaymentProvider } from './provider';
import type { TestCheckoutProvider } from './test-checkout';

export function armProviderFaults(hit: FaultHit, provider: PaymentProvider): void {
  const armed = provider as PaymentProvider & Partial<Pick<TestCheckoutProvider, 'pay'>>;
  const create = armed.createSession.bind(armed);
  armed.createSession = async (input) => {
    hit('checkout:order-stored');
    const session = await create(input);
    hit('checkout:session-created');
    return session;
  };
  // A provider with local sessions has its session stored with the order, all in one atomic write (one
  // SQLite transaction, one PostgreSQL statement): there is no moment between the order and its session.
  // Both checkout points are then reached just before that write, when its statements are made, and a
  // kill there leaves nothing of the checkout behind.
  if (armed.prepareLocalSession) {
    const prepare = armed.prepareLocalSession.bind(armed);
    armed.prepareLocalSession = (input) => {
      const session = prepare(input);
      return {
        ...session,
        inserts: (db) => {
          hit('checkout:order-stored');
          hit('checkout:session-created');
          return session.inserts(db);
        },
      };
    };
  }
  const retrieve = armed.retrieveSession.bind(armed);
  armed.retrieveSession = async (id) => {
    const session = await retrieve(id);
    if (session?.paymentStatus === 'paid') hit('confirm:provider-paid');
    return session;
  };
  if (armed.pay) {
    const pay = armed.pay.bind(armed);
    armed.pay = async (id, shipping) => {
      const paid = await pay(id, shipping);
      if (paid) hit('pay:payment-recorded');
      return paid;
    };
  }
}
