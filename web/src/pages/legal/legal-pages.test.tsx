// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BRAND,
  deliveryDaysText,
  FLAG_NAMES,
  FREE_SHIPPING_THRESHOLD,
  GIFT_WRAP_PRICE,
  POLICY,
  productionDaysText,
  RETENTION,
  SHIPPING_ZONES,
  STORAGE_KEYS,
  ZONE_IDS,
} from '../../../../domain/config';
import {
  DEFAULT_STOREFRONT_SETTINGS,
  storefrontSettings,
} from '../../../../domain/settings/storefront-settings';
import { formatEuro, formatEuroShort } from '../../../../domain/shared/money';
import { HashRouter } from '../../lib/router';
import { renderWithCatalogue, seedWith } from '../../test-support/render-with-catalogue';
import { CookiePolicyPage } from './cookie-policy-page';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { ReturnsRefundsPage } from './returns-refunds-page';
import { TermsConditionsPage } from './terms-conditions-page';

const PAGES: ReadonlyArray<readonly [string, ComponentType]> = [
  ['Privacy Policy', PrivacyPolicyPage],
  ['Terms & Conditions', TermsConditionsPage],
  ['Shipping & Returns', ReturnsRefundsPage],
  ['Cookie Policy', CookiePolicyPage],
];

function renderPage(Page: ComponentType) {
  return renderWithCatalogue(
    <HashRouter>
      <Page />
    </HashRouter>,
  );
}

/** The page's own text, without the shared "Questions?" box. */
function articleText(): string {
  return (screen.getByRole('article').textContent ?? '').replace(/\s+/g, ' ');
}

afterEach(() => {
  window.location.hash = '';
});

describe.each(PAGES)('%s', (title, Page) => {
  it('has its title, a last-updated date and a contents entry for every section', () => {
    renderPage(Page);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated:/)).toContainElement(screen.getByText(BRAND.buildMonth));

    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const entries = within(contents)
      .getAllByRole('button')
      .map((b) => b.textContent);
    const sectionHeadings = screen
      .getAllByRole('region')
      .map((region) => within(region).getAllByRole('heading', { level: 2 })[0]?.textContent);
    expect(entries.length).toBeGreaterThan(2);
    expect(entries).toEqual(sectionHeadings);
  });

  it('is dated by the owner’s last change of the seller or the shipping when that is later', () => {
    // As the server builds the snapshot: the instant of her last save, as an Irish date.
    const shop = storefrontSettings({
      ...DEFAULT_STOREFRONT_SETTINGS,
      legalUpdatedAt: '2026-11-26T23:30:00.000Z',
    });
    renderWithCatalogue(
      <HashRouter>
        <Page />
      </HashRouter>,
      { catalogue: { ...seedWith({}), shop } },
    );
    const updated = screen.getByText(/^Last updated:/);
    expect(updated).toHaveTextContent('Last updated: 26 November 2026');
    expect(within(updated).getByText('26 November 2026')).toHaveAttribute('datetime', '2026-11-26');
  });

  it('jumps to a section without touching the router hash, and moves focus there', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    // jsdom does not implement scrolling.
    Element.prototype.scrollIntoView = scrollIntoView;
    window.location.hash = '#/legal-test';
    const user = userEvent.setup();
    renderPage(Page);
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const last = within(contents).getAllByRole('button').at(-1);
    if (!last) throw new Error('no contents entries');
    await user.click(last);

    const target = screen.getByRole('heading', { level: 2, name: last.textContent ?? '' });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrolled[0]).toBe(target);
    expect(target).toHaveFocus();
    expect(window.location.hash).toBe('#/legal-test');
  });
});

describe('Privacy Policy content', () => {
  it('names the supervisory authority and takes retention and age from the config', () => {
    renderPage(PrivacyPolicyPage);
    const text = articleText();
    expect(text).toContain('Data Protection Commission');
    expect(text).toContain('GDPR');
    expect(text).toContain(
      `${RETENTION.paidOrderYearsAfterSale} years after the end of the year of the order`,
    );
    expect(text).toContain(`${RETENTION.unpaidCheckoutDays} days`);
    expect(text).toContain(`within ${RETENTION.unconfirmedSignupDays} days`);
    expect(text).toContain(`after ${RETENTION.mailBodyDays} days`);
    expect(text).toContain(`at least ${POLICY.minimumAge} years old`);
    for (const topic of ['newsletter', 'payment provider', 'e-mail provider', 'delivery address']) {
      expect(text).toContain(topic);
    }
    expect(screen.getAllByRole('link', { name: BRAND.contactEmail }).length).toBeGreaterThan(0);
  });
});

