/**
 * The owner's VAT mode (docs/product/vat.md §20), the `vat` key of the settings: not registered, registered
 * in Ireland, or registered for OSS (the Union scheme); what the shop does for Great Britain; her UK VAT
 * number when she charges UK VAT. `vatNumber` is the seller's VAT number, the one value `seller.vatNumber`
 * holds: the settings answer it under both names, and a change under either changes both.
 */
import * as z from 'zod/mini';
import { GB_CHOICES, type GbChoice, VAT_MODES, type VatMode } from './vat-breakdown';

export const VAT_SETTINGS_MESSAGES = {
  vat: "vat: give mode ('none', 'ireland' or 'oss') and gb ('no_sale' or 'uk_vat')",
  mode: "vat.mode: the VAT mode is 'none' (not registered), 'ireland' (registered in Ireland) or 'oss' (registered for OSS)",
  gb: "vat.gb: for Great Britain choose 'no_sale' (do not sell there) or 'uk_vat' (charge UK VAT)",
  vatNumber:
    'vat.vatNumber: a registered shop needs its Irish VAT number, IE and 8 or 9 letters or digits (IE1234567T)',
  ukVatNumber:
    'vat.ukVatNumber: charging UK VAT needs the UK VAT number, GB and 9 or 12 digits (GB123456789)',
} as const;

/** Irish VAT numbers: IE, seven digits and one or two letters (or the older digit-letter-five-digits-letter). */
export const IRISH_VAT_NUMBER = /^IE[0-9][0-9A-Z+*][0-9]{5}[A-Z]{1,2}$/;
export const UK_VAT_NUMBER = /^GB([0-9]{9}|[0-9]{12})$/;

export interface VatSettings {
  readonly mode: VatMode;
  /** The seller's VAT number (`seller.vatNumber`); null: none. */
  readonly vatNumber: string | null;
  readonly gb: GbChoice;
  readonly ukVatNumber: string | null;
}

const mode = z.enum(VAT_MODES, { error: VAT_SETTINGS_MESSAGES.mode });
const gb = z.enum(GB_CHOICES, { error: VAT_SETTINGS_MESSAGES.gb });
const irishNumber = z.nullable(
  z
    .string({ error: VAT_SETTINGS_MESSAGES.vatNumber })
    .check(z.regex(IRISH_VAT_NUMBER, { error: VAT_SETTINGS_MESSAGES.vatNumber })),
);
const ukNumber = z.nullable(
  z
    .string({ error: VAT_SETTINGS_MESSAGES.ukVatNumber })
    .check(z.regex(UK_VAT_NUMBER, { error: VAT_SETTINGS_MESSAGES.ukVatNumber })),
);

/** The stored row (and the answer): all four, the number as it was when saved. */
export const vatSettingsSchema = z.strictObject(
  { mode, vatNumber: z.nullable(z.string()), gb, ukVatNumber: z.nullable(z.string()) },
  { error: VAT_SETTINGS_MESSAGES.vat },
);

/** What the owner sends: mode and gb, and the numbers when they change. */
export const vatSettingsPatchSchema = z
  .strictObject(
    { mode, vatNumber: z.optional(irishNumber), gb, ukVatNumber: z.optional(ukNumber) },
    { error: VAT_SETTINGS_MESSAGES.vat },
  )
  .check(
    z.refine((v) => v.gb !== 'uk_vat' || (v.ukVatNumber !== undefined && v.ukVatNumber !== null), {
      error: VAT_SETTINGS_MESSAGES.ukVatNumber,
      path: ['ukVatNumber'],
    }),
  );
export type VatSettingsPatch = z.infer<typeof vatSettingsPatchSchema>;

/** The first start's mode, and an upgraded shop's: registered in Ireland once she has a number. */
export function defaultVatSettings(vatNumber: string | null): VatSettings {
  return { mode: vatNumber === null ? 'none' : 'ireland', vatNumber, gb: 'no_sale', ukVatNumber: null };
}

/**
 * The settings as the shop applies them: the seller's number is the one value; without a number the
 * shop is not registered whatever the stored mode says (a number removed under `seller`).
 */
export function effectiveVatSettings(stored: VatSettings | null, vatNumber: string | null): VatSettings {
  if (stored === null) return defaultVatSettings(vatNumber);
  return { ...stored, vatNumber, mode: vatNumber === null ? 'none' : stored.mode };
}

/**
 * The saved value of a PATCH over the current settings, or the message naming the refused field: a
 * registered mode needs an Irish number (sent now or held already).
 */
export function nextVatSettings(
  patch: VatSettingsPatch,
  current: VatSettings,
): { ok: true; value: VatSettings } | { ok: false; error: string } {
  const vatNumber = patch.vatNumber === undefined ? current.vatNumber : patch.vatNumber;
  if (patch.mode !== 'none' && (vatNumber === null || !IRISH_VAT_NUMBER.test(vatNumber))) {
    return { ok: false, error: VAT_SETTINGS_MESSAGES.vatNumber };
  }
  const ukVatNumber = patch.ukVatNumber === undefined ? current.ukVatNumber : patch.ukVatNumber;
  return { ok: true, value: { mode: patch.mode, vatNumber, gb: patch.gb, ukVatNumber } };
}
