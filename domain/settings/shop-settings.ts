/**
 * The owner's settings beyond capacity and the early-bird price (docs/product/desk.md §10.11): who sells, the
 * shipping zones, closures and working days, away (vacation mode) and the announcement bar. One zod
 * schema per top-level key: the PATCH replaces a key whole, and the stored JSON is parsed with the same
 * schema (a row this release cannot read falls back to the default). Every message names its field.
 *
 * The zone ids stay the three the code knows (IE, EU, WORLD): the owner edits their names, countries,
 * prices and thresholds, and may remove a zone; a checkout to a removed zone is refused.
 */

import * as z from 'zod/mini';
import { BRAND, SHIPPING_ZONES, ZONE_IDS, type ZoneId } from '../config';
import { DEFAULT_US_DUTY_PERCENT } from '../customs/duty-notice';
import { type ClosedDates, DEFAULT_CLOSURE_REASON, NO_CLOSURES } from '../making/closed-dates';
import {
  SETTINGS_MESSAGES,
  type ShopSettings,
  settingsPatchSchema,
  shopSettingsSchema,
} from '../making/today';
import { parseIsoDate } from '../shared/calendar-date';
import { COUNTRY_NAMES } from '../shared/countries';
import { checkEmail } from '../shared/email';
import { isFreeText, isSingleLineText } from '../shared/input-text';
import { defaultVatSettings, vatSettingsPatchSchema, vatSettingsSchema } from '../vat/vat-settings';
import { NO_SOCIAL_LINKS } from './social-links';
import {
  DEFAULT_ANNOUNCEMENT_ENABLED,
  DEFAULT_ANNOUNCEMENT_TEXT,
  pausedSalesMessage,
  SEEDED_ZONES as SEEDED_STOREFRONT_ZONES,
  shippingRates,
} from './storefront-settings';

export const PUBLIC_SETTINGS_API = '/api/settings/public';
export { BACK_IN_TOUCH_API } from './storefront-settings';

export const SHOP_SETTINGS_LIMITS = {
  nameMax: 200,
  addressMax: 300,
  vatRateMax: 30,
  zoneNameMax: 40,
  /** One order's shipping, in cents: €1,000 is far above any parcel the shop posts. */
  priceMax: 100_000,
  freeFromMax: 10_000_000,
  closuresMax: 60,
  reasonMax: 120,
  awayMessageMax: 300,
  announcementMax: 120,
  socialUrlMax: 300,
} as const;

