/**
 * Every business number of the shop (docs/product/numbers.md §4) lives here, once. Pages, e-mails, legal texts, the server's
 * pricing and the tests all read from this module; a literal elsewhere is a bug.
 */
import { EMAIL_MAX_LENGTH, META_DESCRIPTION_MAX, PRODUCT_DESCRIPTION_MAX } from './shared/lengths';
import { type Cents, CURRENCY, cents } from './shared/money';

export const BRAND = {
  name: 'Solas',
  meaning: 'Irish for "light"',
  tagline: 'Handcrafted bracelets, designed in Ireland and made to order.',
  footerBlurb: 'Handcrafted pieces designed in-house. Ships Ireland & beyond.',
  /** Placeholders; the server's configuration overrides the addresses used for real mail. */
  contactEmail: 'hello@solas.example',
  locale: 'en_IE',
  htmlLang: 'en-IE',
  currency: CURRENCY,
  orderReferencePrefix: 'SOL-',
  buildMonth: 'October 2025',
} as const;

/**
 * The trader behind the shop, as EU consumer law requires the legal pages to name it. Placeholders: the
 * server's SELLER_NAME, SELLER_ADDRESS and SELLER_VAT_NUMBER replace them in the e-mails, in the served
 * pages and in the browser (server/pages/html-pages.ts, /runtime-env.js), and it warns in production while
 * they are unchanged.
 */
export const SELLER = {
  legalName: '[Owner name], trading as Solas',
  address: '[Street address], [Town], Co. [County], Ireland',
  /** Null while the business is not VAT-registered; then prices include no VAT. */
  vatNumber: null as string | null,
} as const;

/** Ireland's standard VAT rate, percent: VAT_RATE's default. */
export const VAT_RATE_DEFAULT = 23;

export type ZoneId = 'IE' | 'EU' | 'WORLD';

export interface ShippingZone {
  readonly id: ZoneId;
  readonly label: string;
  readonly fee: Cents;
  /** Orders whose subtotal reaches the threshold ship free; only Ireland has the offer. */
  readonly freeOver: Cents | null;
  readonly deliveryDays: readonly [number, number];
  /** ISO 3166-1 alpha-2 codes the hosted checkout accepts as shipping address for this zone. */
  readonly countries: readonly string[];
}

/** EU member states except Ireland (Ireland has its own zone). */
const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

/** Rest of world: the countries the shop is prepared to post to outside the EU. */
const WORLD_COUNTRIES = [
  'GB',
  'US',
  'CA',
  'AU',
  'NZ',
  'CH',
  'NO',
  'IS',
  'JP',
  'SG',
  'AE',
  'IL',
  'ZA',
  'MX',
  'BR',
  'KR',
  'HK',
] as const;

export const FREE_SHIPPING_THRESHOLD: Cents = cents(4000);

export const SHIPPING_ZONES: Readonly<Record<ZoneId, ShippingZone>> = {
  IE: {
    id: 'IE',
    label: 'Ireland',
    fee: cents(495),
    freeOver: FREE_SHIPPING_THRESHOLD,
    deliveryDays: [3, 5],
    countries: ['IE'],
  },
  EU: {
    id: 'EU',
    label: 'EU',
    fee: cents(995),
    freeOver: null,
    deliveryDays: [5, 10],
    countries: EU_COUNTRIES,
  },
  WORLD: {
    id: 'WORLD',
    label: 'Rest of world',
    fee: cents(1495),
    freeOver: null,
    deliveryDays: [10, 15],
    countries: WORLD_COUNTRIES,
  },
};

export const ZONE_IDS: readonly ZoneId[] = ['IE', 'EU', 'WORLD'];
export const DEFAULT_ZONE: ZoneId = 'IE';

export const GIFT_WRAP_PRICE: Cents = cents(350);

export const PRODUCTION_DAYS: readonly [number, number] = [2, 3];

/**
 * Dispatch dates (domain/making/dispatch.ts): the promise is the upper bound of PRODUCTION_DAYS, counted in
 * business days in Irish time from the order day when the order comes before the daily cut-off.
 */
export const DISPATCH = {
  productionDays: PRODUCTION_DAYS[1],
  cutOff: { hour: 14, minute: 0 },
  timeZone: 'Europe/Dublin',
  /** The Christmas last-order dates are shown from 1 November to 24 December (month, day). */
  christmasNoticeFrom: [11, 1] as const,
  christmasDeliveryBy: [12, 24] as const,
} as const;

