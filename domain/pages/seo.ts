/**
 * Per-page metadata (title, description, keywords, canonical, social cards, structured data), computed
 * from the route match and the current catalogue's product, so that the SPA and the server's path-form pages
 * say exactly the same.
 */
import { largestRenditionUrl } from '../catalogue/product-image';
import type { CatalogueProduct as Product } from '../catalogue/snapshot';
import { BRAND, CORPORATE, DISPATCH, POLICY, PRODUCTION_DAYS, SHIPPING_ZONES } from '../config';
import { largestImageUrl, SITE_IMAGES } from '../media/images';
import { NOINDEX_ROUTES, productPath, type RouteId, type RouteMatch } from '../routes';
import { DEFAULT_STOREFRONT_SETTINGS, type StorefrontSettings } from '../settings/storefront-settings';
import { cents, formatEuroShort } from '../shared/money';
import { metaDescription, shortProductDescription } from '../shared/text';
import { businessDaysJsonLd, returnPolicyJsonLd } from './shop-json-ld';

export interface PageMeta {
  readonly title: string;
  readonly description: string;
  readonly keywords: string;
  /** Path form (no hash), e.g. '/product/3'; joined with PUBLIC_URL for absolute URLs. */
  readonly canonicalPath: string;
  readonly ogType: 'website' | 'product';
  /** Site-relative image URL for social cards. */
  readonly image: string;
  readonly imageAlt: string;
  readonly noindex: boolean;
  /** Product structured data (schema.org), only on product pages; truthful: no invented ratings. */
  readonly jsonLd?: Readonly<Record<string, unknown>>;
}

const BASE_KEYWORDS = [
  'beaded bracelets',
  'handcrafted jewellery',
  'made in Ireland',
  'Irish gifts',
  'Solas',
];
/** Where the shipping sentence goes in a page's description: it follows the owner's Irish zone. */
const SHIPPING = '{shipping}';

/** "Free shipping in Ireland from €40, 30-day returns.", or only the returns without a threshold. */
function shippingSentence(facts: ShippingFacts): string {
  const freeFrom = facts.shipping.zones.find((zone) => zone.id === 'IE')?.freeFrom ?? null;
  const returns = `${POLICY.returnsDays}-day returns.`;
  return freeFrom === null
    ? returns
    : `Free shipping in Ireland from ${formatEuroShort(cents(freeFrom))}, ${returns}`;
}

const PAGES: Readonly<
  Record<Exclude<RouteId, 'product'>, { title: string; description: string; keywords?: string[] }>