export const SHOP_SETTINGS_MESSAGES = {
  sellerName: `seller.name: the legal name is one line of 1 to ${SHOP_SETTINGS_LIMITS.nameMax} characters`,
  sellerAddress: `seller.address: the geographic address is one line of 1 to ${SHOP_SETTINGS_LIMITS.addressMax} characters`,
  sellerEmail: 'seller.email: the contact e-mail must be a valid e-mail address',
  sellerOrderEmail: 'seller.orderEmail: the address for new orders must be a valid e-mail address',
  sellerVatNumber:
    'seller.vatNumber: a VAT number is an EU country prefix and 2 to 12 letters or digits (IE1234567T), or left empty when the shop is not registered for VAT',
  sellerVatRate: `seller.vatRate: the VAT rate is a percent from 0 to ${SHOP_SETTINGS_LIMITS.vatRateMax}, at most 2 decimals`,
  seller: 'seller: give name, address, email, orderEmail, vatNumber and vatRate',
  sellerEori:
    'seller.eori: an Irish EORI number is IE and 8 to 15 letters or digits (IE1234567T), or left empty while the shop sends nothing outside the EU',
  sellerUsDutyPercent: `seller.usDutyPercent: the US duty is a whole percent from 0 to ${100}`,
  zones: `shipping.zones: give 1 to ${ZONE_IDS.length} zones, each once (${ZONE_IDS.join(', ')})`,
  zoneId: `shipping.zones: a zone's id is one of ${ZONE_IDS.join(', ')}`,
  zoneName: `shipping.zones: a zone's name is one line of 1 to ${SHOP_SETTINGS_LIMITS.zoneNameMax} characters`,
  zoneCountries:
    'shipping.zones: a zone lists at least one country, each a two-letter code the shop knows (IE, FR, US), once',
  zoneCountryTwice: 'shipping.zones: a country belongs to one zone only',
  zonePrice: 'shipping.zones: a price is an amount from €0 to €1,000, to the cent',
  zoneFreeFrom:
    'shipping.zones: a free-shipping threshold is an amount in euros, 0 or more, or left empty for none',
  shipping: 'shipping: give zones',
  closures: `closures: at most ${SHOP_SETTINGS_LIMITS.closuresMax} closures, each { from, to, reason }`,
  closureDate: 'closures: from and to are dates written YYYY-MM-DD',
  closureOrder: 'closures: a closure ends on or after the day it starts',
  closureReason: `closures: a reason is one line of 1 to ${SHOP_SETTINGS_LIMITS.reasonMax} characters`,
  workingDays: 'workingDays: 1 to 7 different days, 1 = Monday ... 7 = Sunday',
  christmasLastOrder:
    'christmasLastOrder: the last order date for Christmas is a date, or left empty for the dates worked out per destination',
  away: "away: give mode ('off', 'keep-selling' or 'pause-sales'), until and message",
  awayUntil: 'away.until: the return date is a date written YYYY-MM-DD, after the first day away',
  awayUntilMissing: 'away.until: a return date is needed while away',
  awayMessage: `away.message: the message is text of up to ${SHOP_SETTINGS_LIMITS.awayMessageMax} characters`,
  announcement: 'announcement: give text and enabled',
  announcementText: `announcement.text: up to ${SHOP_SETTINGS_LIMITS.announcementMax} characters of plain text on one line`,
  social: 'social: give instagram, facebook and pinterest',
  socialUrl: `social: a link is the page's full address starting with https:// (up to ${SHOP_SETTINGS_LIMITS.socialUrlMax} characters), or left empty to show none`,
  updatedAt: 'updatedAt: the time the settings were read, as the GET gave it',
  stale:
    'These settings were changed elsewhere since you opened them. Reload to see the current values, then save again.',
} as const;

const singleLine = (max: number, error: string) =>
  z
    .string({ error })
    .check(z.refine((t) => t.trim().length >= 1 && t.length <= max && isSingleLineText(t), { error }));

const email = (error: string) =>
  z.string({ error }).check(z.refine((t) => checkEmail(t).ok && t.trim() === t, { error }));

const isoDate = (error: string) =>
  z.string({ error }).check(z.refine((t) => parseIsoDate(t) !== null, { error }));

/** EU VAT numbers: the country prefix (EL for Greece, XI for Northern Ireland) and 2 to 12 characters. */
const VAT_NUMBER =
  /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z+*]{2,12}$/;

/** An Irish EORI number (customs declarations, docs/product/customs.md §21.2): IE and 8 to 15 characters. */
export const EORI_NUMBER = /^IE[0-9A-Z]{8,15}$/;

export { DEFAULT_US_DUTY_PERCENT };

