/** The newsletter feature's public face: the list and its confirmed subscribers. */
import type { BackInStockStore } from './back-in-stock-store';
import type { CampaignService } from './campaign-service';
import type { CartReminderStore } from './cart-reminder-store';
import type { NewsletterStore } from './newsletter-store';

export type { NewsletterStore, Subscriber } from './newsletter-store';

export interface NewsletterFace {
  /** The list; `subscribers()` is what any export of it uses (confirmed addresses only). */
  readonly store: NewsletterStore;
  /** The owner's campaigns and their paced send. */
  readonly campaigns: CampaignService;
  /** "Tell me when it's back": the addresses waiting for paused products. */
  readonly backInStock: BackInStockStore;
  /** The one cart reminder a shopper asked for at checkout (docs/product/states.md §5.10a). */
  readonly cartReminders: CartReminderStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    newsletter: NewsletterFace;
  }
}

export {
  backInStockOfEmail,
  deleteBackInStockOfEmail,
  deleteUnconfirmedBackInStock,
} from './back-in-stock-store';
export {
  type CartReminder,
  cartRemindersOfEmail,
  deleteCartRemindersOfEmail,
  deleteExpiredCartReminders,
} from './cart-reminder-store';
export { NEWSLETTER_MAIL_KINDS } from './mail-kinds';
export {
  deleteSignupOfEmail,
  deleteUnconfirmedSignups,
  signupAddresses,
  signupOfEmail,
} from './newsletter-store';
