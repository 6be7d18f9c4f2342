/** What the gift cards feature offers the features that need it (its face, decorated as `giftCards`; index.ts names it). */
import type { GiftCardService } from './gift-card-service';
import type { GiftCardStore } from './gift-card-store';

export interface GiftCardsFace {
  readonly service: GiftCardService;
  readonly store: GiftCardStore;
  /** Counts one code tried by a client; false when the client or the code is over the limit. */
  readonly attempt: (client: string, code: string) => Promise<boolean>;
}