export const sellerSettingsSchema = z.strictObject(
  {
    name: singleLine(SHOP_SETTINGS_LIMITS.nameMax, SHOP_SETTINGS_MESSAGES.sellerName),
    address: singleLine(SHOP_SETTINGS_LIMITS.addressMax, SHOP_SETTINGS_MESSAGES.sellerAddress),
    email: email(SHOP_SETTINGS_MESSAGES.sellerEmail),
    orderEmail: email(SHOP_SETTINGS_MESSAGES.sellerOrderEmail),
    vatNumber: z.nullable(
      z
        .string({ error: SHOP_SETTINGS_MESSAGES.sellerVatNumber })
        .check(z.regex(VAT_NUMBER, { error: SHOP_SETTINGS_MESSAGES.sellerVatNumber })),
    ),
    vatRate: z.number({ error: SHOP_SETTINGS_MESSAGES.sellerVatRate }).check(
      z.gte(0, { error: SHOP_SETTINGS_MESSAGES.sellerVatRate }),
      z.lte(SHOP_SETTINGS_LIMITS.vatRateMax, { error: SHOP_SETTINGS_MESSAGES.sellerVatRate }),
      z.refine(
        (r) => Number.isInteger(Math.round(r * 100)) && Math.abs(r * 100 - Math.round(r * 100)) < 1e-9,
        {
          error: SHOP_SETTINGS_MESSAGES.sellerVatRate,
        },
      ),
    ),
    /** The seller's EORI number for customs declarations; absent or null: none yet. */
    eori: z.optional(
      z.nullable(
        z
          .string({ error: SHOP_SETTINGS_MESSAGES.sellerEori })
          .check(z.regex(EORI_NUMBER, { error: SHOP_SETTINGS_MESSAGES.sellerEori })),
      ),
    ),
    /** The percent of the value US customs collect on arrival, as shoppers are told; absent: 15. */
    usDutyPercent: z.optional(
      z
        .number({ error: SHOP_SETTINGS_MESSAGES.sellerUsDutyPercent })
        .check(
          z.int({ error: SHOP_SETTINGS_MESSAGES.sellerUsDutyPercent }),
          z.gte(0, { error: SHOP_SETTINGS_MESSAGES.sellerUsDutyPercent }),
          z.lte(100, { error: SHOP_SETTINGS_MESSAGES.sellerUsDutyPercent }),
        ),
    ),
  },
  { error: SHOP_SETTINGS_MESSAGES.seller },
);
export type SellerSettings = z.infer<typeof sellerSettingsSchema>;

const wholeCents = (max: number, error: string) =>
  z.number({ error }).check(z.int({ error }), z.gte(0, { error }), z.lte(max, { error }));

export const shippingZoneSchema = z.strictObject(
  {
    id: z.enum(ZONE_IDS as [ZoneId, ...ZoneId[]], { error: SHOP_SETTINGS_MESSAGES.zoneId }),
    name: singleLine(SHOP_SETTINGS_LIMITS.zoneNameMax, SHOP_SETTINGS_MESSAGES.zoneName),
    countries: z
      .array(
        z
          .string({ error: SHOP_SETTINGS_MESSAGES.zoneCountries })
          .check(
            z.refine((c) => Object.hasOwn(COUNTRY_NAMES, c), { error: SHOP_SETTINGS_MESSAGES.zoneCountries }),
          ),
        { error: SHOP_SETTINGS_MESSAGES.zoneCountries },
      )
      .check(
        z.minLength(1, { error: SHOP_SETTINGS_MESSAGES.zoneCountries }),
        z.maxLength(Object.keys(COUNTRY_NAMES).length, { error: SHOP_SETTINGS_MESSAGES.zoneCountries }),
        z.refine((list) => new Set(list).size === list.length, {
          error: SHOP_SETTINGS_MESSAGES.zoneCountries,
        }),
      ),
    price: wholeCents(SHOP_SETTINGS_LIMITS.priceMax, SHOP_SETTINGS_MESSAGES.zonePrice),
    freeFrom: z.nullable(wholeCents(SHOP_SETTINGS_LIMITS.freeFromMax, SHOP_SETTINGS_MESSAGES.zoneFreeFrom)),
  },
  { error: SHOP_SETTINGS_MESSAGES.zones },
);
export type ShippingZoneSetting = z.infer<typeof shippingZoneSchema>;