describe('Terms & Conditions content', () => {
  it('quotes every policy number from the config', () => {
    renderPage(TermsConditionsPage);
    const text = articleText();
    expect(text).toContain(`${POLICY.coolingOffDays}-day cooling-off period`);
    expect(text).toContain(`within ${POLICY.returnsDays} days of delivery`);
    expect(text).toContain(`within ${POLICY.refundWithinDaysOfReturn} days of receiving your return`);
    expect(text).toContain(`${POLICY.bankProcessingDays[0]}-${POLICY.bankProcessingDays[1]} business days`);
    expect(text).toContain(`within ${POLICY.reportDamageWithinHours} hours`);
    expect(text).toContain(`within ${POLICY.confirmationEmailWithinHours} hours`);
    expect(text).toContain(`at least ${POLICY.minimumAge} years old`);
    expect(text).toContain(productionDaysText());
    expect(text).toContain(`orders of ${formatEuroShort(FREE_SHIPPING_THRESHOLD)} or more`);
    expect(text).toContain(formatEuro(GIFT_WRAP_PRICE));
    expect(text).toContain('law of Ireland');
    expect(text).toContain('include VAT where applicable');
    expect(text).toMatch(/personalised/);
  });

  it('has the delivery table with every zone', () => {
    renderPage(TermsConditionsPage);
    const table = screen.getByRole('table', { name: 'Delivery fees and times' });
    for (const id of ZONE_IDS) {
      const row = within(table).getByRole('row', { name: new RegExp(`^${SHIPPING_ZONES[id].label}`) });
      expect(row).toHaveTextContent(formatEuro(SHIPPING_ZONES[id].fee));
      expect(row).toHaveTextContent(deliveryDaysText(id));
    }
  });
});

describe('Shipping & Returns content', () => {
  it('lists fee, free-delivery offer and delivery time per zone', () => {
    renderPage(ReturnsRefundsPage);
    const table = screen.getByRole('table', { name: 'Delivery by destination' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Destination', 'Delivery fee', 'Free delivery', 'Delivery time']);
    for (const id of ZONE_IDS) {
      const zone = SHIPPING_ZONES[id];
      const row = within(table).getByRole('row', { name: new RegExp(`^${zone.label}`) });
      expect(row).toHaveTextContent(formatEuro(zone.fee));
      expect(row).toHaveTextContent(deliveryDaysText(id));
      expect(row).toHaveTextContent(
        zone.freeOver === null
          ? 'Not available'
          : `Free on orders of ${formatEuroShort(zone.freeOver)} or more`,
      );
    }
  });

  it('explains returns, refunds and damage with the config numbers', () => {
    renderPage(ReturnsRefundsPage);
    expect(
      screen.getByRole('heading', { level: 2, name: `${POLICY.returnsDays}-day returns` }),
    ).toBeInTheDocument();
    const text = articleText();
    expect(text).toContain(productionDaysText());
    expect(text).toContain(`${POLICY.coolingOffDays}-day`);
    expect(text).toContain(`within ${POLICY.refundWithinDaysOfReturn} days of receiving your return`);
    expect(text).toContain(`${POLICY.bankProcessingDays[0]}-${POLICY.bankProcessingDays[1]} business days`);
    expect(text).toContain(`within ${POLICY.reportDamageWithinHours} hours`);
    expect(text).toContain(BRAND.orderReferencePrefix);
    expect(screen.getByRole('heading', { level: 2, name: 'How to return an item' })).toBeInTheDocument();
    // Country lists come from the zones too, in words, where the shop sells: the rest of the world, but
    // not the UK while the checkout refuses Great Britain (the first start's choice).
    expect(text).toContain('United States');
    expect(text).not.toContain('United Kingdom');
  });
});

describe('Cookie Policy content', () => {
  it('describes every key the shop stores and no analytics today', () => {
    renderPage(CookiePolicyPage);
    const text = articleText();
    for (const key of [...Object.values(STORAGE_KEYS), ...FLAG_NAMES]) {
      expect(within(screen.getByRole('article')).getAllByText(key, { selector: 'code' }).length).toBe(1);
    }
    expect(text).toContain('We use no analytics, no advertising and no third-party trackers');
    expect(text).toContain(`no longer than ${POLICY.cookies.analyticsMaxYears} years`);
    expect(text).toContain(`no longer than ${POLICY.cookies.preferencesMaxYears} year`);
    expect(text).toContain('Stripe');
  });
});
