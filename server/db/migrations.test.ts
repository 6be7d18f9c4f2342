import { describe, expect, it } from 'vitest';
import { declareShop } from '../app';
import { declareMigrations, MIGRATIONS } from './migrations';

describe('the migrations the platform and the features declare', () => {
  it('are the one list of before, in the order of their names', () => {
    declareShop();
    // The names a database already migrated has recorded: moving a migration to its feature's folder
    // changes none of them, so such a database finds nothing new to run.
    expect(Object.keys(MIGRATIONS)).toEqual([
      '0001-initial-schema',
      '0002-order-reference',
      '0003-reconcile-queue',
      '0004-sizes-gift-message',
      '0005-dispatch-date',
      '0006-shared-rate-limits',
      '0007-order-desk',
      '0008-order-page',
      '0009-newsletter-privacy',
      '0010-desk-requests',
      '0011-catalogue',
      '0012-media',
      '0013-settings',
      '0014-reviews',
      '0015-discounts',
      '0016-enquiries',
      '0017-quotes',
      '0018-discount-canonical-addresses',
      '0019-outbox-reply-to',
      '0020-refund-keeps-making-state',
      '0021-quote-dispatch-by',
      '0022-hashed-page-keys',
      '0023-back-in-touch',
      '0025-people',
      '0026-named-actors',
      '0027-customer-notes',
      '0029-newsletter-campaigns',
      '0030-back-in-stock',
      '0031-cart-reminders',
      '0032-order-channel',
      '0033-returns',
      '0034-order-vat',
      '0035-hashed-link-tokens',
      '0036-product-feed-fields',
      '0037-gift-cards',
      '0038-vat-mode',
      '0039-vat-records',
      '0040-order-gift-cards',
      '0041-order-gift-cards-sold',
      '0042-order-vat',
      '0043-order-settled-vat',
      '0044-gift-card-refund',
      '0045-credit-note-reason',
      '0046-order-gift-card-from',
      '0047-cart-reminder-mailboxes',
      '0047-seed-product-colours',
      '0048-catalogue-customs',
      '0049-shipping-labels',
      '0050-materials',
      '0051-exchanges',
      '0052-reservation-holder',
    ]);
  });

  it('declaring the same list again changes nothing', () => {
    declareShop();
    const before = Object.entries(MIGRATIONS);
    declareShop();
    expect(Object.entries(MIGRATIONS)).toEqual(before);
  });

  it('refuses a second migration of a name already declared, and adds none of its set', () => {
    declareShop();
    const before = Object.keys(MIGRATIONS);
    const clash = {
      '9998-new': { up: async () => {} },
      '0011-catalogue': { up: async () => {} },
    };
    expect(() => declareMigrations(clash)).toThrow('Two migrations are named 0011-catalogue');
    expect(Object.keys(MIGRATIONS)).toEqual(before);
  });
});