export const shippingSettingsSchema = z.strictObject(
  {
    zones: z.array(shippingZoneSchema, { error: SHOP_SETTINGS_MESSAGES.zones }).check(
      z.minLength(1, { error: SHOP_SETTINGS_MESSAGES.zones }),
      z.maxLength(ZONE_IDS.length, { error: SHOP_SETTINGS_MESSAGES.zones }),
      z.refine((zones) => new Set(zones.map((zone) => zone.id)).size === zones.length, {
        error: SHOP_SETTINGS_MESSAGES.zones,
      }),
      z.refine(
        (zones) => {
          const all = zones.flatMap((zone) => zone.countries);
          return new Set(all).size === all.length;
        },
        { error: SHOP_SETTINGS_MESSAGES.zoneCountryTwice },
      ),
    ),
  },
  { error: SHOP_SETTINGS_MESSAGES.shipping },
);
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;

export const closureSchema = z
  .strictObject(
    {
      from: isoDate(SHOP_SETTINGS_MESSAGES.closureDate),
      to: isoDate(SHOP_SETTINGS_MESSAGES.closureDate),
      reason: singleLine(SHOP_SETTINGS_LIMITS.reasonMax, SHOP_SETTINGS_MESSAGES.closureReason),
    },
    { error: SHOP_SETTINGS_MESSAGES.closures },
  )
  .check(z.refine((c) => c.to >= c.from, { error: SHOP_SETTINGS_MESSAGES.closureOrder }));
export type Closure = z.infer<typeof closureSchema>;

export const closuresSchema = z
  .array(closureSchema, { error: SHOP_SETTINGS_MESSAGES.closures })
  .check(z.maxLength(SHOP_SETTINGS_LIMITS.closuresMax, { error: SHOP_SETTINGS_MESSAGES.closures }));

export const workingDaysSchema = z
  .array(
    z
      .number({ error: SHOP_SETTINGS_MESSAGES.workingDays })
      .check(
        z.int({ error: SHOP_SETTINGS_MESSAGES.workingDays }),
        z.gte(1, { error: SHOP_SETTINGS_MESSAGES.workingDays }),
        z.lte(7, { error: SHOP_SETTINGS_MESSAGES.workingDays }),
      ),
    { error: SHOP_SETTINGS_MESSAGES.workingDays },
  )
  .check(
    z.minLength(1, { error: SHOP_SETTINGS_MESSAGES.workingDays }),
    z.maxLength(7, { error: SHOP_SETTINGS_MESSAGES.workingDays }),
    z.refine((days) => new Set(days).size === days.length, { error: SHOP_SETTINGS_MESSAGES.workingDays }),
  );

/**
 * The owner's own last order date for Christmas: where it is earlier than a zone's computed one
 * (domain/making/dispatch.ts), the notice says hers; null: the computed dates.
 */
export const christmasLastOrderSchema = z.nullable(isoDate(SHOP_SETTINGS_MESSAGES.christmasLastOrder));

export const AWAY_MODES = ['off', 'keep-selling', 'pause-sales'] as const;
export type AwayMode = (typeof AWAY_MODES)[number];

export const awaySchema = z
  .strictObject(
    {
      mode: z.enum(AWAY_MODES, { error: SHOP_SETTINGS_MESSAGES.away }),
      until: z.nullable(isoDate(SHOP_SETTINGS_MESSAGES.awayUntil)),
      message: z
        .string({ error: SHOP_SETTINGS_MESSAGES.awayMessage })
        .check(
          z.maxLength(SHOP_SETTINGS_LIMITS.awayMessageMax, { error: SHOP_SETTINGS_MESSAGES.awayMessage }),
          z.refine(isFreeText, { error: SHOP_SETTINGS_MESSAGES.awayMessage }),
        ),
    },
    { error: SHOP_SETTINGS_MESSAGES.away },
  )
  .check(
    z.refine((a) => a.mode === 'off' || a.until !== null, { error: SHOP_SETTINGS_MESSAGES.awayUntilMissing }),
  );
export type AwaySettings = z.infer<typeof awaySchema>;

