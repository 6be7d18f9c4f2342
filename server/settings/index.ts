/** The settings feature's public face: what other features may use of it (docs/architecture.md). */

import type { ZoneId } from '../../domain/config';
import type { DispatchCalendar } from '../../domain/making/dispatch';
import type { SellerSettings } from '../../domain/settings/shop-settings';
import type { SettingsCache } from './settings-cache';
import type { SettingsStore } from './settings-store';

export {
  backInTouchOfEmail,
  deleteBackInTouchOfEmail,
  deleteUnconfirmedBackInTouch,
} from './back-in-touch-store';
export type { SettingsCache } from './settings-cache';
export { OPS_MARKS, type SettingsStore } from './settings-store';

export interface SettingsFace {
  /** The owner's settings (capacity, early bird) and the marks the desk's Today shows. */
  readonly store: SettingsStore;
  /** The settings as this instance serves them (no query): checkout, the early-bird price, the storefront. */
  readonly cache: SettingsCache;
  /**
   * The seller now (no query): read by whatever names her or writes to her at the moment it is composed
   * (e-mails, packing slips, the CSV), so a save reaches every instance within the cache's refresh.
   */
  seller(): Promise<SellerSettings>;
  /** A zone as the owner names it now (no query): e-mails and the order page say it when composed. */
  zoneName(zone: ZoneId): Promise<string>;
  /**
   * What every dispatch date follows now (closures, working days, away) from the cache: no query, and the
   * same object until the next save. Unreadable, the first start's closures (CLOSED_DATES).
   */
  readonly calendar: () => Promise<DispatchCalendar>;
}

declare module '../lib/events' {
  interface ShopEvents {
    /**
     * The owner saved her settings on this instance, which published a new catalogue version with them:
     * awaited before she is answered, so the catalogue (listening) serves that version at once, not at
     * the next poll, and the pages show the save.
     */
    settingsSaved: Record<string, never>;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    settings: SettingsFace;
  }
}
