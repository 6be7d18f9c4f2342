// @vitest-environment jsdom
/**
 * The content pages hold no business number of their own. Read with the real config (domain/config.ts):
 * every price, duration, age, count and share a page shows is one the config gives. A page that keeps a
 * copy of a number goes stale when the config changes, and fails here as soon as the two differ.
 */

import { screen } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import {
  CORPORATE,
  FREE_SHIPPING_THRESHOLD,
  GIFT_WRAP_PRICE,
  POLICY,
  PRODUCTION_DAYS,
  RETENTION,
  SHIPPING_ZONES,
  TIMINGS_MS,
  ZONE_IDS,
} from '../../../../domain/config';
import { type Cents, formatEuro, formatEuroShort } from '../../../../domain/shared/money';
import { HashRouter } from '../../lib/router';
import { renderWithCatalogue } from '../../test-support/render-with-catalogue';
import { AboutPage } from '../about-page';
import { BespokeCorporatePage } from '../bespoke-corporate-page';
import { CookiePolicyPage } from './cookie-policy-page';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { ReturnsRefundsPage } from './returns-refunds-page';
import { TermsConditionsPage } from './terms-conditions-page';

/** The page's text once shown: a page may suspend until a part in a chunk of its own has loaded. */
async function textOf(Page: ComponentType): Promise<string> {
  const { container, unmount } = renderWithCatalogue(
    <HashRouter>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </HashRouter>,
  );
  await screen.findByRole('heading', { level: 1 });
  const text = (container.textContent ?? '').replace(/\s+/g, ' ');
  unmount();
  return text;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const zones = ZONE_IDS.map((id) => SHIPPING_ZONES[id]);
const amounts: Cents[] = [
  FREE_SHIPPING_THRESHOLD,
  GIFT_WRAP_PRICE,
  ...zones.flatMap((z) => (z.freeOver === null ? [z.fee] : [z.fee, z.freeOver])),
];

/** Every business number the config gives the pages, by the unit a page writes after it. */
const FROM_CONFIG = {
  euros: new Set(amounts.flatMap((a) => [formatEuro(a), formatEuroShort(a)])),
  dayRanges: new Set(
    [PRODUCTION_DAYS, POLICY.bankProcessingDays, ...zones.map((z) => z.deliveryDays)].map(
      ([min, max]) => `${min}-${max}`,
    ),
  ),
  days: new Set(
    [
      POLICY.returnsDays,
      POLICY.coolingOffDays,
      POLICY.refundWithinDaysOfReturn,
      Math.round(TIMINGS_MS.promoHideFor / DAY_MS),
      RETENTION.unpaidCheckoutDays,
      RETENTION.unconfirmedSignupDays,
      RETENTION.mailBodyDays,
      RETENTION.enquiryDays,
    ].map(String),
  ),
  hours: new Set([POLICY.reportDamageWithinHours, POLICY.confirmationEmailWithinHours].map(String)),
  years: new Set(
    [
      RETENTION.paidOrderYearsAfterSale,
      POLICY.minimumAge,
      POLICY.cookies.analyticsMaxYears,
      POLICY.cookies.preferencesMaxYears,
    ].map(String),
  ),
  pieces: new Set([CORPORATE.minimumPieces, CORPORATE.earlyBirdMinPieces].map(String)),
  percent: new Set([String(CORPORATE.earlyBirdPercent)]),
};

/** The numbers a text shows with a unit, each with the config's set it must come from. */
function numbersIn(text: string): Array<{ found: string; allowed: ReadonlySet<string> }> {
  const all = (pattern: RegExp, allowed: ReadonlySet<string>) =>
    [...text.matchAll(pattern)].map((m) => ({ found: m[1] ?? '', allowed }));
  return [
    ...all(/(€\d+(?:\.\d{2})?)/g, FROM_CONFIG.euros),
    ...all(/(\d+-\d+)(?: business)? days?\b/g, FROM_CONFIG.dayRanges),
    ...all(/(?<![\d-])(\d+)(?:-day| (?:business )?days?\b)/g, FROM_CONFIG.days),
    ...all(/(?<![\d-])(\d+)(?:-hour| hours?\b)/g, FROM_CONFIG.hours),
    ...all(/(?<![\d-])(\d+)(?:-year| years?\b)/g, FROM_CONFIG.years),
    ...all(/(?<![\d-])(\d+)\+? pieces\b/g, FROM_CONFIG.pieces),
    ...all(/(?<![\d-])(\d+)%/g, FROM_CONFIG.percent),
  ];
}

const PAGES: ReadonlyArray<readonly [string, ComponentType]> = [
  ['Terms & Conditions', TermsConditionsPage],
  ['Shipping & Returns', ReturnsRefundsPage],
  ['Privacy Policy', PrivacyPolicyPage],
  ['Cookie Policy', CookiePolicyPage],
  ['About', AboutPage],
  ['Bespoke & Corporate', BespokeCorporatePage],
];

// Which numbers each page must show is checked with the page (legal-pages.test.tsx, content-pages.test.tsx).
describe.each(PAGES)('%s', (_title, Page) => {
  it('shows no business number the config does not give', async () => {
    const found = numbersIn(await textOf(Page));
    expect(found.length).toBeGreaterThan(0);
    const unknown = found.filter(({ found, allowed }) => !allowed.has(found)).map(({ found }) => found);
    expect(unknown).toEqual([]);
  });
});

describe('the number finder', () => {
  it('finds every kind of number the pages write, and flags one the config does not give', () => {
    const stale = numbersIn(
      'Delivery €4.99 in 3-4 business days, 21-day returns within 9 days, 99 hours, 3 years, 7+ pieces, 50% off',
    )
      .filter(({ found, allowed }) => !allowed.has(found))
      .map(({ found }) => found);
    expect(stale).toEqual(['€4.99', '3-4', '21', '9', '99', '3', '7', '50']);
  });
});