export const announcementSchema = z.strictObject(
  {
    text: z.string({ error: SHOP_SETTINGS_MESSAGES.announcementText }).check(
      z.maxLength(SHOP_SETTINGS_LIMITS.announcementMax, { error: SHOP_SETTINGS_MESSAGES.announcementText }),
      z.refine(isSingleLineText, { error: SHOP_SETTINGS_MESSAGES.announcementText }),
      z.refine((t) => !/[<>]/.test(t), { error: SHOP_SETTINGS_MESSAGES.announcementText }),
    ),
    enabled: z.boolean({ error: SHOP_SETTINGS_MESSAGES.announcement }),
  },
  { error: SHOP_SETTINGS_MESSAGES.announcement },
);
export type AnnouncementSettings = z.infer<typeof announcementSchema>;

const socialUrl = z.string({ error: SHOP_SETTINGS_MESSAGES.socialUrl }).check(
  z.maxLength(SHOP_SETTINGS_LIMITS.socialUrlMax, { error: SHOP_SETTINGS_MESSAGES.socialUrl }),
  z.refine((t) => t === '' || /^https:\/\/[^\s/<>"']+\.[^\s<>"']+$/.test(t), {
    error: SHOP_SETTINGS_MESSAGES.socialUrl,
  }),
);

/** The footer's links to the shop's pages elsewhere (docs/product/desk.md §10.11); an empty one is not shown. */
export const socialSchema = z.strictObject(
  { instagram: socialUrl, facebook: socialUrl, pinterest: socialUrl },
  { error: SHOP_SETTINGS_MESSAGES.social },
);
export type SocialSettings = z.infer<typeof socialSchema>;

/** Everything GET /api/admin/settings answers (capacity and early bird as before, then the rest). */
export const allSettingsSchema = z.object({
  ...shopSettingsSchema.shape,
  seller: sellerSettingsSchema,
  shipping: shippingSettingsSchema,
  closures: closuresSchema,
  workingDays: workingDaysSchema,
  christmasLastOrder: christmasLastOrderSchema,
  away: awaySchema,
  announcement: announcementSchema,
  social: socialSchema,
  /** The VAT mode (docs/product/vat.md §20); `vat.vatNumber` is `seller.vatNumber`. */
  vat: vatSettingsSchema,
  /** When any setting last changed (ISO instant); the PATCH's `updatedAt` is compared with it. */
  updatedAt: z.string(),
  /**
   * When a setting the legal pages show (the seller, the shipping zones) last changed (ISO instant);
   * absent or null: never saved. Their "Last updated" date follows it.
   */
  legalUpdatedAt: z.optional(z.nullable(z.string())),
});
export type AllSettings = z.infer<typeof allSettingsSchema>;
export type OwnerSettings = Omit<AllSettings, 'updatedAt' | 'legalUpdatedAt'>;
export type OwnerSettingName = keyof OwnerSettings;
export type { ShopSettings };

export const OWNER_SETTING_NAMES = [
  'makingCapacityPerDay',
  'earlyBird',
  'seller',
  'shipping',
  'closures',
  'workingDays',
  'christmasLastOrder',
  'away',
  'announcement',
  'social',
  'vat',
] as const satisfies readonly OwnerSettingName[];

/** The schema each stored row is read with. */
export const SETTING_SCHEMAS = {
  seller: sellerSettingsSchema,
  shipping: shippingSettingsSchema,
  closures: closuresSchema,
  workingDays: workingDaysSchema,
  christmasLastOrder: christmasLastOrderSchema,
  away: awaySchema,
  announcement: announcementSchema,
  social: socialSchema,
  vat: vatSettingsSchema,
} as const;

