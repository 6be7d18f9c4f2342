// @vitest-environment jsdom
/**
 * The desk's routes as desk-app.tsx composes them from the features' `routes/<name>.ts`: each hash to its screen,
 * each feature's links back to its own routes, and no path claimed by two features.
 */
import { describe, expect, it } from 'vitest';
import { deskRouteOf } from './desk-app';
import type { DeskRoute } from './desk-router';
import { catalogueHref } from './routes/catalogue';
import { customersHref } from './routes/customers';
import { enquiriesHref } from './routes/enquiries';
import { fulfilmentHref } from './routes/fulfilment';
import { giftCardsHref } from './routes/gift-cards';
import { makingHref } from './routes/making';
import { manualOrdersHref } from './routes/manual-orders';
import { newsletterHref } from './routes/newsletter';
import { numbersHref } from './routes/numbers';
import { offersHref } from './routes/offers';
import { peopleHref } from './routes/people';
import { quotesHref } from './routes/quotes';
import { reviewsHref } from './routes/reviews';
import { settingsHref } from './routes/settings';

describe('desk routes', () => {
  it('reads the screens from the hash and writes links back to them', () => {
    // Today is the first screen; the list is one link away.
    expect(deskRouteOf('')).toEqual({ id: 'today' });
    expect(deskRouteOf(makingHref.today())).toEqual({ id: 'today' });
    expect(deskRouteOf(fulfilmentHref.orders())).toMatchObject({ id: 'orders' });
    expect(deskRouteOf(fulfilmentHref.orders(new URLSearchParams('status=paid')))).toMatchObject({
      id: 'orders',
    });
    const list = deskRouteOf('#/?status=paid&q=aoife');
    expect(list.id === 'orders' && list.params.get('q')).toBe('aoife');
    expect(deskRouteOf(fulfilmentHref.order('SOL-1A2B3C4D'))).toEqual({
      id: 'order',
      reference: 'SOL-1A2B3C4D',
    });
    expect(deskRouteOf(fulfilmentHref.slips())).toEqual({ id: 'slips', reference: null });
    expect(deskRouteOf(fulfilmentHref.slips('SOL-1'))).toEqual({ id: 'slips', reference: 'SOL-1' });
    expect(deskRouteOf(numbersHref.exports())).toEqual({ id: 'exports' });
    expect(deskRouteOf('#/nonsense')).toEqual({ id: 'today' });
  });

  it('reads a quote, its change and its copy', () => {
    expect(deskRouteOf(quotesHref.quotes())).toEqual({
      id: 'quotes',
      creating: false,
      enquiry: null,
      from: null,
    });
    expect(deskRouteOf(quotesHref.newQuote('enq_1'))).toEqual({
      id: 'quotes',
      creating: true,
      enquiry: 'enq_1',
      from: null,
    });
    expect(deskRouteOf(quotesHref.duplicateQuote('Q-ABCD2345'))).toEqual({
      id: 'quotes',
      creating: true,
      enquiry: null,
      from: 'Q-ABCD2345',
    });
    expect(deskRouteOf(quotesHref.quote('Q-ABCD2345'))).toEqual({
      id: 'quote',
      reference: 'Q-ABCD2345',
      editing: false,
    });
    expect(deskRouteOf(quotesHref.editQuote('Q-ABCD2345'))).toEqual({
      id: 'quote',
      reference: 'Q-ABCD2345',
      editing: true,
    });
  });
});

describe('every feature’s links', () => {
  it('open the route they name, whichever feature is asked first', () => {
    const links: readonly (readonly [string, DeskRoute['id']])[] = [
      [makingHref.today(), 'today'],
      [fulfilmentHref.orders(), 'orders'],
      [fulfilmentHref.order('SOL-1'), 'order'],
      [manualOrdersHref.newOrder(), 'newOrder'],
      [fulfilmentHref.slips(), 'slips'],
      [numbersHref.numbers(), 'numbers'],
      [numbersHref.exports(), 'exports'],
      [catalogueHref.products(), 'products'],
      [catalogueHref.newProduct(), 'product'],
      [catalogueHref.product('6'), 'product'],
      [reviewsHref.reviews(), 'reviews'],
      [offersHref.discounts(), 'discounts'],
      [giftCardsHref.giftCards(), 'giftCards'],
      [enquiriesHref.enquiries('new'), 'enquiries'],
      [enquiriesHref.enquiry('enq_1'), 'enquiry'],
      [quotesHref.quotes(), 'quotes'],
      [quotesHref.quote('Q-1'), 'quote'],
      [settingsHref.settings(), 'settings'],
      [customersHref.customers('aoife'), 'customers'],
      [customersHref.customer('aoife@example.ie'), 'customer'],
      [peopleHref.people(), 'people'],
      [peopleHref.account(), 'account'],
      ['#/welcome/token-1', 'welcome'],
      [newsletterHref.campaigns(), 'campaigns'],
      [newsletterHref.newCampaign(), 'campaign'],
      [newsletterHref.campaign('c1'), 'campaign'],
      [newsletterHref.subscribers(), 'subscribers'],
    ];
    for (const [href, id] of links) expect(deskRouteOf(href).id, href).toBe(id);
  });

  it('keeps what a route carries', () => {
    expect(deskRouteOf(customersHref.customer('aoife@example.ie'))).toEqual({
      id: 'customer',
      email: 'aoife@example.ie',
    });
    expect(deskRouteOf(customersHref.customers('aoife'))).toEqual({ id: 'customers', q: 'aoife' });
    expect(deskRouteOf(enquiriesHref.enquiries('new'))).toEqual({ id: 'enquiries', status: 'new' });
    expect(deskRouteOf('#/enquiries?status=bogus')).toEqual({ id: 'enquiries', status: null });
    expect(deskRouteOf('#/reviews?status=hidden')).toEqual({ id: 'reviews', status: 'hidden' });
    expect(deskRouteOf(catalogueHref.newProduct())).toEqual({ id: 'product', productId: null });
    expect(deskRouteOf(newsletterHref.newCampaign())).toEqual({ id: 'campaign', campaignId: null });
    expect(deskRouteOf('#/welcome/abc')).toEqual({ id: 'welcome', token: 'abc' });
    // A welcome link needs its token: without one it is no route of any feature.
    expect(deskRouteOf('#/welcome')).toEqual({ id: 'today' });
  });
});