> = {
  home: {
    title: `${BRAND.name} | Handcrafted Beaded Bracelets, Made to Order in Ireland`,
    description: `Beaded bracelets designed in-house and made to order in Ireland: freshwater pearl, Czech glass, jasper and more. ${SHIPPING}`,
  },
  shop: {
    title: `Our Collection | ${BRAND.name}`,
    description: `Browse all ${BRAND.name} bracelets: burgundy, leopardskin, vibrant colours, warm tones and soft romance, each hand-strung to order. ${SHIPPING}`,
    keywords: ['shop bracelets', 'bracelet collection'],
  },
  'best-sellers': {
    title: `Best Sellers | ${BRAND.name}`,
    description: `The ${BRAND.name} bracelets our customers come back for, hand-strung to order in Ireland. ${SHIPPING}`,
    keywords: ['best sellers'],
  },
  cart: {
    title: `Your Cart | ${BRAND.name}`,
    description: `Review your ${BRAND.name} bag, choose delivery and gift wrap, and check out securely.`,
  },
  about: {
    title: `Our Story | ${BRAND.name}`,
    description: `${BRAND.name} is ${BRAND.meaning}: a small Irish studio designing beaded bracelets in-house and making each one to order.`,
    keywords: ['about', 'Irish maker'],
  },
  'bespoke-corporate': {
    title: `Bespoke & Corporate | ${BRAND.name}`,
    description: `Bespoke bracelets for weddings and occasions, and corporate gifts from ${CORPORATE.minimumPieces} pieces, designed and handcrafted in Ireland by ${BRAND.name}.`,
    keywords: ['bespoke jewellery', 'corporate gifts', 'wedding favours'],
  },
  'gift-cards': {
    title: `Gift Cards | ${BRAND.name}`,
    description: `Give a ${BRAND.name} gift card from €10 to €500, e-mailed on the day you choose. Valid for five years, no fees, spend it over several orders.`,
    keywords: ['gift card', 'gift voucher'],
  },
  'coming-soon': {
    title: `Brooches Coming Soon | ${BRAND.name}`,
    description: `Handcrafted brooches are coming to ${BRAND.name}: burgundy velvet and pearl, a festive charm collection and celestial dreams.`,
    keywords: ['brooches', 'coming soon'],
  },
  'order-confirmation': {
    title: `Order Confirmation | ${BRAND.name}`,
    description: `Your ${BRAND.name} order confirmation.`,
  },
  'order-lookup': {
    title: `Find Your Order | ${BRAND.name}`,
    description: `Find your ${BRAND.name} order: we e-mail you the link to its page.`,
  },
  order: {
    title: `Your Order | ${BRAND.name}`,
    description: `The status, delivery and details of your ${BRAND.name} order.`,
  },
  quote: {
    title: `Your Quote | ${BRAND.name}`,
    description: `Your ${BRAND.name} quote: its lines, totals and dispatch date, paid by card.`,
  },
  'payment-canceled': {
    title: `Payment Cancelled | ${BRAND.name}`,
    description: `Your payment was cancelled and no charges were made.`,
  },
  'privacy-policy': {
    title: `Privacy Policy | ${BRAND.name}`,
    description: `How ${BRAND.name} collects, uses and protects your personal data.`,
  },
  'terms-conditions': {
    title: `Terms & Conditions | ${BRAND.name}`,
    description: `The terms that apply when you buy from ${BRAND.name}.`,
  },
  'returns-refunds': {
    title: `Shipping & Returns | ${BRAND.name}`,
    description: `Delivery times and fees, ${POLICY.returnsDays}-day returns and how refunds work at ${BRAND.name}.`,
  },
  'cookie-policy': {
    title: `Cookie Policy | ${BRAND.name}`,
    description: `Which cookies and browser storage ${BRAND.name} uses, and why.`,
  },
  'image-editor': {
    title: `Image Editor | ${BRAND.name}`,
    description: 'Internal tool: edit the home page hero image.',
  },
  diagnostics: {
    title: `Diagnostics | ${BRAND.name}`,
    description: 'Internal tool: page diagnostics snapshot.',
  },
  'checkout-test-plan': {
    title: `Checkout Test Plan | ${BRAND.name}`,
    description: 'Internal tool: QA checklist for the shop.',
  },
  'checkout-health': {
    title: `Checkout Health | ${BRAND.name}`,
    description: 'Internal tool: last checkout success and error.',
  },
  'error-test': {
    title: `Error Test | ${BRAND.name}`,
    description: 'Internal tool: trigger errors to test error tracking.',
  },
  'not-found': {
    title: `Page not found | ${BRAND.name}`,
    description: 'The page you were looking for does not exist.',
  },
};

/** A paused product takes no orders for now; a retired one is no longer made. */
const AVAILABILITY: Readonly<Record<Product['status'], string>> = {
  active: 'https://schema.org/MadeToOrder',
  paused: 'https://schema.org/OutOfStock',
  retired: 'https://schema.org/Discontinued',
};

/** What the JSON-LD's shipping follows: the owner's zones and working days (the snapshot's `shop`). */
export type ShippingFacts = Pick<StorefrontSettings, 'shipping' | 'workingDays'>;

/** The first start's: the zones of domain/config.ts where the shop sells (no Great Britain), Monday to Friday. */
const FIRST_START_SHIPPING: ShippingFacts = DEFAULT_STOREFRONT_SETTINGS;

/**
 * One OfferShippingDetails per zone the owner ships to: her price, or 0 where this piece alone reaches
 * the zone's free-shipping threshold (the offer is one piece: what buying it costs to post); her
 * countries; the making time on her working days (handlingTime, businessDays) and the zone's carrier days.
 */