/** PATCH /api/admin/settings: any top-level key, each replaced whole; `updatedAt` guards a stale save. */
export const allSettingsPatchSchema = z
  .strictObject({
    ...settingsPatchSchema.def.shape,
    /**
     * Any of the seller's values: those given replace the stored ones (`{ seller: { eori } }` sets the
     * EORI number alone), the others stay.
     */
    seller: z.optional(z.partial(sellerSettingsSchema)),
    shipping: z.optional(shippingSettingsSchema),
    closures: z.optional(closuresSchema),
    workingDays: z.optional(workingDaysSchema),
    christmasLastOrder: z.optional(christmasLastOrderSchema),
    away: z.optional(awaySchema),
    announcement: z.optional(announcementSchema),
    social: z.optional(socialSchema),
    vat: z.optional(vatSettingsPatchSchema),
    updatedAt: z.optional(
      z
        .string({ error: SHOP_SETTINGS_MESSAGES.updatedAt })
        .check(z.refine((t) => !Number.isNaN(Date.parse(t)), { error: SHOP_SETTINGS_MESSAGES.updatedAt })),
    ),
  })
  .check(
    z.refine((patch) => Object.keys(patch).some((key) => key !== 'updatedAt'), {
      error: SETTINGS_MESSAGES.nothingToChange,
    }),
  );
export type AllSettingsPatch = z.infer<typeof allSettingsPatchSchema>;

export const allSettingsResponseSchema = z.object({ ok: z.literal(true), settings: allSettingsSchema });

/** The first start's values: today's constants and the environment (README: "first start's defaults"). */
export interface SettingsDefaultsInput {
  readonly makingCapacityPerDay: number;
  readonly earlyBird: ShopSettings['earlyBird'];
  readonly seller: { name: string; address: string; vatNumber: string | null; vatRate: number };
  readonly ownerEmail: string;
  readonly closedDates: ClosedDates;
}

export { DEFAULT_ANNOUNCEMENT_ENABLED, DEFAULT_ANNOUNCEMENT_TEXT, pausedSalesMessage, shippingRates };

/** The first start's zones as settings (their countries a list the desk may edit). */
export const SEEDED_ZONES: readonly ShippingZoneSetting[] = SEEDED_STOREFRONT_ZONES.map((zone) => ({
  ...zone,
  countries: [...zone.countries],
}));

export function settingsDefaults(input: SettingsDefaultsInput): OwnerSettings {
  return {
    makingCapacityPerDay: input.makingCapacityPerDay,
    earlyBird: input.earlyBird,
    seller: {
      name: input.seller.name,
      address: input.seller.address,
      email: BRAND.contactEmail,
      orderEmail: input.ownerEmail,
      vatNumber: input.seller.vatNumber,
      vatRate: input.seller.vatRate,
    },
    shipping: { zones: SEEDED_ZONES.map((zone) => ({ ...zone, countries: [...zone.countries] })) },
    closures: (input.closedDates ?? NO_CLOSURES).map((c) => ({
      from: c.from,
      to: c.to,
      reason: DEFAULT_CLOSURE_REASON,
    })),
    workingDays: [1, 2, 3, 4, 5],
    christmasLastOrder: null,
    away: { mode: 'off', until: null, message: '' },
    announcement: { text: DEFAULT_ANNOUNCEMENT_TEXT, enabled: DEFAULT_ANNOUNCEMENT_ENABLED },
    social: NO_SOCIAL_LINKS,
    vat: defaultVatSettings(input.seller.vatNumber),
  };
}

/** What the e-mails and pages call a zone: the owner's name for it, the first start's once she removed it. */
export function zoneNameOf(shipping: ShippingSettings, zone: ZoneId): string {
  return currentZone(shipping, zone)?.name ?? SHIPPING_ZONES[zone].label;
}

/** The zone a checkout to `zone` is priced with now; null when the owner removed it. */
export function currentZone(shipping: ShippingSettings, zone: ZoneId): ShippingZoneSetting | null {
  return shipping.zones.find((z) => z.id === zone) ?? null;
}