export const LIMITS = {
  /** Made-to-order pieces: a sensible per-line maximum, enforced in the UI and by the server. */
  maxQuantityPerLine: 10,
  /** Lines in one checkout (the catalogue has 27 products). */
  maxCartLines: 27,
  compareMax: 3,
  recentlyViewedMax: 8,
  recentlyViewedShown: 4,
  bestSellers: 6,
  newArrivals: 6,
  similarProducts: 4,
  emailMaxLength: EMAIL_MAX_LENGTH,
  errorLogMax: 50,
  pathHistoryMax: 20,
  metaDescriptionMax: META_DESCRIPTION_MAX,
  productDescriptionMax: PRODUCT_DESCRIPTION_MAX,
} as const;

export const SIMILARITY_SCORE = {
  sameCategory: 10,
  perSharedMaterial: 3,
  priceWithinPercent: 20,
  priceClose: 5,
} as const;

export const PRICE_SLIDER_STEP = 5;

export const TIMINGS_MS = {
  checkoutTimeout: 15_000,
  checkoutRedirectDelay: 500,
  newsletterMessage: 3_000,
  promoHideFor: 7 * 24 * 60 * 60 * 1000,
  checkoutHealthRefresh: 3_000,
  diagnosticsDelay: 300,
  mobileMenuFocusDelay: 100,
  tooltipOpenDelay: 700,
  tooltipSkipDelay: 300,
} as const;

export const PROMO = {
  /** The floating promo shows when less than this share of the hero is visible. */
  heroVisibleBelow: 0.35,
  /** Fallback without IntersectionObserver. */
  scrollFallbackPx: 240,
  /**
   * It shows only while the section after the hero (Best Sellers) reaches into this bottom share of the
   * viewport, where it sits: near the top of the page, never over the text and footer further down.
   */
  untilBottomShare: 0.15,
} as const;

export const SWIPE_THRESHOLD_PX = 50;

export const POLICY = {
  returnsDays: 30,
  coolingOffDays: 14,
  refundWithinDaysOfReturn: 14,
  bankProcessingDays: [3, 5] as const,
  reportDamageWithinHours: 48,
  confirmationEmailWithinHours: 24,
  minimumAge: 16,
  cookies: {
    cart: 'session only',
    analyticsMaxYears: 2,
    preferencesMaxYears: 1,
  },
} as const;

/**
 * How long personal data is kept (docs/product/privacy.md §12): the one place these periods are written. The
 * server's daily retention job (server/privacy/retention.ts) applies them and the Privacy Policy quotes
 * them, so the page always says what the shop really does.
 */
export const RETENTION = {
  /** A checkout never paid: its e-mail, name and address are erased this many days after it began. */
  unpaidCheckoutDays: 30,
  /** A newsletter sign-up whose confirmation link was never followed. */
  unconfirmedSignupDays: 7,
  /** Paid orders are revenue records (Irish tax law): kept this many years after the year of the sale. */
  paidOrderYearsAfterSale: 6,
  /** E-mails the shop sent lose their text (in the database and as .eml files) after this many days. */
  mailBodyDays: 90,
  /**
   * A corporate or bespoke enquiry is deleted this many days after its last change (sent, a status, a
   * note): a closed one (won, lost) or one nobody touched for a year.
   */
  enquiryDays: 365,
  /**
   * A quote's client (e-mail, name, the note) is erased this many days after the quote's last valid day;
   * a paid quote's order keeps what every paid order keeps.
   */
  quoteDaysAfterValidity: 90,
  /**
   * The cart reminder (docs/product/states.md §5.10a): the address and cart it keeps are deleted this many days
   * after its one e-mail was queued (a row never reminded goes with its unpaid checkout's period).
   */
  cartReminderDaysAfterSent: 7,
} as const;

/**
 * At most one cart reminder per address in this many days, however many ticked checkouts it opened (a
 * stranger's address typed into thirteen checkouts gets one e-mail). The reminded row that proves it is
 * kept RETENTION.cartReminderDaysAfterSent, no fewer days than this.
 */
export const CART_REMINDER_ADDRESS_DAYS = 7;

/** CART_REMINDER_DELAY_MINUTES' default: the one reminder goes a day after the checkout was opened. */
export const CART_REMINDER_DELAY_MINUTES_DEFAULT = 24 * 60;