function shippingDetails(product: Product, facts: ShippingFacts): Record<string, unknown>[] {
  const businessDays = businessDaysJsonLd(facts.workingDays);
  return facts.shipping.zones.map((zone) => {
    const free = zone.freeFrom !== null && product.price >= zone.freeFrom;
    const [minTransit, maxTransit] = SHIPPING_ZONES[zone.id].deliveryDays;
    return {
      '@type': 'OfferShippingDetails',
      shippingRate: {
        '@type': 'MonetaryAmount',
        value: ((free ? 0 : zone.price) / 100).toFixed(2),
        currency: BRAND.currency,
      },
      shippingDestination: zone.countries.map((c) => ({ '@type': 'DefinedRegion', addressCountry: c })),
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        businessDays,
        handlingTime: {
          '@type': 'QuantitativeValue',
          minValue: PRODUCTION_DAYS[0],
          maxValue: DISPATCH.productionDays,
          unitCode: 'DAY',
        },
        transitTime: {
          '@type': 'QuantitativeValue',
          minValue: minTransit,
          maxValue: maxTransit,
          unitCode: 'DAY',
        },
      },
    };
  });
}

function productJsonLd(product: Product, publicUrl: string, facts: ShippingFacts): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    sku: `SOLAS-${product.id}`,
    productID: product.id,
    name: product.name,
    description: shortProductDescription(product.description),
    image: product.images.map((img) => `${publicUrl}${largestRenditionUrl(img)}`),
    category: product.category,
    material: product.materials.join(', '),
    brand: { '@type': 'Brand', name: BRAND.name },
    offers: {
      '@type': 'Offer',
      url: `${publicUrl}${productPath(product.id)}`,
      price: (product.price / 100).toFixed(2),
      priceCurrency: BRAND.currency,
      availability: AVAILABILITY[product.status],
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: shippingDetails(product, facts),
      // The shop's one return policy (the home page's OnlineStore carries the same), so product results
      // show her returns.
      hasMerchantReturnPolicy: returnPolicyJsonLd(publicUrl, facts.shipping),
    },
  };
}

/**
 * `publicUrl` has no trailing slash, e.g. 'http://localhost:8080'. `getProduct` looks a product route's id
 * up in the current catalogue (the index's getProduct). A retired product's page is not indexed: it says
 * the piece is no longer made. `shop`: the owner's settings in the snapshot (the first start's without).
 */
export function pageMeta(
  match: RouteMatch,
  publicUrl: string,
  getProduct: (id: string) => Product | undefined,
  shop: ShippingFacts = FIRST_START_SHIPPING,
): PageMeta {
  const heroImage = largestImageUrl(SITE_IMAGES.hero.id, 'hero');
  if (match.id === 'product') {
    const product = getProduct(match.params.id ?? '');
    if (!product) {
      return {
        title: `Product not found | ${BRAND.name}`,
        description: 'This product does not exist or is no longer available.',
        keywords: BASE_KEYWORDS.join(', '),
        canonicalPath: match.path,
        ogType: 'website',
        image: heroImage,
        imageAlt: SITE_IMAGES.hero.alt,
        noindex: true,
      };
    }
    return {
      title: `${product.name} | ${BRAND.name}`,
      description: metaDescription(shortProductDescription(product.description)),
      keywords: [product.name, product.category, ...product.materials, ...BASE_KEYWORDS].join(', '),
      canonicalPath: productPath(product.id),
      ogType: 'product',
      image: product.images[0] ? largestRenditionUrl(product.images[0]) : heroImage,
      imageAlt: product.images[0]?.alt ?? `${product.name} bracelet`,
      noindex: product.status === 'retired',
      jsonLd: productJsonLd(product, publicUrl, shop),
    };
  }
  const page = PAGES[match.id];
  return {
    title: page.title,
    description: metaDescription(page.description.replace(SHIPPING, shippingSentence(shop))),
    keywords: [...(page.keywords ?? []), ...BASE_KEYWORDS].join(', '),
    canonicalPath: match.id === 'home' ? '/' : match.path,
    ogType: 'website',
    image: heroImage,
    imageAlt: SITE_IMAGES.hero.alt,
    noindex: NOINDEX_ROUTES.includes(match.id),
  };
}