/** What the storefront may know (GET /api/settings/public): nothing private (no order e-mail). */
export const publicSettingsSchema = z.object({
  seller: z.object({
    name: z.string(),
    address: z.string(),
    email: z.string(),
    vatNumber: z.nullable(z.string()),
    vatRate: z.number(),
    usDutyPercent: z.optional(z.number()),
  }),
  shipping: shippingSettingsSchema,
  closures: closuresSchema,
  workingDays: workingDaysSchema,
  christmasLastOrder: christmasLastOrderSchema,
  away: awaySchema,
  announcement: announcementSchema,
  social: socialSchema,
  updatedAt: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export function publicSettings(all: AllSettings): PublicSettings {
  const { orderEmail: _private, ...seller } = all.seller;
  return {
    seller,
    shipping: all.shipping,
    closures: all.closures,
    workingDays: all.workingDays,
    christmasLastOrder: all.christmasLastOrder,
    away: all.away,
    announcement: all.announcement,
    social: all.social,
    updatedAt: all.updatedAt,
  };
}

export const publicSettingsResponseSchema = z.object({ ok: z.literal(true), settings: publicSettingsSchema });

// ------------------------------------------------------------------------------------------ answers
// Plain shapes, no checks: the server writes the settings as they are stored with these, so a value saved
// under an earlier rule still goes out (the strict schemas above are for what the owner sends). Only the
// fields named here leave: the public answer's seller has no order e-mail.

const sellerAnswerShape = {
  name: z.string(),
  address: z.string(),
  email: z.string(),
  vatNumber: z.nullable(z.string()),
  vatRate: z.number(),
  /** What US shoppers are told customs collect (docs/product/customs.md §21.4); absent: the default. */
  usDutyPercent: z.optional(z.number()),
};

const storefrontAnswerShape = {
  shipping: z.object({
    zones: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        countries: z.array(z.string()),
        price: z.number(),
        freeFrom: z.nullable(z.number()),
      }),
    ),
  }),
  closures: z.array(z.object({ from: z.string(), to: z.string(), reason: z.string() })),
  workingDays: z.array(z.number()),
  christmasLastOrder: z.nullable(z.string()),
  away: z.object({ mode: z.string(), until: z.nullable(z.string()), message: z.string() }),
  announcement: z.object({ text: z.string(), enabled: z.boolean() }),
  social: z.object({ instagram: z.string(), facebook: z.string(), pinterest: z.string() }),
  updatedAt: z.string(),
};

/** GET /api/settings/public as the server writes it. */
export const publicSettingsAnswerSchema = z.object({
  ok: z.literal(true),
  settings: z.object({ seller: z.object(sellerAnswerShape), ...storefrontAnswerShape }),
});

/** GET and PATCH /api/admin/settings as the server writes them. */
export const allSettingsAnswerSchema = z.object({
  ok: z.literal(true),
  settings: z.object({
    makingCapacityPerDay: z.number(),
    earlyBird: z.nullable(z.object({ percent: z.number(), minPieces: z.number(), until: z.string() })),
    seller: z.object({
      ...sellerAnswerShape,
      orderEmail: z.string(),
      eori: z.optional(z.nullable(z.string())),
    }),
    ...storefrontAnswerShape,
    vat: z.object({
      mode: z.string(),
      vatNumber: z.nullable(z.string()),
      gb: z.string(),
      ukVatNumber: z.nullable(z.string()),
    }),
  }),
});

/** GET /api/admin/settings/history: each setting's changes, newest first. */
export const settingsHistoryResponseSchema = z.object({
  ok: z.literal(true),
  history: z.record(z.string(), z.array(z.object({ at: z.string(), detail: z.nullable(z.string()) }))),
});

/** A checkout to a zone the owner removed: the 400 names it. */
export function zoneClosedMessage(zone: ZoneId): string {
  return `zone: the shop no longer ships to ${SHIPPING_ZONES[zone].label} (${zone})`;
}