/** A newsletter sign-up for an address still pending gets a new confirmation e-mail at most this often. */
export const NEWSLETTER_RESEND_AFTER_MS = 60 * 60 * 1000;

export const CORPORATE = {
  minimumPieces: 10,
  earlyBirdPercent: 15,
  earlyBirdMinPieces: 20,
} as const;

export type SizeCode = 'S' | 'M' | 'L';
export type FitId = 'snug' | 'standard' | 'loose';

export interface BraceletSize {
  readonly code: SizeCode;
  readonly name: string;
  /** Bracelet length in cm, both ends included: the wrist measurement plus the fit allowance. */
  readonly lengthCm: readonly [number, number];
}

/**
 * Every bracelet is made in one of these sizes, smallest first (domain/catalogue/sizes.ts relies on the order).
 * The ranges are bracelet lengths, not wrist sizes: the shopper adds the fit allowance to the wrist.
 */
export const SIZES: readonly BraceletSize[] = [
  { code: 'S', name: 'Small', lengthCm: [15, 16] },
  { code: 'M', name: 'Medium', lengthCm: [17, 18] },
  { code: 'L', name: 'Large', lengthCm: [19, 20] },
];
export const SIZE_CODES: readonly SizeCode[] = ['S', 'M', 'L'];
/** Orders, carts and API requests without a size mean Medium (every order was Medium before sizes). */
export const DEFAULT_SIZE: SizeCode = 'M';

export const FITS: readonly { readonly id: FitId; readonly name: string; readonly addCm: number }[] = [
  { id: 'snug', name: 'Snug', addCm: 1 },
  { id: 'standard', name: 'Standard', addCm: 1.5 },
  { id: 'loose', name: 'Loose', addCm: 2 },
];
export const DEFAULT_FIT: FitId = 'standard';

/** The wrist measurements (cm, both ends included) the size finder accepts. */
export const WRIST_CM_LIMITS = [10, 30] as const;

/** The size guide's view of SIZES and FITS: the ranges are bracelet lengths, never wrist sizes. */
export const SIZE_GUIDE = {
  sizes: SIZES.map((s) => ({ name: s.name, lengthCm: s.lengthCm })),
  fit: FITS.map((f) => ({ name: f.name, addCm: f.addCm })),
} as const;

/**
 * Every key the shop keeps in browser storage (local storage, except `adminToken`, which lives in the tab's
 * session storage), plus the feature-flag overrides of `flagStorageKeys`. One list, so the storage module
 * (web/src/lib/browser-storage.ts), the cookie policy and the storage fuzz tests agree. The
 * values are what shoppers' browsers already hold: never rename one.
 */
export const STORAGE_KEYS = {
  cart: 'cart',
  wishlist: 'solas-wishlist',
  compare: 'solas-compare',
  recentlyViewed: 'solas-recently-viewed',
  zone: 'solas-zone',
  giftWrap: 'solas-gift-wrap',
  discountCode: 'solas-discount-code',
  giftCards: 'solas-gift-cards',
  checkoutEmail: 'checkoutEmail',
  announcementDismissed: 'solas-announcement-dismissed',
  promoHideUntil: 'solas-promo-hide-until',
  lastCheckoutSuccessAt: 'lastCheckoutSuccessAt',
  lastCheckoutError: 'lastCheckoutError',
  errorLog: 'solas-error-log',
  pathHistory: 'solas-path-history',
  events: 'solas-events',
  adminToken: 'solas-admin-token',
} as const;

export const FLAG_NAMES = ['content_purge', 'mobile_nav', 'hero_v2', 'hero_v3'] as const;
export type FlagName = (typeof FLAG_NAMES)[number];
export const FLAG_DEFAULTS: Readonly<Record<FlagName, boolean>> = {
  content_purge: false,
  mobile_nav: false,
  hero_v2: false,
  hero_v3: true,
};

/** A flag's storage overrides, in the order they win: `{name}`, then `flag_{name}`. */
export function flagStorageKeys(name: FlagName): readonly [FlagName, `flag_${FlagName}`] {
  return [name, `flag_${name}`];
}

export function deliveryDaysText(zone: ZoneId): string {
  const [min, max] = SHIPPING_ZONES[zone].deliveryDays;
  return `${min}-${max} business days`;
}

export function productionDaysText(): string {
  return `${PRODUCTION_DAYS[0]}-${PRODUCTION_DAYS[1]} business days`;
}
