// @vitest-environment jsdom
/**
 * Proves the content pages hold no business number of their own: with every number in the config changed,
 * the pages show the new numbers and none of the real ones.
 */
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HashRouter } from '../../app/router';

vi.mock('../../../../domain/config', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../domain/config')>();
  const { cents } = await import('../../../../domain/money');
  const production = [4, 6] as const;
  const zones = {
    IE: { ...real.SHIPPING_ZONES.IE, fee: cents(615), freeOver: cents(5500), deliveryDays: [2, 4] as const },
    EU: { ...real.SHIPPING_ZONES.EU, fee: cents(1120), deliveryDays: [6, 11] as const },
    WORLD: { ...real.SHIPPING_ZONES.WORLD, fee: cents(1890), deliveryDays: [12, 19] as const },
  };
  return {
    ...real,
    FREE_SHIPPING_THRESHOLD: cents(5500),
    SHIPPING_ZONES: zones,
    GIFT_WRAP_PRICE: cents(425),
    PRODUCTION_DAYS: production,
    POLICY: {
      ...real.POLICY,
      returnsDays: 45,
      coolingOffDays: 19,
      refundWithinDaysOfReturn: 11,
      bankProcessingDays: [2, 8] as const,
      reportDamageWithinHours: 72,
      confirmationEmailWithinHours: 36,
      dataRetentionYears: 9,
      minimumAge: 18,
      cookies: { ...real.POLICY.cookies, analyticsMaxYears: 3, preferencesMaxYears: 4 },
    },
    CORPORATE: {
      minimumPieces: 12,
      earlyBirdPercent: 22,
      earlyBirdMinPieces: 30,
      earlyBirdDeadline: 'October 15th',
    },
    // The helpers read the module's own constants, so they are replaced along with them.
    productionDaysText: () => `${production[0]}-${production[1]} business days`,
    deliveryDaysText: (zone: 'IE' | 'EU' | 'WORLD') =>
      `${zones[zone].deliveryDays[0]}-${zones[zone].deliveryDays[1]} business days`,
  };
});

const { AboutPage } = await import('../about-page');
const { BespokeCorporatePage } = await import('../bespoke-corporate-page');
const { PrivacyPolicyPage } = await import('./privacy-policy-page');
const { TermsConditionsPage } = await import('./terms-conditions-page');
const { ReturnsRefundsPage } = await import('./returns-refunds-page');
const { CookiePolicyPage } = await import('./cookie-policy-page');

function textOf(Page: ComponentType): string {
  const { container, unmount } = render(
    <HashRouter>
      <Page />
    </HashRouter>,
  );
  const text = (container.textContent ?? '').replace(/\s+/g, ' ');
  unmount();
  return text;
}

describe('content pages follow the config', () => {
  it('Terms & Conditions', () => {
    const text = textOf(TermsConditionsPage);
    for (const expected of [
      '19-day cooling-off period',
      'within 45 days of delivery',
      'within 11 days of receiving your return',
      '2-8 business days',
      'within 72 hours',
      'within 36 hours',
      'at least 18 years old',
      '4-6 business days',
      'orders of €55 or more',
      '€4.25',
      '€6.15',
      '€11.20',
      '€18.90',
      '12-19 business days',
    ]) {
      expect(text).toContain(expected);
    }
    for (const stale of [
      '14-day',
      '14 days',
      '30 days',
      '48 hours',
      '3-5 business days',
      '€40',
      '€3.50',
      '€4.95',
    ]) {
      expect(text).not.toContain(stale);
    }
  });

  it('Shipping & Returns', () => {
    const text = textOf(ReturnsRefundsPage);
    for (const expected of [
      '45-day returns',
      '19-day',
      '11 days',
      '2-8 business days',
      '72 hours',
      '€55',
      '€4.25',
    ]) {
      expect(text).toContain(expected);
    }
    for (const stale of ['30-day', '14-day', '14 days', '48 hours', '€40', '€3.50', '2-3 business days']) {
      expect(text).not.toContain(stale);
    }
  });

  it('Privacy Policy', () => {
    const text = textOf(PrivacyPolicyPage);
    expect(text).toContain('9 years after the order');
    expect(text).toContain('at least 18 years old');
    expect(text).not.toContain('7 years');
    expect(text).not.toContain('16');
  });

  it('Cookie Policy', () => {
    const text = textOf(CookiePolicyPage);
    expect(text).toContain('no longer than 3 years');
    expect(text).toContain('no longer than 4 years');
    expect(text).not.toContain('2 years');
    expect(text).not.toContain('1 year');
  });

  it('About and Bespoke & Corporate', () => {
    const about = textOf(AboutPage);
    for (const expected of [
      '4-6 business days',
      '€4.25',
      '€55',
      '€6.15',
      '2-4 business days',
      '45-day returns',
    ]) {
      expect(about).toContain(expected);
    }
    for (const stale of ['2-3 business days', '€3.50', '€40', '€4.95', '30-day']) {
      expect(about).not.toContain(stale);
    }
    const bespoke = textOf(BespokeCorporatePage);
    expect(bespoke).toContain('minimum of 12 pieces');
    expect(bespoke).toContain('22% off orders of 30+ pieces placed before October 15th');
    expect(bespoke).not.toContain('10 pieces');
    expect(bespoke).not.toContain('15%');
  });
});
