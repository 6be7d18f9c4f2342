/**
 * The shop described to search engines (docs/product/feeds.md §18.3): the home page's
 * OnlineStore (an Organization: the seller, the logo, the contact, the VAT number) with its return policy
 * and shipping service as Google documents organisation-level policies, and the one return policy every
 * product's Offer carries. Every value comes from the owner's settings (seller, zones, working days) and
 * domain/config.ts (POLICY, PRODUCTION_DAYS, the zones' delivery days), so it changes with them.
 */
import { BRAND, POLICY, PRODUCTION_DAYS, SHIPPING_ZONES } from '../config';
import type { SellerIdentity } from '../settings/seller';
import { socialLinks } from '../settings/social-links';
import type { StorefrontSettings } from '../settings/storefront-settings';

const DAYS_OF_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The days she makes and posts on, as schema.org names them, Monday first. */
export function businessDaysJsonLd(workingDays: readonly number[]): Record<string, unknown> {
  return {
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: [...workingDays]
      .sort((a, b) => a - b)
      .flatMap((day) => (DAYS_OF_WEEK[day - 1] ? [`https://schema.org/${DAYS_OF_WEEK[day - 1]}`] : [])),
  };
}

/** Where her returns are sent: her workshop in Ireland. */
const RETURNS_COUNTRY = 'IE';

/**
 * Her terms (the Shipping & Returns page): any piece within 30 days of delivery, sent back by post,
 * the return postage paid by the customer (unless faulty or wrong, which Google's policy leaves out).
 * `applicableCountry`: every country of her zones. The same `@id` on every page names one policy.
 */
export function returnPolicyJsonLd(
  publicUrl: string,
  shipping: StorefrontSettings['shipping'],
): Record<string, unknown> {
  return {
    '@type': 'MerchantReturnPolicy',
    '@id': `${publicUrl}/#return-policy`,
    applicableCountry: shipping.zones.flatMap((zone) => zone.countries),
    returnPolicyCountry: RETURNS_COUNTRY,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: POLICY.returnsDays,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
    merchantReturnLink: `${publicUrl}/returns-refunds`,
  };
}

const days = (min: number, max: number) => ({
  '@type': 'QuantitativeValue',
  minValue: min,
  maxValue: max,
  unitCode: 'DAY',
});

const euro = (cents: number) => ({
  '@type': 'MonetaryAmount',
  value: (cents / 100).toFixed(2),
  currency: BRAND.currency,
});

/**
 * Her one delivery service: per zone its price below her free-shipping threshold and nothing from it
 * (an order's value), the zone's carrier days, her making days on her working days.
 */
export function shippingServiceJsonLd(
  publicUrl: string,
  shop: Pick<StorefrontSettings, 'shipping' | 'workingDays'>,
): Record<string, unknown> {
  const conditions = shop.shipping.zones.flatMap((zone) => {
    const destination = zone.countries.map((c) => ({ '@type': 'DefinedRegion', addressCountry: c }));
    const [minTransit, maxTransit] = SHIPPING_ZONES[zone.id].deliveryDays;
    const transitTime = { '@type': 'ServicePeriod', duration: days(minTransit, maxTransit) };
    const paid = {
      '@type': 'ShippingConditions',
      shippingDestination: destination,
      shippingRate: euro(zone.price),
      transitTime,
      ...(zone.freeFrom === null
        ? {}
        : {
            orderValue: {
              '@type': 'MonetaryAmount',
              minValue: 0,
              maxValue: ((zone.freeFrom - 1) / 100).toFixed(2),
              currency: BRAND.currency,
            },
          }),
    };
    if (zone.freeFrom === null) return [paid];
    const free = {
      '@type': 'ShippingConditions',
      shippingDestination: destination,
      shippingRate: euro(0),
      transitTime,
      orderValue: {
        '@type': 'MonetaryAmount',
        minValue: (zone.freeFrom / 100).toFixed(2),
        currency: BRAND.currency,
      },
    };
    return [paid, free];
  });
  return {
    '@type': 'ShippingService',
    '@id': `${publicUrl}/#shipping`,
    name: 'Standard delivery',
    handlingTime: {
      '@type': 'ServicePeriod',
      duration: days(PRODUCTION_DAYS[0], PRODUCTION_DAYS[1]),
      businessDays: businessDaysJsonLd(shop.workingDays),
    },
    shippingConditions: conditions,
  };
}

/** The logo search engines show beside the shop: the app icon, square and raster as Google asks. */
export const SHOP_LOGO_PATH = '/icons/icon-512.png';

/** The home page's description of the shop itself. */
export function onlineStoreJsonLd(
  publicUrl: string,
  seller: SellerIdentity,
  shop: Pick<StorefrontSettings, 'shipping' | 'workingDays' | 'social'>,
): Record<string, unknown> {
  const sameAs = socialLinks(shop.social).map((link) => link.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    '@id': `${publicUrl}/#organization`,
    name: BRAND.name,
    legalName: seller.legalName,
    description: BRAND.tagline,
    url: `${publicUrl}/`,
    logo: `${publicUrl}${SHOP_LOGO_PATH}`,
    email: seller.email,
    address: { '@type': 'PostalAddress', streetAddress: seller.address, addressCountry: RETURNS_COUNTRY },
    ...(seller.vatNumber ? { vatID: seller.vatNumber } : {}),
    // Her profiles, from Settings: an empty one is not named.
    ...(sameAs.length > 0 ? { sameAs } : {}),
    hasMerchantReturnPolicy: returnPolicyJsonLd(publicUrl, shop.shipping),
    hasShippingService: shippingServiceJsonLd(publicUrl, shop),
  };
}
